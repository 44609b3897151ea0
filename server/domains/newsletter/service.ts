import type { NewsletterStatus } from '../../../shared/constants';
import { NewsletterSubscription } from '../../../entities';
import type { Env } from '../../env';
import { sendAfterCommit, type Mail } from '../../mail/mailer';
import { hashToken, newToken } from '../auth/tokens';
import type { DomainContext } from '../context';
import { Conflict, NotFound } from '../errors';
import { text, translate } from '../../i18n/translate';
import { localizedPath } from '../../../src/i18n/addresses';
import type { Locale } from '../../../src/i18n/locales';

/** The mail's links open the pages in the language it is written in. */
function links(env: Env, token: string, locale: Locale): { confirm: string; unsubscribe: string } {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    confirm: `${env.PUBLIC_URL}${localizedPath(locale, '/newsletter/confirm')}?${query}`,
    unsubscribe: `${env.PUBLIC_URL}${localizedPath(locale, '/newsletter/unsubscribe')}?${query}`,
  };
}

/** In the language of the page the sign-up came from. */
function confirmationMail(env: Env, email: string, token: string, alreadyConfirmed: boolean, locale: Locale): Mail {
  const values = links(env, token, locale);
  const which = alreadyConfirmed ? 'already' : 'confirm';
  return {
    to: email,
    subject: translate(locale, `mail.newsletter.${which}.subject`),
    text: translate(locale, `mail.newsletter.${which}.text`, values),
    secret: true,
  };
}

/**
 * Step 1 of the double opt-in. Whatever the address's state, the answer is the same (and the
 * mail is not waited for), so the form tells nobody who subscribed. Each sign-up issues a new
 * link token, stored hashed; the mail goes out after the commit and a failure is only logged.
 */
export async function subscribe(ctx: DomainContext, email: string): Promise<{ status: 'confirmation_sent' }> {
  const token = newToken();
  const tokenHash = hashToken(token);
  let subscription = await ctx.em.findOne(NewsletterSubscription, { email });
  const alreadyConfirmed = subscription?.status === 'CONFIRMED';
  if (!subscription) {
    subscription = ctx.em.create(NewsletterSubscription, { email, status: 'PENDING', tokenHash });
  } else {
    subscription.tokenHash = tokenHash;
    if (subscription.status === 'UNSUBSCRIBED') {
      subscription.status = 'PENDING';
      subscription.unsubscribedAt = null;
    }
  }
  await ctx.em.flush();
  void sendAfterCommit(ctx.services.mailer, confirmationMail(ctx.services.env, email, token, alreadyConfirmed, ctx.locale), 'A newsletter confirmation');
  return { status: 'confirmation_sent' };
}

async function requireSubscription(ctx: DomainContext, token: string): Promise<NewsletterSubscription> {
  const subscription = await ctx.em.findOne(NewsletterSubscription, { tokenHash: hashToken(token) });
  if (!subscription) throw new NotFound(text('newsletter.linkNotValid'));
  return subscription;
}

/** Step 2: the mailed link. Confirming twice is fine; after an unsubscribe it needs a new sign-up. */
export async function confirmSubscription(ctx: DomainContext, token: string): Promise<{ email: string; status: NewsletterStatus }> {
  const subscription = await requireSubscription(ctx, token);
  if (subscription.status === 'UNSUBSCRIBED') throw new Conflict(text('newsletter.unsubscribed'));
  if (subscription.status === 'PENDING') {
    subscription.status = 'CONFIRMED';
    subscription.confirmedAt = new Date();
    await ctx.em.flush();
  }
  return { email: subscription.email, status: subscription.status };
}

/** The unsubscribe link works whether or not the sign-up was confirmed, and more than once. */
export async function unsubscribe(ctx: DomainContext, token: string): Promise<{ email: string; status: NewsletterStatus }> {
  const subscription = await requireSubscription(ctx, token);
  if (subscription.status !== 'UNSUBSCRIBED') {
    subscription.status = 'UNSUBSCRIBED';
    subscription.unsubscribedAt = new Date();
    await ctx.em.flush();
  }
  return { email: subscription.email, status: subscription.status };
}
