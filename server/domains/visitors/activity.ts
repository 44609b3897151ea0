import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * How long a visitor's activity with a game is kept: past every window that reads
 * it (plays counting once in 10 minutes, playing now in 5, a score's play session).
 */
export const ACTIVITY_KEPT_MINUTES = 60;

/** Deletes activity nobody reads any more. */
export async function pruneVisitorActivity(orm: MikroORM): Promise<number> {
  const rows = await orm.em
    .fork()
    .getConnection()
    .execute<{ visitor_key: string }[]>(
      `delete from visitor_game_activity where seen_at < now() - interval '${ACTIVITY_KEPT_MINUTES} minutes' returning visitor_key`,
    );
  return rows.length;
}
