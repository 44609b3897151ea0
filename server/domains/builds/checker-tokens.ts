/**
 * Build checkers' tokens (issue #36). A token lets a checker claim checks and report verdicts
 * (server/http/checker-routes.ts), nothing else: no other route accepts it, and it names no user. Random, shown
 * once, stored as a SHA-256. Checkers on other machines get theirs from an admin
 * (POST /api/admin/checkers); the checker `npm start` runs gets one that lives in memory only,
 * for as long as the portal process.
 */
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';
import { hashToken } from '../auth/tokens';

/** So a leaked token is recognised for what it is (secret scanners, logs). */
const TOKEN_PREFIX = 'pfchk_';

export function newCheckerToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Who a checker is: one this process started (`local`), or one an admin made a token for. */
export type Checker = { kind: 'local' } | { kind: 'remote'; id: number; name: string };

/** The tokens of the checkers this process started, by hash. */
export class LocalCheckerTokens {
  private readonly hashes = new Set<string>();

  issue(): string {
    const token = newCheckerToken();
    this.hashes.add(hashToken(token));
    return token;
  }

  has(tokenHash: string): boolean {
    return this.hashes.has(tokenHash);
  }
}

export type CheckerTokenRow = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

export async function createCheckerToken(em: EntityManager, name: string): Promise<CheckerTokenRow & { token: string }> {
  const token = newCheckerToken();
  const row = await queryOf(em)
    .insertInto('checker_tokens')
    .values({ name, token_hash: hashToken(token), created_at: new Date() } as never)
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, createdAt: iso(row.created_at)!, lastUsedAt: null, token };
}

/** Tokens that still work, the newest first. */
export async function listCheckerTokens(em: EntityManager): Promise<CheckerTokenRow[]> {
  const rows = await queryOf(em)
    .selectFrom('checker_tokens')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: iso(row.created_at)!, lastUsedAt: iso(row.last_used_at) }));
}

/** Answers whether a working token had this id. */
export async function revokeCheckerToken(em: EntityManager, id: number): Promise<boolean> {
  const result = await queryOf(em)
    .updateTable('checker_tokens')
    .set({ revoked_at: new Date() } as never)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The checker a working token belongs to (and notes it was used), or null. */
export async function checkerOfToken(em: EntityManager, local: LocalCheckerTokens, token: string): Promise<Checker | null> {
  const tokenHash = hashToken(token);
  if (local.has(tokenHash)) return { kind: 'local' };
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const { rows } = await sql<{ id: number; name: string }>`
    update checker_tokens set last_used_at = now()
    where token_hash = ${tokenHash} and revoked_at is null
    returning id, name`.execute(queryOf(em));
  const row = rows[0];
  return row ? { kind: 'remote', id: row.id, name: row.name } : null;
}
