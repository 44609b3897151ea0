/**
 * The stats lock: a transaction-scoped advisory lock that every write of derived
 * statistics (play batches, play-time reports, completions) takes shared, and that
 * maintenance (moving the trending window, rebuilding every statistic) takes
 * exclusively, so a recount never misses a write committing beside it.
 * Lock order everywhere: the stats lock, the game's row, the session, the daily row.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlIn } from '../../db/sql';

export const STATS_LOCK_KEY = 720_115_001;

/** Waits for the lock shared (bounded by the session's lock_timeout); call it first in the transaction. */
export async function lockStatsShared(tx: EntityManager): Promise<void> {
  await sqlIn(tx, 'select pg_advisory_xact_lock_shared(?)', [STATS_LOCK_KEY]);
}

/**
 * Takes the lock shared if nobody holds or waits for it exclusively, without waiting: false while
 * maintenance runs (PostgreSQL queues a shared request behind a waiting exclusive one, so this is
 * also false while maintenance waits for the writes in flight to finish).
 */
export async function tryLockStatsShared(tx: EntityManager): Promise<boolean> {
  const [row] = await sqlIn<{ locked: boolean }>(tx, 'select pg_try_advisory_xact_lock_shared(?) as locked', [STATS_LOCK_KEY]);
  return row?.locked === true;
}

/** Waits for the lock exclusively: every shared holder's transaction has ended when it returns. */
export async function lockStatsExclusive(tx: EntityManager): Promise<void> {
  await sqlIn(tx, 'select pg_advisory_xact_lock(?)', [STATS_LOCK_KEY]);
}
