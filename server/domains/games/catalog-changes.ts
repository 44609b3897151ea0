/**
 * Reading catalog_changes (migrations/Migration20261127100000_catalog_changes.ts): the games each
 * write changed, so the search index takes in only those.
 *
 * A change's row is written by its transaction (`xid`) and seen by others only once that commits,
 * and transactions commit in any order. So a reader keeps the oldest transaction still running
 * at its last read (`horizon`: every older one had ended, and what it wrote was read) and reads
 * every row from there on again, leaving out only the transactions it has already taken in
 * (`taken`: a transaction's rows all appear at its commit, so one seen is seen whole).
 */
import type { EntityManager } from '@mikro-orm/postgresql';

export type ChangesCursor = {
  /** pg_snapshot_xmin at the last read, as text (xid8). */
  horizon: string;
  /** Transactions at or past the horizon already taken in. */
  taken: readonly string[];
  /** When it was read (this process's clock): rows are deleted after CHANGES_KEPT_MS. */
  readAt: number;
};

/**
 * How long rows are kept. A reader that has not read for more than half of it (the database down
 * for half an hour, say) may have lost some, and builds its index afresh instead.
 */
export const CHANGES_KEPT_MS = 60 * 60_000;

/**
 * Where a reader starts that has just read the whole catalog (read this before the games): every
 * change already committed is in what it reads next, so it is taken in. Transaction ids are the
 * cluster's: a transaction of any database running now holds the horizon back, and without them
 * taken the first catch-up would read those changes again and the reader would count itself behind.
 */
export async function changesCursor(em: EntityManager): Promise<ChangesCursor> {
  const [row] = await em.getConnection('read').execute<{ horizon: string; taken: string[] }[]>(
    `select h.horizon::text as horizon,
            array(select distinct xid::text from catalog_changes where xid >= h.horizon) as taken
       from (select pg_snapshot_xmin(pg_current_snapshot()) as horizon) h`,
  );
  return { horizon: row!.horizon, taken: row!.taken, readAt: Date.now() };
}

/** Whether a reader at `cursor` can still catch up from the rows kept. */
export function canCatchUp(cursor: ChangesCursor, now = Date.now()): boolean {
  return now - cursor.readAt < CHANGES_KEPT_MS / 2;
}

/**
 * The games changed since `cursor` (ascending ids, each once), the transactions that changed them,
 * and where the reader stands after.
 */
export async function readChanges(
  em: EntityManager,
  cursor: ChangesCursor,
): Promise<{ gameIds: number[]; transactions: string[]; cursor: ChangesCursor }> {
  const readAt = Date.now();
  // The horizon and the rows from one statement, so from one snapshot.
  const rows = await em.getConnection('read').execute<{ horizon: string; xid: string | null; games: string | null }[]>(
    `select h.horizon, c.xid, c.games
       from (select pg_snapshot_xmin(pg_current_snapshot())::text as horizon) h
       left join lateral (select xid::text as xid, string_agg(distinct game_id::text, ',') as games from catalog_changes where xid >= ?::xid8 group by xid) c on true`,
    [cursor.horizon],
  );
  const horizon = BigInt(rows[0]!.horizon);
  const taken = new Set(cursor.taken);
  const gameIds = new Set<number>();
  const transactions: string[] = [];
  const takenNow: string[] = [];
  for (const { xid, games } of rows) {
    if (xid === null || games === null) continue;
    if (BigInt(xid) >= horizon) takenNow.push(xid);
    if (taken.has(xid)) continue;
    transactions.push(xid);
    for (const id of games.split(',')) gameIds.add(Number(id));
  }
  return { gameIds: [...gameIds].sort((a, b) => a - b), transactions, cursor: { horizon: rows[0]!.horizon, taken: takenNow, readAt } };
}

/**
 * Which transactions have committed, as the catalog's reads see them now (a pg_snapshot as text),
 * for `committedIn`. On the read connection: with a replica, a write counts once the catalog's
 * reads can see it there.
 */
export async function committedSnapshot(em: EntityManager): Promise<string> {
  const [row] = await em.getConnection('read').execute<{ snapshot: string }[]>(`select pg_current_snapshot()::text as snapshot`);
  return row!.snapshot;
}

/** Whether transaction `xid` had committed when `snapshot` (from `committedSnapshot`) was read. */
export function committedIn(xid: string, snapshot: string): boolean {
  const [xmin, xmax, running] = snapshot.split(':');
  const id = BigInt(xid);
  if (id < BigInt(xmin!)) return true;
  return id < BigInt(xmax!) && !(running ?? '').split(',').includes(id.toString());
}

/** Deletes the rows past CHANGES_KEPT_MS (on the primary: replicas cannot write). */
export async function deleteOldChanges(em: EntityManager): Promise<void> {
  await em.getConnection('write').execute(`delete from catalog_changes where at < now() - make_interval(secs => ?)`, [CHANGES_KEPT_MS / 1000]);
}

/**
 * Seconds since the oldest change a reader at `cursor` has not taken in was made (from the start of
 * the transaction that made it), or 0 when it has taken in every change committed.
 */
export async function secondsBehind(em: EntityManager, cursor: ChangesCursor): Promise<number> {
  const [row] = await em.getConnection('read').execute<{ seconds: number | null }[]>(
    `select extract(epoch from now() - min(at))::float8 as seconds from catalog_changes where xid >= ?::xid8 and not (xid::text = any(?::text[]))`,
    [cursor.horizon, `{${cursor.taken.join(',')}}`],
  );
  return Math.max(0, row?.seconds ?? 0);
}
