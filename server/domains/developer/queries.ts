/** Every query the developer domain sends itself (the games' rows are written through the ORM). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

/** Submissions whose titles make the same slug take turns until the transaction ends. */
export async function lockSlugChoice(tx: EntityManager, slug: string): Promise<void> {
  await queryOf(tx)
    .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`slug:${slug}`)])]).as('locked'))
    .execute();
}

/** Pending games' places in the queue (1 = next), the order of submission; only `gameIds` when given. */
export function pendingQueuePositions(em: EntityManager, gameIds?: readonly number[]) {
  return queryOf(em)
    .selectFrom((eb) =>
      eb
        .selectFrom('games')
        .select(['id', sql<number>`row_number() over (order by coalesce(submitted_at, created_at), id)::int`.as('position')])
        .where('status', '=', 'PENDING')
        .as('queue'),
    )
    .select(['queue.id', 'queue.position'])
    .$if(gameIds !== undefined, (query) => query.where('queue.id', 'in', gameIds!.length > 0 ? [...gameIds!] : [0]))
    .execute();
}

export async function pendingGameCount(em: EntityManager): Promise<number> {
  const row = await queryOf(em).selectFrom('games').select(sql<number>`count(*)::int`.as('count')).where('status', '=', 'PENDING').executeTakeFirstOrThrow();
  return row.count;
}

/** The median seconds from submission to decision of the games decided in the last `days` days, and how many. */
export function reviewTurnaround(em: EntityManager, days: number) {
  return queryOf(em)
    .selectFrom('games')
    .select([
      // The builder has no ordered-set aggregates (percentile_cont ... within group).
      sql<number | null>`(percentile_cont(0.5) within group (order by extract(epoch from reviewed_at - submitted_at)))::float8`.as('median'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .where('reviewed_at', '>=', sql<Date>`now() - ${days}::int * interval '1 day'`)
    .where('submitted_at', 'is not', null)
    .executeTakeFirstOrThrow();
}
