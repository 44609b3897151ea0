/**
 * Play sessions and their daily rollups, written where the play data arrives: a
 * batch of plays starts sessions (in the batch's own transaction, by the database
 * function count_plays of migrations/Migration20261129030000_play_batch_functions.ts),
 * play-time reports extend them, the SDK's game over
 * completes them. Every write moves the session and its game's row for the
 * session's start day (game_daily_sessions) together, under the shared stats
 * lock (games/stats-lock.ts), so a rebuild (rollups.ts) never misses one.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlIn } from '../../db/sql';

/** A play-time report or game over this long after a session's last sign of play starts no new one and extends none. */
export const SESSION_IDLE_MINUTES = 30;

/**
 * The visitor's latest session of the game under any of their keys (visitors/identity.ts
 * sessionKeysOf), if it is still going (seen within SESSION_IDLE_MINUTES).
 */
const CURRENT_SESSION = `(select id from play_sessions
   where visitor_key = any(?::text[]) and game_id = ? and ended_at > now() - interval '${SESSION_IDLE_MINUTES} minutes'
   order by started_at desc limit 1)`;

/** Visitor keys are `u:<digits>` or a letter and a hex digest: nothing to escape inside the quotes. */
function keyArray(keys: readonly string[]): string {
  return `{${keys.map((key) => `"${key}"`).join(',')}}`;
}

/**
 * Adds reported seconds of play to the visitor's current session of the game and
 * moves its end to now. Returns whether there was one (a report with no session
 * going, e.g. after a long pause, adds to no session).
 */
export async function extendSession(tx: EntityManager, visitorKeys: readonly string[], gameId: number, seconds: number): Promise<boolean> {
  const rows = await sqlIn<{ game_id: number }>(
    tx,
    `with extended as (
       update play_sessions set seconds = seconds + ?, ended_at = greatest(ended_at, now())
        where id = ${CURRENT_SESSION}
       returning game_id, (started_at at time zone 'UTC')::date as day
     )
     update game_daily_sessions d set session_seconds = d.session_seconds + ?
       from extended e where d.game_id = e.game_id and d.day = e.day
     returning d.game_id`,
    [seconds, keyArray(visitorKeys), gameId, seconds],
  );
  return rows.length > 0;
}

/**
 * Marks the visitor's current session of the game completed (once: more rounds in
 * the same session count once). Returns whether a session was newly completed.
 */
export async function completeSession(tx: EntityManager, visitorKeys: readonly string[], gameId: number): Promise<boolean> {
  const rows = await sqlIn<{ game_id: number }>(
    tx,
    `with completed as (
       update play_sessions set completed_at = now(), ended_at = greatest(ended_at, now())
        where id = ${CURRENT_SESSION} and completed_at is null
       returning game_id, (started_at at time zone 'UTC')::date as day
     )
     update game_daily_sessions d set completions = d.completions + 1
       from completed c where d.game_id = c.game_id and d.day = c.day
     returning d.game_id`,
    [keyArray(visitorKeys), gameId],
  );
  return rows.length > 0;
}
