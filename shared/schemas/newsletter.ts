/** The newsletter form and its confirm and unsubscribe links. */
import { z } from 'zod';
import { NEWSLETTER_STATUSES } from '../constants';
import { emailSchema } from './fields';

export const newsletterForm = z.object({ email: emailSchema });

/** The token of a newsletter link: 32 random bytes, base64url (tokens.ts `newToken`). */
export const newsletterTokenInput = z.object({
  token: z.string({ error: 'This link is not valid' }).trim().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid'),
});

/** The same answer whoever the address belongs to, so the form tells nobody who subscribed. */
export const newsletterOutput = z.object({ status: z.literal('confirmation_sent') });
export const newsletterTokenOutput = z.object({ email: z.string(), status: z.enum(NEWSLETTER_STATUSES) });
