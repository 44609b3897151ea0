import type { EntityManager } from '@mikro-orm/postgresql';
import { linkVisitorToAccount } from '../visitors/identity';
import { SESSION_TTL_DAYS } from '../../../shared/constants';
import type { LoginAnswer, User as UserOutput } from '../../../shared/schemas';
import { AuditLog, AuthSession, User } from '../../../entities';
import type { Env } from '../../env';
import type { Mail } from '../../mail/mailer';
import type { DomainContext } from '../context';
import { CODE_TTL_MS, consumeChallenge, openChallenge } from './codes';
import { upsertSignedInUser } from './queries';
import { hashToken, newToken } from './tokens';
import { Forbidden } from '../errors';
import { localizedPath } from '../../../src/i18n/addresses';
import { DEFAULT_LOCALE, type Locale } from '../../../src/i18n/locales';
import { text, translate } from '../../i18n/translate';

/** What a blocked account is told when it signs in or writes (in the caller's language: BLOCKED_TEXT). */
export const BLOCKED_TEXT = text('auth.blocked');
export const BLOCKED_MESSAGE = BLOCKED_TEXT.in('en');

const DAY_MS = 24 * 60 * 60 * 1000;

export function toUserOutput(user: User): UserOutput {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

/** "ada.lovelace@example.com" → "Ada Lovelace". */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email;
  const words = local.split(/[._+-]+/).filter(Boolean);
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
  return (name || local).slice(0, 80);
}

/**
 * Signs a user in by e-mail (creating the account on first sign-in) and opens a
 * session. ADMIN comes only from ADMIN_EMAILS or `npm run user:promote`. The sign-in's
 * language is remembered for the mails sent to the account later.
 */
export async function signIn(
  em: EntityManager,
  email: string,
  adminEmails: readonly string[],
  locale: Locale | null = null,
): Promise<{ user: UserOutput; token: string; expiresAt: Date }> {
  return em.transactional(async (tx) => {
    const { id, blocked_at } = await upsertSignedInUser(tx, {
      email,
      name: nameFromEmail(email),
      role: adminEmails.includes(email) ? 'ADMIN' : 'USER',
      locale,
    });
    // Thrown inside the transaction: a blocked account's sign-in leaves nothing behind.
    if (blocked_at !== null) throw new Forbidden(BLOCKED_TEXT);
    const user = await tx.findOneOrFail(User, { id });
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * DAY_MS);
    tx.create(AuthSession, { user, tokenHash: hashToken(token), expiresAt });
    await tx.flush();
    return { user: toUserOutput(user), token, expiresAt };
  });
}

/** Admin accounts always need the code, whatever AUTH_EMAIL_VERIFICATION says. */
async function isAdminAccount(em: EntityManager, email: string, adminEmails: readonly string[]): Promise<boolean> {
  if (adminEmails.includes(email)) return true;
  return (await em.count(User, { email, role: 'ADMIN' })) > 0;
}

/** The sign-in mail, in the language of the page that asked for it; its link opens that language's sign-in page. */
export function signInMail(env: Pick<Env, 'PUBLIC_URL'>, email: string, code: string, locale: Locale = DEFAULT_LOCALE): Mail {
  const link = `${env.PUBLIC_URL}${localizedPath(locale, '/signin')}?${new URLSearchParams({ email, code }).toString()}`;
  const values = { code: `${code.slice(0, 4)} ${code.slice(4)}`, minutes: CODE_TTL_MS / 60_000, link };
  return { to: email, subject: translate(locale, 'mail.signIn.subject', values), text: translate(locale, 'mail.signIn.text', values) };
}

/**
 * Step 1 of sign-in. Mails a code and answers the same thing whether or not the
 * account exists; the mail is not awaited, so the timing does not tell either.
 */
export async function requestSignIn(ctx: DomainContext, email: string): Promise<LoginAnswer> {
  const { env, mailer } = ctx.services;
  const needsCode = env.AUTH_EMAIL_VERIFICATION === 'on' || (await isAdminAccount(ctx.em, email, env.ADMIN_EMAILS));
  if (!needsCode) {
    const { user, token, expiresAt } = await signIn(ctx.em, email, env.ADMIN_EMAILS, ctx.statedLocale);
    await linkVisitorToAccount(ctx.em, ctx, user.id);
    ctx.cookies.setAuthCookie(token, expiresAt);
    return { user, token };
  }
  const code = await openChallenge(ctx.em, email, ctx.ip);
  mailer.send(signInMail(env, email, code, ctx.locale)).catch((error: unknown) => {
    console.error(`Sign-in mail could not be sent: ${error instanceof Error ? error.message : String(error)}`);
  });
  return { status: 'code_sent' };
}

/** Step 2: a correct code opens a session (creating the account on first sign-in); this browser's plays become the account's. */
export async function verifySignIn(ctx: DomainContext, email: string, code: string): Promise<{ user: UserOutput; token: string }> {
  await consumeChallenge(ctx.em, email, code);
  const { user, token, expiresAt } = await signIn(ctx.em, email, ctx.services.env.ADMIN_EMAILS, ctx.statedLocale);
  await linkVisitorToAccount(ctx.em, ctx, user.id);
  ctx.cookies.setAuthCookie(token, expiresAt);
  return { user, token };
}

export async function revokeAllSessions(em: EntityManager, userId: number): Promise<void> {
  await em.nativeUpdate(AuthSession, { user: userId, revokedAt: null }, { revokedAt: new Date() });
}

export async function revokeSession(em: EntityManager, sessionId: number): Promise<void> {
  await em.nativeUpdate(AuthSession, { id: sessionId, revokedAt: null }, { revokedAt: new Date() });
}

export async function promoteUser(em: EntityManager, rawEmail: string): Promise<UserOutput> {
  const email = rawEmail.trim().toLowerCase();
  let user = await em.findOne(User, { email });
  if (!user) user = em.create(User, { email, name: nameFromEmail(email), role: 'ADMIN' });
  user.role = 'ADMIN';
  await em.flush();
  em.create(AuditLog, { actor: null, action: 'USER_PROMOTED', targetType: 'user', targetId: user.id, details: { email } });
  await em.flush();
  return toUserOutput(user);
}
