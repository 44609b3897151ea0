/**
 * Group commit for plays. Plays that arrive while a batch is being written wait
 * for the next one, and each batch is one transaction: the raw events, the daily
 * rollups and the games' counters, each game row updated once however many of
 * its plays the batch holds. A request is answered only after its batch has
 * committed, so an acknowledged play survives a crash, and a popular game's row
 * never becomes a queue of single-play transactions. Plays never touch the
 * catalog cache: lists show counts up to its TTL old.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { STATS_LOCK_KEY, TRENDING_WINDOW_START } from './stats';

type PendingPlay = {
  gameId: number;
  userId: number | null;
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

async function execute<T>(tx: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return tx.getConnection().execute<T[]>(sql, params, 'all', tx.getTransactionContext());
}

/** Writes one batch in one transaction; returns each published game's new all-time plays. */
async function writeBatch(orm: MikroORM, batch: readonly PendingPlay[]): Promise<Map<number, number>> {
  const gameIds = [...new Set(batch.map((play) => play.gameId))];
  return orm.em.fork().transactional(async (tx) => {
    await execute(tx, 'select pg_advisory_xact_lock_shared(?)', [STATS_LOCK_KEY]);
    // Lock the games in id order: batches of several servers never deadlock on them.
    const live = await execute<{ id: number }>(
      tx,
      `select id from games where id = any(?::int[]) and status = 'APPROVED' order by id for update`,
      [intArray(gameIds)],
    );
    const liveIds = new Set(live.map((row) => row.id));
    const plays = batch.filter((play) => liveIds.has(play.gameId));
    if (plays.length === 0) return new Map();
    const games = intArray(plays.map((play) => play.gameId));
    const times = timestampArray(plays.map((play) => play.at));
    await execute(
      tx,
      'insert into play_events (game_id, user_id, created_at) select * from unnest(?::int[], ?::int[], ?::timestamptz[])',
      [games, intArray(plays.map((play) => play.userId)), times],
    );
    await execute(
      tx,
      `insert into game_daily_plays (game_id, day, plays)
         select game_id, (created_at at time zone 'UTC')::date, count(*)::int
           from unnest(?::int[], ?::timestamptz[]) as play(game_id, created_at) group by 1, 2
       on conflict (game_id, day) do update set plays = game_daily_plays.plays + excluded.plays`,
      [games, times],
    );
    const updated = await execute<{ id: number; plays: number }>(
      tx,
      `update games g set plays = g.plays + c.plays, trending_plays = g.trending_plays + c.recent
         from (select game_id, count(*)::int as plays,
                      (count(*) filter (where (created_at at time zone 'UTC')::date >= ${TRENDING_WINDOW_START}))::int as recent
                 from unnest(?::int[], ?::timestamptz[]) as play(game_id, created_at) group by game_id) c
        where g.id = c.game_id
        returning g.id, g.plays`,
      [games, times],
    );
    return new Map(updated.map((row) => [row.id, row.plays]));
  });
}

export class PlayRecorder {
  private queue: PendingPlay[] = [];
  private draining: Promise<void> | null = null;

  constructor(private readonly orm: MikroORM) {}

  /**
   * Records one play and resolves once it is committed, with the game's all-time
   * plays, or null when the game is not published.
   */
  record(gameId: number, userId: number | null): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ gameId, userId, at: new Date(), resolve, reject });
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
