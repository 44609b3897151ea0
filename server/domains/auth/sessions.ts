/**
 * The session lookup: who a sign-in token belongs to. Its own module so the domain context
 * (which resolves the caller with it) and the auth service (which opens sessions) both import it
 * without importing each other.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { SESSION_TTL_DAYS } from '../../../shared/constants';
import type { User as UserOutput } from '../../../shared/schemas';
import { findLiveSession, slideSession } from './queries';
import { hashToken } from './tokens';

/** `blocked`: the account was blocked after this session opened (blocking ends its sessions; see `authorize`). */
export type SessionUser = UserOutput & { sessionId: number; blocked: boolean };

/** Refresh a session's expiry (sliding) at most this often, to keep reads cheap. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;

/** The user behind a token, or null if it is unknown, revoked or expired. Slides the expiry. */
export async function findSessionUser(em: EntityManager, token: string): Promise<SessionUser | null> {
  if (token.length > 200) return null;
  const row = await findLiveSession(em, hashToken(token));
  if (!row) return null;
  if (Date.now() - new Date(row.last_used_at).getTime() > SLIDE_AFTER_MS) await slideSession(em, row.session_id, SESSION_TTL_DAYS);
  return { id: row.id, name: row.name, email: row.email, role: row.role, sessionId: row.session_id, blocked: row.blocked_at !== null };
}
