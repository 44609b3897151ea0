/**
 * Upkeep of the session rollups. `rebuildSessionRollups` recomputes them from
 * play_sessions inside rebuildStats' transaction (which holds the stats lock
 * exclusively): the days the raw sessions cover are recounted; earlier days keep
 * their rows (the only record once old sessions are pruned), and first days are
 * the earliest day played.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { sqlIn } from '../../db/sql';
import { UTC_TODAY } from '../games/stats-days';

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

/**
 * Deletes play sessions that started before the last `retentionDays` whole UTC days
 * (PLAY_EVENTS_RETENTION_DAYS, as for raw plays), a slice at a time; their days stay
 * in the rollups, which keep every figure. Returns how many were deleted.
 */
export async function prunePlaySessions(orm: MikroORM, retentionDays: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await orm.em.fork().getConnection().execute<{ id: number }[]>(
      `delete from play_sessions where id in (
         select id from play_sessions where started_at < (${UTC_TODAY} - ?)::timestamp at time zone 'UTC' limit 10000)
       returning id`,
      [retentionDays],
    );
    deleted += rows.length;
    if (rows.length < 10000) return deleted;
  }
}
