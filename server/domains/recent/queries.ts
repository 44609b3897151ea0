/**
 * Every query the recent domain sends: what each account played (player_games). A play batch
 * moves its signed-in players' rows itself (record_plays, server/domains/games/plays.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';
import { sqlIn } from '../../db/sql';

/** Adds measured seconds of play to the account's row of the game (made if the play began signed out). */
export async function addPlayedSeconds(em: EntityManager, userId: number, gameId: number, seconds: number): Promise<void> {
  await queryOf(em)
    .insertInto('player_games')
    .values({ user_id: userId, game_id: gameId, last_played_at: sql`now()`, play_seconds: seconds })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'game_id']).doUpdateSet({ play_seconds: sql`player_games.play_seconds + excluded.play_seconds` }),
    )
    .execute();
}

/**
 * Merges a device's list of plays into the account's: published games only, each time taken as
 * the later of the two and never later than now (a device clock ahead of ours cannot pin a game first).
 */
export async function mergeDevicePlays(em: EntityManager, userId: number, plays: readonly { id: number; playedAt: string }[]): Promise<void> {
  if (plays.length === 0) return;
  await sqlIn(
    em,
    `insert into player_games (user_id, game_id, last_played_at)
       select ?, g.id, least(max(play.at), now())
         from unnest(?::int[], ?::timestamptz[]) as play(game_id, at) join games g on g.id = play.game_id and g.status = 'APPROVED'
        group by g.id
     on conflict (user_id, game_id) do update set last_played_at = greatest(player_games.last_played_at, excluded.last_played_at)`,
    [userId, `{${plays.map((play) => play.id).join(',')}}`, `{${plays.map((play) => `"${play.playedAt}"`).join(',')}}`],
  );
}

/** The account's published games, the latest played first, with its cloud save's time where it has one. */
export function recentlyPlayedRows(em: EntityManager, userId: number, limit: number) {
  return queryOf(em)
    .selectFrom('player_games as pg')
    .innerJoin('games as g', 'g.id', 'pg.game_id')
    .leftJoin('game_saves as s', (join) => join.onRef('s.user_id', '=', 'pg.user_id').onRef('s.game_id', '=', 'pg.game_id'))
    .select(['pg.game_id', 'pg.last_played_at', 'pg.play_seconds', 's.updated_at as saved_at'])
    .where('pg.user_id', '=', userId)
    .where('g.status', '=', 'APPROVED')
    .orderBy('pg.last_played_at', 'desc')
    .orderBy('pg.game_id', 'desc')
    .limit(limit)
    .execute();
}
