/**
 * API keys of the public API (/api/v1): a developer makes, lists and revokes their own. A key is
 * random (`pf_live_` and 32 base62 characters, about 190 bits), shown once when made and stored
 * only as its SHA-256; its first characters (the prefix) name it in lists.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PUBLIC_API } from '../../../shared/constants';
import type { ApiKeyInfo, CreatedApiKey } from '../../../shared/schemas';
import { queryOf } from '../../db/kysely';
import type { SessionUser } from '../auth/service';
import { hashToken } from '../auth/tokens';
import type { AuthedContext } from '../context';
import { Conflict, NotFound } from '../errors';

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
    const query = queryOf(tx);
    // Serialises one account's key creations, so two at once cannot both pass the count.
    await sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${ctx.user.id}`}))`.execute(query);
    const active = await query
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', ctx.user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(active.count) >= PUBLIC_API.keysPerUser) {
      throw new Conflict(`You already have ${PUBLIC_API.keysPerUser} API keys: revoke one before making another`);
    }
    const row = await query
      .insertInto('api_keys')
      .values({ user_id: ctx.user.id, key_hash: hashToken(key), prefix, created_at: sql`now()` })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, key, prefix, createdAt: new Date(row.created_at as unknown as string).toISOString() };
  });
}

/** The caller's keys that still work, the newest first. */
export async function listApiKeys(ctx: AuthedContext): Promise<ApiKeyInfo[]> {
  const rows = await queryOf(ctx.em)
    .selectFrom('api_keys')
    .select(['id', 'prefix', 'created_at', 'last_used_at'])
    .where('user_id', '=', ctx.user.id)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, prefix: row.prefix, createdAt: isoOrNull(row.created_at)!, lastUsedAt: isoOrNull(row.last_used_at) }));
}

/** Revokes one of the caller's keys; someone else's key, or one already revoked, is a 404. */
export async function revokeApiKey(ctx: AuthedContext, id: number): Promise<void> {
  const result = await queryOf(ctx.em)
    .updateTable('api_keys')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', ctx.user.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFound('API key not found');
}

/** The owner of a working key, with the key's id; null for anything else. Notes when the key was last used. */
export async function findApiKeyUser(em: EntityManager, key: string): Promise<{ user: SessionUser; apiKeyId: number } | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length !== API_KEY_PREFIX.length + KEY_LENGTH) return null;
  const query = queryOf(em);
  const row = await query
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id as key_id', 'k.last_used_at', 'u.id', 'u.name', 'u.email', 'u.role', 'u.blocked_at'])
    .where('k.key_hash', '=', hashToken(key))
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.last_used_at === null || Date.now() - new Date(row.last_used_at as unknown as string).getTime() > LAST_USED_GRANULARITY_MS) {
    await query.updateTable('api_keys').set({ last_used_at: sql`now()` }).where('id', '=', row.key_id).execute();
  }
  // A key is not a session: sessionId 0 matches no session, so nothing done with a key can sign anyone out.
  return {
    user: { id: row.id, name: row.name, email: row.email, role: row.role, sessionId: 0, blocked: row.blocked_at !== null },
    apiKeyId: row.key_id,
  };
}
