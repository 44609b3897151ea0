/**
 * API keys of the public API (/api/v1): a developer makes, lists and revokes their own. A key is
 * random (`pf_live_` and 32 base62 characters, about 190 bits), shown once when made and stored
 * only as its SHA-256; its first characters (the prefix) name it in lists.
 */
import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PUBLIC_API } from '../../../shared/constants';
import type { ApiKeyInfo, CreatedApiKey } from '../../../shared/schemas';
import type { SessionUser } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import type { AuthedContext } from '../context';
import { Conflict, NotFound } from '../errors';
import { activeKeysOf, countActiveKeys, findWorkingKey, insertKey, lockKeyCreation, markKeyUsed, revokeKey } from './queries';
import { text } from '../../i18n/translate';

export const API_KEY_PREFIX = 'pf_live_';
const KEY_LENGTH = 32;
/** What a key's list entry shows of it: enough to tell one's keys apart, far too little to guess the rest. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** last_used_at is written at most this often per key, so a busy key does not write on every call. */
const LAST_USED_GRANULARITY_MS = 60_000;

function newApiKey(): string {
  let key = API_KEY_PREFIX;
  for (let i = 0; i < KEY_LENGTH; i += 1) key += BASE62[randomInt(BASE62.length)];
  return key;
}

const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString());

export async function createApiKey(ctx: AuthedContext): Promise<CreatedApiKey> {
  const key = newApiKey();
  const prefix = key.slice(0, SHOWN_LENGTH);
  return ctx.em.fork().transactional(async (tx) => {
    // Serialises one account's key creations, so two at once cannot both pass the count.
    await lockKeyCreation(tx, ctx.user.id);
    if ((await countActiveKeys(tx, ctx.user.id)) >= PUBLIC_API.keysPerUser) {
      throw new Conflict(text('apiKeys.max', { max: PUBLIC_API.keysPerUser }));
    }
    const row = await insertKey(tx, { userId: ctx.user.id, keyHash: hashToken(key), prefix });
    return { id: row.id, key, prefix, createdAt: new Date(row.created_at as unknown as string).toISOString() };
  });
}

/** The caller's keys that still work, the newest first. */
export async function listApiKeys(ctx: AuthedContext): Promise<ApiKeyInfo[]> {
  const rows = await activeKeysOf(ctx.em, ctx.user.id);
  return rows.map((row) => ({ id: row.id, prefix: row.prefix, createdAt: isoOrNull(row.created_at)!, lastUsedAt: isoOrNull(row.last_used_at) }));
}

/** Revokes one of the caller's keys; someone else's key, or one already revoked, is a 404. */
export async function revokeApiKey(ctx: AuthedContext, id: number): Promise<void> {
  if (!(await revokeKey(ctx.em, ctx.user.id, id))) throw new NotFound(text('apiKeys.notFound'));
}

/** The owner of a working key, with the key's id; null for anything else. Notes when the key was last used. */
export async function findApiKeyUser(em: EntityManager, key: string): Promise<{ user: SessionUser; apiKeyId: number } | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length !== API_KEY_PREFIX.length + KEY_LENGTH) return null;
  const row = await findWorkingKey(em, hashToken(key));
  if (!row) return null;
  if (row.last_used_at === null || Date.now() - new Date(row.last_used_at as unknown as string).getTime() > LAST_USED_GRANULARITY_MS) {
    await markKeyUsed(em, row.key_id);
  }
  // A key is not a session: sessionId 0 matches no session, so nothing done with a key can sign anyone out.
  return {
    user: { id: row.id, name: row.name, email: row.email, role: row.role, sessionId: 0, blocked: row.blocked_at !== null },
    apiKeyId: row.key_id,
  };
}
