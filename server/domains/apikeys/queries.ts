/** Every query the API keys domain sends. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

/** Serialises one account's key creations until the transaction ends. */
export async function lockKeyCreation(tx: EntityManager, userId: number): Promise<void> {
  await queryOf(tx)
    .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`api-keys:${userId}`)])]).as('locked'))
    .execute();
}

/** How many of the account's keys still work. */
export async function countActiveKeys(em: EntityManager, userId: number): Promise<number> {
  const active = await queryOf(em)
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(active.count);
}

export function insertKey(em: EntityManager, key: { userId: number; keyHash: string; prefix: string }) {
  return queryOf(em)
    .insertInto('api_keys')
    .values({ user_id: key.userId, key_hash: key.keyHash, prefix: key.prefix, created_at: sql`now()` })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The account's keys that still work, the newest first. */
export function activeKeysOf(em: EntityManager, userId: number) {
  return queryOf(em)
    .selectFrom('api_keys')
    .select(['id', 'prefix', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes the key if it is the account's and still works; answers whether it did. */
export async function revokeKey(em: EntityManager, userId: number, id: number): Promise<boolean> {
  const result = await queryOf(em)
    .updateTable('api_keys')
    .set({ revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A working key by its hash, with its owner. */
export function findWorkingKey(em: EntityManager, keyHash: string) {
  return queryOf(em)
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id as key_id', 'k.last_used_at', 'u.id', 'u.name', 'u.email', 'u.role', 'u.blocked_at'])
    .where('k.key_hash', '=', keyHash)
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function markKeyUsed(em: EntityManager, keyId: number): Promise<void> {
  await queryOf(em).updateTable('api_keys').set({ last_used_at: sql`now()` }).where('id', '=', keyId).execute();
}
