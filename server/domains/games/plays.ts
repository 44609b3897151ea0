/**
 * Group commit for plays. Plays that arrive while a batch is being written wait
 * for the next one, and each batch is one call of the database function
 * record_plays (migrations/Migration20261129030000_play_batch_functions.ts), one
 * transaction and one round trip, its statements' plans kept by PostgreSQL: the
 * visitors' activity, a play session for each (see server/domains/analytics/sessions.ts),
 * then for the plays that count (one per visitor and game in PLAY_DEDUP_MINUTES)
 * the raw events, the daily rollups and the games' counters, each game row updated
 * once however many of its plays the batch holds. A request is answered only after its
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
import type { MikroORM } from '@mikro-orm/postgresql';
import { PLAY_DEDUP_MINUTES } from '../../../shared/constants';
import { sqlIn } from '../../db/sql';
import { TRENDING_WINDOW_START } from './stats-days';
import { STATS_LOCK_KEY, tryLockStatsShared } from './stats-lock';

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

/** The plays as the functions' first five arguments (PostgreSQL array literals), in order. */
function playArrays(plays: readonly Play[]): string[] {
  return [
    intArray(plays.map((play) => play.gameId)),
    intArray(plays.map((play) => play.userId)),
    keyArray(plays.map((play) => play.visitorKey)),
    countryArray(plays.map((play) => play.country)),
    timestampArray(plays.map((play) => play.at)),
  ];
}

/** The arguments count_plays takes: the plays, the dedup window and the trending window's first day. */
const COUNT_ARGUMENTS = `?::int[], ?::int[], ?::text[], ?::text[], ?::timestamptz[], interval '${PLAY_DEDUP_MINUTES} minutes', ${TRENDING_WINDOW_START}`;

/**
 * Writes one batch in one statement (record_plays, its own transaction): counted now, or kept while
 * maintenance holds the stats lock. Either way each signed-in player's Recently played row moves
 * at once (it is no statistic).
 */
async function writeBatch(orm: MikroORM, batch: readonly Play[]): Promise<{ plays: Map<number, number>; kept: boolean }> {
  const rows = await sqlIn<{ game_id: number; plays: number; kept: boolean }>(
    orm.em.fork(),
    `select game_id, plays, kept from record_plays(${COUNT_ARGUMENTS}, ?)`,
    [...playArrays(batch), STATS_LOCK_KEY],
  );
  return { plays: new Map(rows.map((row) => [row.game_id, row.plays])), kept: rows.some((row) => row.kept) };
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
        const kept = rows.map((row) => ({ gameId: row.game_id, userId: row.user_id, visitorKey: row.visitor_key, country: row.country, at: new Date(row.played_at) }));
        await sqlIn(tx, `select game_id from count_plays(${COUNT_ARGUMENTS})`, playArrays(kept));
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
