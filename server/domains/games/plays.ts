/**
 * Group commit for plays. Plays that arrive while a batch is being written wait
 * for the next one, and each batch is one transaction: the visitors' activity,
 * a play session for each (server/domains/analytics/sessions.ts), then for the
 * plays that count (one per visitor and game in PLAY_DEDUP_MINUTES) the raw
 * events, the daily rollups and the games' counters, each game row updated once
 * however many of its plays the batch holds. A request is answered only after its
 * batch has committed, so an acknowledged play survives a crash, and a popular
 * game's row never becomes a queue of single-play transactions. Plays never touch
 * the catalog cache: lists show counts up to its TTL old.
 *
 * While maintenance holds the stats lock (a rebuild, the trending window's move),
 * a batch does not wait for it: its plays are kept in pending_plays, acknowledged,
 * and counted as of when they arrived once the lock is free (`countKeptPlays`),
 * each exactly once: a kept play leaves pending_plays in the transaction that
 * counts it.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { PLAY_DEDUP_MINUTES } from '../../../shared/constants';
import { sqlIn } from '../../db/sql';
import { startSessions } from '../analytics/sessions';
import { notePlayedGames } from '../recent/queries';
import { TRENDING_WINDOW_START } from './stats-days';
import { tryLockStatsShared } from './stats-lock';

type Play = {
  gameId: number;
  userId: number | null;
  /** Who played (server/domains/visitors/identity.ts). */
  visitorKey: string;
  /** Where it came from (ISO 3166-1 alpha-2), or null: counted in its country's trending too. */
  country: string | null;
  at: Date;
};

type WaitingPlay = Play & {
  /** The game's all-time plays after this batch, or null when it is not a published game. */
  resolve(plays: number | null): void;
  reject(error: unknown): void;
};

/** Most plays one transaction writes; more wait for the next batch. */
const MAX_BATCH = 1000;

/**
 * Most kept plays one transaction takes in: it locks their games' rows, which new plays wait for,
 * so small transactions keep the plays arriving after maintenance at their usual latency.
 */
const MAX_KEPT_BATCH = 200;

/** A PostgreSQL array literal of integers (or NULLs), for one `?::int[]` parameter. */
function intArray(values: readonly (number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(Math.trunc(value)))).join(',')}}`;
}

function timestampArray(values: readonly Date[]): string {
  return `{${values.map((value) => `"${value.toISOString()}"`).join(',')}}`;
}

/** Visitor keys are `u:<digits>` or a letter and a hex digest: nothing to escape inside the quotes. */
function keyArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value}"`).join(',')}}`;
}

/** Countries are two capital letters (isCountryCode) or NULL: nothing to escape. */
function countryArray(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : value)).join(',')}}`;
}

/** The published games among `gameIds` with their all-time plays, locked in id order when `lock`. */
async function publishedPlays(tx: EntityManager, gameIds: readonly number[], lock: boolean): Promise<Map<number, number>> {
  // In id order: batches of several servers never deadlock on the rows.
  const rows = await sqlIn<{ id: number; plays: number }>(
    tx,
    `select id, plays from games where id = any(?::int[]) and status = 'APPROVED' order by id${lock ? ' for update' : ''}`,
    [intArray([...new Set(gameIds)])],
  );
  return new Map(rows.map((row) => [row.id, row.plays]));
}

/**
 * Counts plays, in a transaction holding the stats lock shared; returns each
 * published game's all-time plays after them (counted or not, every play of a
 * published game gets them). Plays of other games are dropped.
 */
async function countPlays(tx: EntityManager, batch: readonly Play[]): Promise<Map<number, number>> {
  const plays = await publishedPlays(
    tx,
    batch.map((play) => play.gameId),
    true,
  );
  // One entry per visitor and game: the latest of their plays in the batch.
  const latest = new Map<string, Play>();
  for (const play of batch) {
    const key = `${play.visitorKey} ${play.gameId}`;
    const seen = latest.get(key);
    if (plays.has(play.gameId) && (!seen || seen.at <= play.at)) latest.set(key, play);
  }
  if (latest.size === 0) return plays;
  const visits = [...latest.values()];
  // Seen when played; counted then unless this visitor's last counted play of the game is within
  // PLAY_DEDUP_MINUTES of it (a kept play is counted as of when it arrived, not when it is counted).
  const activity = await sqlIn<{ visitor_key: string; game_id: number; counted: boolean }>(
    tx,
    `with play as (select * from unnest(?::text[], ?::int[], ?::timestamptz[]) as play(visitor_key, game_id, at)),
     upserted as (
       insert into visitor_game_activity (visitor_key, game_id, counted_at, last_play_at, seen_at)
         select visitor_key, game_id, at, at, at from play
       on conflict (visitor_key, game_id) do update set
         last_play_at = greatest(visitor_game_activity.last_play_at, excluded.last_play_at),
         seen_at = greatest(visitor_game_activity.seen_at, excluded.seen_at),
         counted_at = case when visitor_game_activity.counted_at is null
                             or visitor_game_activity.counted_at <= excluded.counted_at - interval '${PLAY_DEDUP_MINUTES} minutes'
                           then excluded.counted_at else visitor_game_activity.counted_at end
       returning visitor_key, game_id, counted_at)
     select u.visitor_key, u.game_id, u.counted_at = play.at as counted from upserted u join play using (visitor_key, game_id)`,
    [keyArray(visits.map((play) => play.visitorKey)), intArray(visits.map((play) => play.gameId)), timestampArray(visits.map((play) => play.at))],
  );
  // Every play of a published game starts a session, counted or not (a repeat play is a new sitting).
  await startSessions(tx, {
    gameIds: intArray(visits.map((play) => play.gameId)),
    visitorKeys: keyArray(visits.map((play) => play.visitorKey)),
    times: timestampArray(visits.map((play) => play.at)),
  });
  const countedKeys = new Set(activity.filter((row) => row.counted).map((row) => `${row.visitor_key} ${row.game_id}`));
  const counted = visits.filter((play) => countedKeys.has(`${play.visitorKey} ${play.gameId}`));
  if (counted.length === 0) return plays;
  const games = intArray(counted.map((play) => play.gameId));
  const times = timestampArray(counted.map((play) => play.at));
  const countries = countryArray(counted.map((play) => play.country));
  await sqlIn(
    tx,
    'insert into play_events (game_id, user_id, visitor_key, country, created_at) select * from unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::timestamptz[])',
    [games, intArray(counted.map((play) => play.userId)), keyArray(counted.map((play) => play.visitorKey)), countries, times],
  );
  if (counted.some((play) => play.country !== null)) await countCountryPlays(tx, games, countries, times);
  await sqlIn(
    tx,
    `insert into game_daily_plays (game_id, day, plays)
       select game_id, (created_at at time zone 'UTC')::date, count(*)::int
         from unnest(?::int[], ?::timestamptz[]) as play(game_id, created_at) group by 1, 2
     on conflict (game_id, day) do update set plays = game_daily_plays.plays + excluded.plays`,
    [games, times],
  );
  const updated = await sqlIn<{ id: number; plays: number }>(
    tx,
    `update games g set plays = g.plays + c.plays, trending_plays = g.trending_plays + c.recent
       from (select game_id, count(*)::int as plays,
                    (count(*) filter (where (created_at at time zone 'UTC')::date >= ${TRENDING_WINDOW_START}))::int as recent
               from unnest(?::int[], ?::timestamptz[]) as play(game_id, created_at) group by game_id) c
      where g.id = c.game_id
      returning g.id, g.plays`,
    [games, times],
  );
  for (const row of updated) plays.set(row.id, row.plays);
  return plays;
}

/**
 * Adds counted plays with a country to their country's rollups: the day's row (for plays within
 * the trending window; older days are not kept) and the window's count that ranks the country's
 * trending list. Rows are written in key order, so concurrent batches never deadlock.
 */
async function countCountryPlays(tx: EntityManager, games: string, countries: string, times: string): Promise<void> {
  const playsByDay = `select country, game_id, (created_at at time zone 'UTC')::date as day, count(*)::int as plays
                        from unnest(?::int[], ?::text[], ?::timestamptz[]) as play(game_id, country, created_at)
                       where country is not null and (created_at at time zone 'UTC')::date >= ${TRENDING_WINDOW_START}
                       group by 1, 2, 3`;
  await sqlIn(
    tx,
    `insert into game_country_daily_plays (country, game_id, day, plays)
       select * from (${playsByDay}) d order by 1, 2, 3
     on conflict (country, game_id, day) do update set plays = game_country_daily_plays.plays + excluded.plays`,
    [games, countries, times],
  );
  await sqlIn(
    tx,
    `insert into game_country_trending (country, game_id, plays)
       select country, game_id, sum(plays)::int from (${playsByDay}) d group by 1, 2 order by 1, 2
     on conflict (country, game_id) do update set plays = game_country_trending.plays + excluded.plays`,
    [games, countries, times],
  );
}

/**
 * Keeps plays of published games in pending_plays, touching no row maintenance rewrites; answers
 * each game's all-time plays as they stand (the kept plays are added once counted).
 */
async function keepPlays(tx: EntityManager, batch: readonly Play[]): Promise<Map<number, number>> {
  const plays = await publishedPlays(
    tx,
    batch.map((play) => play.gameId),
    false,
  );
  const kept = batch.filter((play) => plays.has(play.gameId));
  if (kept.length > 0) {
    await sqlIn(
      tx,
      'insert into pending_plays (game_id, user_id, visitor_key, country, played_at) select * from unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::timestamptz[])',
      [
        intArray(kept.map((play) => play.gameId)),
        intArray(kept.map((play) => play.userId)),
        keyArray(kept.map((play) => play.visitorKey)),
        countryArray(kept.map((play) => play.country)),
        timestampArray(kept.map((play) => play.at)),
      ],
    );
  }
  return plays;
}

/**
 * Writes one batch in one transaction: counted now, or kept while maintenance holds the stats lock.
 * Either way each signed-in player's Recently played row moves at once (it is no statistic).
 */
async function writeBatch(orm: MikroORM, batch: readonly Play[]): Promise<{ plays: Map<number, number>; kept: boolean }> {
  return orm.em.fork().transactional(async (tx) => {
    const written = (await tryLockStatsShared(tx)) ? { plays: await countPlays(tx, batch), kept: false } : { plays: await keepPlays(tx, batch), kept: true };
    await notePlayedGames(
      tx,
      batch.flatMap((play) => (play.userId !== null && written.plays.has(play.gameId) ? [{ userId: play.userId, gameId: play.gameId, at: play.at }] : [])),
    );
    return written;
  });
}

/**
 * Counts the plays kept while maintenance held the stats lock, oldest first, up to
 * MAX_KEPT_BATCH a transaction, each removed from pending_plays in the transaction that counts
 * it. Any process may run it, at any time, beside others. `handled`: how many kept
 * plays it took in (counted, or answered as a visitor's repeat); `busy`: maintenance
 * holds the lock again, so some may be left.
 */
export async function countKeptPlays(orm: MikroORM): Promise<{ handled: number; busy: boolean }> {
  let handled = 0;
  for (;;) {
    const taken = await orm.em.fork().transactional(async (tx) => {
      if (!(await tryLockStatsShared(tx))) return null;
      const rows = await sqlIn<{ game_id: number; user_id: number | null; visitor_key: string; country: string | null; played_at: string | Date }>(
        tx,
        `delete from pending_plays where id in (select id from pending_plays order by id limit ? for update skip locked)
         returning game_id, user_id, visitor_key, country, played_at`,
        [MAX_KEPT_BATCH],
      );
      if (rows.length > 0) {
        await countPlays(
          tx,
          rows.map((row) => ({ gameId: row.game_id, userId: row.user_id, visitorKey: row.visitor_key, country: row.country, at: new Date(row.played_at) })),
        );
      }
      return rows.length;
    });
    if (taken === null) return { handled, busy: true };
    handled += taken;
    if (taken < MAX_KEPT_BATCH) return { handled, busy: false };
  }
}

export class PlayRecorder {
  private queue: WaitingPlay[] = [];
  private draining: Promise<void> | null = null;
  /** Plays may be waiting in pending_plays (kept by this process or another, or left by a crash). */
  private keptPlaysMayWait = true;
  private countingKept: Promise<void> | null = null;
  /** Plays committed since the process started (/metrics). */
  written = 0;
  /** The batch being written (/metrics counts its plays as queued until they commit). */
  private writing = 0;

  constructor(private readonly orm: MikroORM) {}

  /** Plays received and not yet committed: waiting for a batch, or in the one being written. */
  get queued(): number {
    return this.queue.length + this.writing;
  }

  /**
   * Records one play and resolves once it is committed, with the game's all-time
   * plays, or null when the game is not published. A visitor's repeat play within
   * PLAY_DEDUP_MINUTES is answered the same way but not counted.
   */
  record(gameId: number, userId: number | null, visitorKey: string, country: string | null = null): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ gameId, userId, visitorKey, country, at: new Date(), resolve, reject });
      this.draining ??= this.drain();
    });
  }

  /** Resolves when every play recorded so far is committed (or has failed), kept plays counted where possible. */
  async flush(): Promise<void> {
    while (this.draining || this.countingKept) await (this.draining ?? this.countingKept);
  }

  private async drain(): Promise<void> {
    // Let the plays that arrive in this same turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.writing = batch.length;
      try {
        const { plays, kept } = await writeBatch(this.orm, batch);
        this.written += batch.length;
        for (const play of batch) play.resolve(plays.get(play.gameId) ?? null);
        if (kept) this.keptPlaysMayWait = true;
        else if (this.keptPlaysMayWait) this.countKept();
      } catch (error) {
        for (const play of batch) play.reject(error);
      }
      this.writing = 0;
    }
    this.draining = null;
  }

  /** Maintenance is over (a batch took the lock): count the kept plays beside new ones, once at a time. */
  private countKept(): void {
    if (this.countingKept) return;
    this.keptPlaysMayWait = false;
    this.countingKept = countKeptPlays(this.orm)
      .then(({ busy }) => {
        if (busy) this.keptPlaysMayWait = true;
      })
      // Tried again after the next batch; the minute clock counts them too, and reports its failures.
      .catch(() => {
        this.keptPlaysMayWait = true;
      })
      .finally(() => {
        this.countingKept = null;
      });
  }
}
