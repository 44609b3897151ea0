/**
 * Recomputes the session rollups from play_sessions, inside rebuildStats'
 * transaction (which holds the stats lock exclusively): the days the raw
 * sessions cover are recounted; earlier days keep their rows (the only record
 * once old sessions are gone), and first days are the earliest day played.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlIn } from '../../db/sql';

const FIRST_SESSION_DAY = `coalesce((select (min(started_at) at time zone 'UTC')::date from play_sessions), 'infinity'::date)`;

export async function rebuildSessionRollups(tx: EntityManager): Promise<{ sessions: number }> {
  await sqlIn(tx, `delete from game_player_days where day >= ${FIRST_SESSION_DAY}`);
  await sqlIn(tx, `delete from game_daily_sessions where day >= ${FIRST_SESSION_DAY}`);
  await sqlIn(
    tx,
    `insert into game_player_days (game_id, day, visitor_key)
       select distinct game_id, (started_at at time zone 'UTC')::date, visitor_key from play_sessions`,
  );
  const daily = await sqlIn<{ sessions: number }>(
    tx,
    `insert into game_daily_sessions (game_id, day, sessions, players, session_seconds, completions)
       select s.game_id, s.day, s.sessions, coalesce(p.players, 0), s.seconds, s.completions
         from (select game_id, (started_at at time zone 'UTC')::date as day, count(*)::int as sessions,
                      sum(seconds)::bigint as seconds, count(completed_at)::int as completions
                 from play_sessions group by 1, 2) s
         left join (select game_id, day, count(*)::int as players from game_player_days group by 1, 2) p
           on p.game_id = s.game_id and p.day = s.day
     returning sessions`,
  );
  await sqlIn(tx, 'delete from game_players');
  await sqlIn(
    tx,
    `insert into game_players (game_id, visitor_key, first_day)
       select game_id, visitor_key, min(day) from game_player_days group by 1, 2`,
  );
  return { sessions: daily.reduce((sum, row) => sum + row.sessions, 0) };
}
