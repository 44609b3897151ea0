/** Every query the auth domain sends: accounts (users) and sessions (auth_sessions). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

/**
 * Creates the account on first sign-in, else records the sign-in; an account named in
 * ADMIN_EMAILS becomes ADMIN, no account loses ADMIN here. One statement, so simultaneous first
 * sign-ins with one e-mail make one account.
 */
/** `locale`: the language of the sign-in, remembered for the mails sent later (null: keep the one known). */
export function upsertSignedInUser(em: EntityManager, account: { email: string; name: string; role: 'ADMIN' | 'USER'; locale: string | null }) {
  return queryOf(em)
    .insertInto('users')
    .values({ ...account, created_at: sql`now()`, last_sign_in_at: sql`now()` })
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet({
        last_sign_in_at: sql`now()`,
        locale: sql`coalesce(excluded.locale, users.locale)`,
        role: sql`case when excluded.role = 'ADMIN' then 'ADMIN' else users.role end`,
      }),
    )
    .returning(['id', 'blocked_at'])
    .executeTakeFirstOrThrow();
}

/** The live (not revoked, not expired) session with this token hash, and its user. */
export function findLiveSession(em: EntityManager, tokenHash: string) {
  return queryOf(em)
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id as session_id', 's.last_used_at', 'u.id', 'u.name', 'u.email', 'u.role', 'u.blocked_at'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Marks the session used now and moves its expiry to `days` from now. */
export async function slideSession(em: EntityManager, sessionId: number, days: number): Promise<void> {
  await queryOf(em)
    .updateTable('auth_sessions')
    .set({ last_used_at: sql`now()`, expires_at: sql`now() + ${days}::int * interval '1 day'` })
    .where('id', '=', sessionId)
    .execute();
}
