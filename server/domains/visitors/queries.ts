/** Every query the visitors domain sends: what a visitor key owns (play_events, visitor_game_activity). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

/** The visitor's plays not yet tied to an account become the account's. */
export async function assignVisitorPlays(em: EntityManager, visitorKey: string, userId: number): Promise<void> {
  await queryOf(em)
    .updateTable('play_events')
    .set({ user_id: userId })
    .where('visitor_key', '=', visitorKey)
    .where('user_id', 'is', null)
    .execute();
}

/** Copies the visitor's per-game activity to `toKey`, keeping the later of each time where both have a row. */
export async function copyGameActivity(em: EntityManager, fromKey: string, toKey: string): Promise<void> {
  await queryOf(em)
    .insertInto('visitor_game_activity')
    .columns(['visitor_key', 'game_id', 'counted_at', 'last_play_at', 'seen_at'])
    .expression((eb) =>
      eb
        .selectFrom('visitor_game_activity')
        .select([eb.val(toKey).as('visitor_key'), 'game_id', 'counted_at', 'last_play_at', 'seen_at'])
        .where('visitor_key', '=', fromKey),
    )
    .onConflict((conflict) =>
      conflict.columns(['visitor_key', 'game_id']).doUpdateSet({
        counted_at: sql`greatest(visitor_game_activity.counted_at, excluded.counted_at)`,
        last_play_at: sql`greatest(visitor_game_activity.last_play_at, excluded.last_play_at)`,
        seen_at: sql`greatest(visitor_game_activity.seen_at, excluded.seen_at)`,
      }),
    )
    .execute();
}

/** Deletes the activity rows not seen for `minutes`; answers how many. */
export async function deleteActivityOlderThan(em: EntityManager, minutes: number): Promise<number> {
  const result = await queryOf(em)
    .deleteFrom('visitor_game_activity')
    .where('seen_at', '<', sql<Date>`now() - ${minutes}::int * interval '1 minute'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
