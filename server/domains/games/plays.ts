/**
 * Group commit for plays. Plays that arrive while a batch is being written wait
 * for the next one, and each batch is one transaction: the visitors' activity,
 * a play session for each (server/domains/analytics/sessions.ts), then for the plays that count (one per visitor and game in PLAY_DEDUP_MINUTES)
 * the raw events, the daily rollups and the games' counters, each game row
 * updated once however many of its plays the batch holds. A request is answered only after its batch has
 * committed, so an acknowledged play survives a crash, and a popular game's row
 * never becomes a queue of single-play transactions. Plays never touch the
 * catalog cache: lists show counts up to its TTL old.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { PLAY_DEDUP_MINUTES } from '../../../shared/constants';
import { STATS_LOCK_KEY, TRENDING_WINDOW_START } from './stats';
import { sqlIn } from '../../db/sql';
import { startSessions } from '../analytics/sessions';

type PendingPlay = {
  gameId: number;
  userId: number | null;
  /** Who played (server/domains/visitors/identity.ts). */
  visitorKey: string;
  at: Date;
  /** The game's all-time plays after this batch, or null when it is not a published game. */
  resolve(plays: number | null): void;
  reject(error: unknown): void;
};

/** Most plays one transaction writes; more wait for the next batch. */
const MAX_BATCH = 1000;

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

/**
 * Writes one batch in one transaction; returns each published game's all-time
 * plays after it (counted or not, every play of a published game gets them).
 */
async function writeBatch(orm: MikroORM, batch: readonly PendingPlay[]): Promise<Map<number, number>> {
  const gameIds = [...new Set(batch.map((play) => play.gameId))];
  return orm.em.fork().transactional(async (tx) => {
    await sqlIn(tx, 'select pg_advisory_xact_lock_shared(?)', [STATS_LOCK_KEY]);
    // Lock the games in id order: batches of several servers never deadlock on them.
    const live = await sqlIn<{ id: number; plays: number }>(
      tx,
      `select id, plays from games where id = any(?::int[]) and status = 'APPROVED' order by id for update`,
      [intArray(gameIds)],
    );
    const plays = new Map(live.map((row) => [row.id, row.plays]));
    // One entry per visitor and game: the latest of their plays in the batch.
    const latest = new Map<string, PendingPlay>();
    for (const play of batch) {
      if (plays.has(play.gameId)) latest.set(`${play.visitorKey} ${play.gameId}`, play);
    }
    if (latest.size === 0) return plays;
    const visits = [...latest.values()];
    const now = new Date();
    // Seen now; counted now unless this visitor's last counted play of the game is recent.
    const activity = await sqlIn<{ visitor_key: string; game_id: number; counted: boolean }>(
      tx,
      `insert into visitor_game_activity (visitor_key, game_id, counted_at, last_play_at, seen_at)
         select visitor_key, game_id, ?::timestamptz, ?::timestamptz, ?::timestamptz from unnest(?::text[], ?::int[]) as play(visitor_key, game_id)
       on conflict (visitor_key, game_id) do update set
         last_play_at = excluded.last_play_at,
         seen_at = excluded.seen_at,
         counted_at = case when visitor_game_activity.counted_at is null
                             or visitor_game_activity.counted_at <= excluded.counted_at - interval '${PLAY_DEDUP_MINUTES} minutes'
                           then excluded.counted_at else visitor_game_activity.counted_at end
       returning visitor_key, game_id, counted_at = ?::timestamptz as counted`,
      [now, now, now, keyArray(visits.map((play) => play.visitorKey)), intArray(visits.map((play) => play.gameId)), now],
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
    await sqlIn(
      tx,
      'insert into play_events (game_id, user_id, visitor_key, created_at) select * from unnest(?::int[], ?::int[], ?::text[], ?::timestamptz[])',
      [games, intArray(counted.map((play) => play.userId)), keyArray(counted.map((play) => play.visitorKey)), times],
    );
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
  });
}

export class PlayRecorder {
  private queue: PendingPlay[] = [];
  private draining: Promise<void> | null = null;

  constructor(private readonly orm: MikroORM) {}

  /**
   * Records one play and resolves once it is committed, with the game's all-time
   * plays, or null when the game is not published. A visitor's repeat play within
   * PLAY_DEDUP_MINUTES is answered the same way but not counted.
   */
  record(gameId: number, userId: number | null, visitorKey: string): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ gameId, userId, visitorKey, at: new Date(), resolve, reject });
      this.draining ??= this.drain();
    });
  }

  /** Resolves when every play recorded so far is committed (or has failed). */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    // Let the plays that arrive in this same turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const plays = await writeBatch(this.orm, batch);
        for (const play of batch) play.resolve(plays.get(play.gameId) ?? null);
      } catch (error) {
        for (const play of batch) play.reject(error);
      }
    }
    this.draining = null;
  }
}
