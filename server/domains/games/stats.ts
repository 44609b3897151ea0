/**
 * Play and rating statistics derived from the raw rows: games.plays,
 * games.trending_plays, game_daily_plays and the rating summaries. Batches of
 * plays keep them current as they arrive (plays.ts); `advanceTrendingWindow`
 * drops the days that leave the trending window; `rebuildStats` recomputes all
 * of it from play_events and ratings, and the session rollups from play_sessions
 * (after a bulk import, a restore or a fix). Both hold the stats lock exclusively
 * (stats-lock.ts); plays that arrive meanwhile are kept and counted right after.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { TRENDING_WINDOW_DAYS } from '../../../shared/constants';
import { prunePlaySessions, rebuildSessionRollups } from '../analytics/rollups';
import { pruneVisitorActivity } from '../visitors/activity';
import { sqlIn } from '../../db/sql';
import { countKeptPlays } from './plays';
import { TRENDING_WINDOW_START, UTC_TODAY } from './stats-days';
import { lockStatsExclusive } from './stats-lock';

const TRENDING_WATERMARK = 'trending-window';

/**
 * Brings games.trending_plays forward to today's window: only games with plays on
 * the days that left the window since the last move are recounted, each from at
 * most a window's worth of daily rows. Idempotent; any instance may run it.
 */
export async function advanceTrendingWindow(orm: MikroORM): Promise<{ gamesRecounted: number }> {
  const moved = await orm.em.fork().transactional(async (tx) => {
    // The cheap check first, without the lock: most minutes the window has not moved.
    const [due] = await sqlIn<{ behind: boolean }>(tx, `select coalesce((select day < ${UTC_TODAY} from stats_watermarks where name = ?), true) as behind`, [
      TRENDING_WATERMARK,
    ]);
    if (!due?.behind) return null;
    await lockStatsExclusive(tx);
    const [mark] = await sqlIn<{ behind: boolean; day: string }>(
      tx,
      `select day < ${UTC_TODAY} as behind, day::text as day from stats_watermarks where name = ?`,
      [TRENDING_WATERMARK],
    );
    if (mark && !mark.behind) return { gamesRecounted: 0 };
    // The days from the old window's first day to the day before the new one's left the window
    // (with no mark yet, every day before the window may have).
    const leftSince = mark ? `day >= ?::date - ${TRENDING_WINDOW_DAYS - 1} and` : '';
    const recounted = await sqlIn<{ id: number }>(
      tx,
      `update games g set trending_plays = coalesce(
          (select sum(d.plays)::int from game_daily_plays d where d.game_id = g.id and d.day >= ${TRENDING_WINDOW_START}), 0)
        where g.id in (select distinct game_id from game_daily_plays where ${leftSince} day < ${TRENDING_WINDOW_START})
        returning g.id`,
      mark ? [mark.day] : [],
    );
    await moveCountryWindow(tx);
    await sqlIn(
      tx,
      `insert into stats_watermarks (name, day) values (?, ${UTC_TODAY}) on conflict (name) do update set day = excluded.day`,
      [TRENDING_WATERMARK],
    );
    return { gamesRecounted: recounted.length };
  });
  if (moved === null) return { gamesRecounted: 0 };
  await countKeptPlays(orm);
  return moved;
}

/**
 * The countries' trending counts follow the window too: each (country, game) with plays on a day
 * that left it is recounted from the days still in it, and those days' rows are deleted (they
 * serve only the window; play_events keeps every play's country).
 */
async function moveCountryWindow(tx: EntityManager): Promise<void> {
  await sqlIn(
    tx,
    `update game_country_trending t set plays = coalesce(
        (select sum(d.plays)::int from game_country_daily_plays d
          where d.country = t.country and d.game_id = t.game_id and d.day >= ${TRENDING_WINDOW_START}), 0)
      where (t.country, t.game_id) in (select distinct country, game_id from game_country_daily_plays where day < ${TRENDING_WINDOW_START})`,
  );
  await sqlIn(tx, 'delete from game_country_trending where plays = 0');
  await sqlIn(tx, `delete from game_country_daily_plays where day < ${TRENDING_WINDOW_START}`);
}

/** Recounts the countries' trending rollups from the window's play events (their country as recorded). */
async function rebuildCountryTrending(tx: EntityManager): Promise<void> {
  await sqlIn(tx, 'delete from game_country_daily_plays');
  await sqlIn(
    tx,
    `insert into game_country_daily_plays (country, game_id, day, plays)
       select country, game_id, (created_at at time zone 'UTC')::date, count(*)::int from play_events
        where country is not null and created_at >= (${TRENDING_WINDOW_START})::timestamp at time zone 'UTC'
        group by 1, 2, 3`,
  );
  await sqlIn(tx, 'delete from game_country_trending');
  await sqlIn(
    tx,
    `insert into game_country_trending (country, game_id, plays)
       select country, game_id, sum(plays)::int from game_country_daily_plays group by 1, 2`,
  );
}

export type RebuiltStats = {
  playEvents: number;
  dailyRows: number;
  games: number;
  ratings: number;
  sessions: number;
  /** Plays that arrived while it ran, taken in right after it. */
  keptPlays: number;
};

/**
 * Recomputes every derived statistic from play_events and ratings, in one
 * transaction. Days whose raw events were pruned (PLAY_EVENTS_RETENTION_DAYS)
 * keep their daily rows: those rows are then the only record of them, and the
 * all-time counts are summed from the daily rows.
 */
export async function rebuildStats(orm: MikroORM): Promise<RebuiltStats> {
  const rebuilt = await orm.em.fork().transactional(async (tx) => {
    await lockStatsExclusive(tx);
    await sqlIn(
      tx,
      `delete from game_daily_plays
        where day >= coalesce((select (min(created_at) at time zone 'UTC')::date from play_events), 'infinity'::date)`,
    );
    const daily = await sqlIn<{ plays: number }>(
      tx,
      `insert into game_daily_plays (game_id, day, plays)
         select game_id, (created_at at time zone 'UTC')::date, count(*)::int from play_events group by 1, 2
       returning plays`,
    );
    await sqlIn(
      tx,
      `update games g set plays = t.total, trending_plays = t.recent
         from (select g2.id,
                      coalesce(sum(d.plays), 0)::int as total,
                      coalesce(sum(d.plays) filter (where d.day >= ${TRENDING_WINDOW_START}), 0)::int as recent
                 from games g2 left join game_daily_plays d on d.game_id = g2.id group by g2.id) t
        where t.id = g.id and (g.plays, g.trending_plays) is distinct from (t.total, t.recent)`,
    );
    await sqlIn(
      tx,
      `update games g set rating_avg = t.avg, rating_count = t.count
         from (select g2.id, coalesce(avg(r.score), 0)::float8 as avg, count(r.score)::int as count
                 from games g2 left join ratings r on r.game_id = g2.id group by g2.id) t
        where t.id = g.id and (g.rating_avg, g.rating_count) is distinct from (t.avg, t.count)`,
    );
    await rebuildCountryTrending(tx);
    const { sessions } = await rebuildSessionRollups(tx);
    // The categories, tags and origins kept on each game's row: triggers keep them; this repairs
    // them after writes that bypassed the triggers (a bulk load with triggers disabled, a restore).
    await sqlIn(tx, 'select refresh_game_lists(array(select id from games))');
    await sqlIn(
      tx,
      `insert into stats_watermarks (name, day) values (?, ${UTC_TODAY}) on conflict (name) do update set day = excluded.day`,
      [TRENDING_WATERMARK],
    );
    const [counts] = await sqlIn<{ games: number; ratings: number }>(
      tx,
      'select (select count(*) from games)::int as games, (select count(*) from ratings)::int as ratings',
    );
    return {
      playEvents: daily.reduce((sum, row) => sum + row.plays, 0),
      dailyRows: daily.length,
      games: counts?.games ?? 0,
      ratings: counts?.ratings ?? 0,
      sessions,
    };
  });
  const { handled } = await countKeptPlays(orm);
  return { ...rebuilt, keptPlays: handled };
}

/**
 * Deletes raw play events from before the last `retentionDays` whole UTC days,
 * a slice at a time so plays keep flowing; their days stay counted in
 * game_daily_plays. Returns how many events were deleted.
 */
export async function prunePlayEvents(orm: MikroORM, retentionDays: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await orm.em.fork().getConnection().execute<{ id: number }[]>(
      `delete from play_events where id in (
         select id from play_events where created_at < (${UTC_TODAY} - ?)::timestamp at time zone 'UTC' limit 10000)
       returning id`,
      [retentionDays],
    );
    deleted += rows.length;
    if (rows.length < 10000) return deleted;
  }
}

/**
 * Keeps the trending window moving while the server runs, counts plays kept while
 * maintenance ran (by any process), forgets visitors'
 * activity nobody reads any more, and prunes raw plays and play sessions past the
 * retention when one is set: at start and then every minute, cheap
 * when the day has not changed (one indexed read, one indexed delete).
 */
export function startTrendingWindowClock(
  orm: MikroORM,
  options: { retentionDays?: number | undefined; onError: (error: unknown) => void },
): { stop(): void } {
  const { retentionDays, onError } = options;
  const tick = () =>
    void advanceTrendingWindow(orm)
      .then(() => countKeptPlays(orm))
      .then(() => pruneVisitorActivity(orm))
      .then(() => (retentionDays === undefined ? 0 : prunePlayEvents(orm, retentionDays).then(() => prunePlaySessions(orm, retentionDays))))
      .catch(onError);
  tick();
  const timer = setInterval(tick, 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
