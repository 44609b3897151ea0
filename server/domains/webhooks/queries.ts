/** Every query the webhooks domain sends beyond the entities' own reads and writes: webhooks, webhook_deliveries. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

/** Holds, until `tx` ends, the lock on one developer's webhook registrations. */
export async function lockRegistrations(tx: EntityManager, ownerId: number): Promise<void> {
  await queryOf(tx)
    .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`webhooks:${ownerId}`)])]).as('locked'))
    .execute();
}

/** Deletes delivered and failed deliveries created more than `days` ago; answers how many. */
export async function deleteFinishedDeliveries(em: EntityManager, days: number): Promise<number> {
  const result = await queryOf(em)
    .deleteFrom('webhook_deliveries')
    .where('status', '<>', 'PENDING')
    .where('created_at', '<', sql<Date>`now() - ${days}::int * interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Claims up to `limit` due deliveries for `leaseSeconds` (their next attempt moved past the
 * lease), skipping rows another process is claiming: several processes never claim one row.
 */
export function claimDueDeliveries(em: EntityManager, limit: number, leaseSeconds: number) {
  return queryOf(em)
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: sql`now() + ${leaseSeconds}::int * interval '1 second'` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'PENDING')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'webhook_id', 'event', 'body', 'attempts'])
    .execute();
}

/** Where and how to send to these webhooks (those deleted meanwhile are missing). */
export function findWebhookTargets(em: EntityManager, ids: readonly number[]) {
  return queryOf(em).selectFrom('webhooks').select(['id', 'url', 'secret']).where('id', 'in', ids).execute();
}

export type AttemptRecord = {
  attempts: number;
  responseCode: number | null;
  error: string | null;
  status: 'DELIVERED' | 'FAILED' | 'PENDING';
  /** Seconds until the next attempt, or null when none is due. */
  retryInSeconds: number | null;
};

/** Records an attempt's outcome on its delivery. */
export async function recordAttempt(em: EntityManager, id: number, record: AttemptRecord): Promise<void> {
  await queryOf(em)
    .updateTable('webhook_deliveries')
    .set({
      attempts: record.attempts,
      response_code: record.responseCode,
      last_error: record.error,
      last_attempt_at: sql`now()`,
      status: record.status,
      delivered_at: record.status === 'DELIVERED' ? sql`now()` : null,
      next_attempt_at: record.retryInSeconds === null ? null : sql`now() + ${record.retryInSeconds}::int * interval '1 second'`,
    })
    .where('id', '=', id)
    .execute();
}
