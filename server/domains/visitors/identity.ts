/**
 * Who a play, a heartbeat or a score comes from, so one person's plays count
 * once per PLAY_DEDUP_WINDOW, "playing now" counts people, and a score or a
 * rating can be tied to a real play. In order: the signed-in account; else the
 * browser's first-party visitor cookie (random, HttpOnly, SameSite=Lax, used for
 * nothing else); else the address and user agent. Keys other than accounts are
 * digests: the database never holds a visitor id, an address or a user agent.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import type { DomainContext } from '../context';
import { assignVisitorPlays, copyGameActivity } from './queries';

const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 40);
}

export function accountKey(userId: number): string {
  return `u:${userId}`;
}

/** The stored key of a visitor id (its digest). */
export function visitorIdKey(visitorId: string): string {
  return `v:${digest(visitorId)}`;
}

/** The visitor id the request carried, if it is one this portal could have issued. */
function sentVisitorId(ctx: DomainContext): string | null {
  const id = ctx.visitorId;
  return id !== null && VISITOR_ID.test(id) ? id : null;
}

/**
 * The caller's visitor key. A browser without a visitor cookie gets one for its
 * next requests; this request is keyed by its address and user agent, so a
 * client that drops cookies still counts as one visitor.
 */
export async function visitorKeyOf(ctx: DomainContext): Promise<string> {
  const user = await ctx.getUser();
  if (user) return accountKey(user.id);
  const visitorId = sentVisitorId(ctx);
  if (visitorId) return visitorIdKey(visitorId);
  ctx.cookies.setVisitorCookie(randomBytes(16).toString('base64url'));
  return `a:${digest(`${ctx.ip}\n${ctx.userAgent}`)}`;
}

/**
 * The caller's visitor key for a page view (server/domains/ads): as `visitorKeyOf`, except that a
 * browser without a visitor cookie is keyed by the cookie it is given now, so the impressions it
 * reports next (which carry the cookie) belong to the page view. A client that drops cookies
 * never reports for its own page views.
 */
export async function pageViewKeyOf(ctx: DomainContext): Promise<string> {
  const user = await ctx.getUser();
  if (user) return accountKey(user.id);
  const visitorId = sentVisitorId(ctx);
  if (visitorId) return visitorIdKey(visitorId);
  const issued = randomBytes(16).toString('base64url');
  ctx.cookies.setVisitorCookie(issued);
  return visitorIdKey(issued);
}

/**
 * The keys a play session of the caller may be under, most likely first: their
 * visitor key, and for a signed-in browser also its visitor cookie's (a session
 * started signed out keeps that key after the player signs in).
 */
export async function sessionKeysOf(ctx: DomainContext): Promise<string[]> {
  const key = await visitorKeyOf(ctx);
  const visitorId = sentVisitorId(ctx);
  return key.startsWith('u:') && visitorId ? [key, visitorIdKey(visitorId)] : [key];
}

/**
 * At sign-in: the plays this browser made signed out become the account's (they
 * unlock rating those games), and its recent activity carries over (a game in
 * progress can still post its score). Runs in the sign-in's transaction.
 */
export async function linkVisitorToAccount(em: EntityManager, ctx: DomainContext, userId: number): Promise<void> {
  const visitorId = sentVisitorId(ctx);
  if (!visitorId) return;
  const visitor = visitorIdKey(visitorId);
  const account = accountKey(userId);
  await assignVisitorPlays(em, visitor, userId);
  await copyGameActivity(em, visitor, account);
}
