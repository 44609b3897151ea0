import { newsletterForm, newsletterOutput, newsletterTokenInput, newsletterTokenOutput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS } from '../operation';
import { Conflict, NotFound } from '../errors';
import { confirmSubscription, subscribe, unsubscribe } from './service';

/** Tokens have 256 bits: the limit is against floods, not guessing. */
const linkLimit = { group: 'newsletter-link', perIp: 60, perAccount: 60, windowMs: HOUR_MS, account: () => null };

export const newsletterOperations = {
  subscribe: defineOperation({
    method: 'POST',
    path: '/newsletter',
    access: 'public',
    summary: 'Sign up for the newsletter: mails a confirmation link (double opt-in); the same answer for every address',
    tags: ['newsletter'],
    input: newsletterForm,
    output: newsletterOutput,
    successStatus: 202,
    rateLimit: { group: 'newsletter', perIp: 10, perAccount: 3, windowMs: HOUR_MS, account: ({ input }) => input.email },
    run: ({ ctx, input }) => subscribe(ctx, input.email),
  }),
  confirm: defineOperation({
    method: 'POST',
    path: '/newsletter/confirm',
    access: 'public',
    summary: "Confirm a newsletter sign-up with the mailed link's token",
    tags: ['newsletter'],
    input: newsletterTokenInput,
    output: newsletterTokenOutput,
    rateLimit: linkLimit,
    errors: [NotFound, Conflict],
    run: ({ ctx, input }) => confirmSubscription(ctx, input.token),
  }),
  unsubscribe: defineOperation({
    method: 'POST',
    path: '/newsletter/unsubscribe',
    access: 'public',
    summary: "Unsubscribe from the newsletter with the mailed link's token",
    tags: ['newsletter'],
    input: newsletterTokenInput,
    output: newsletterTokenOutput,
    rateLimit: linkLimit,
    errors: [NotFound],
    run: ({ ctx, input }) => unsubscribe(ctx, input.token),
  }),
};
