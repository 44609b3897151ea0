/**
 * The published catalog's words in memory, so a search costs no full-text scan whatever is typed.
 * PostgreSQL's GIN index finds the games holding a word quickly, but ranking them means reading
 * each one's row: a word in 2,000 of 100,000 games costs 2,000 row reads, about a hundred
 * milliseconds on a busy 2-core machine. Here every word of every published game (the lexemes of
 * its search vectors, exactly as PostgreSQL made them) maps to the games that hold it, and the
 * three list orders are kept as ranks, so a search is a few bitset unions and intersections and a
 * walk down one order: well under a millisecond for 100,000 games. Only the page's rows are then
 * read, by id.
 *
 * It answers exactly what the SQL search (read-model.ts) answers: every typed word must start a
 * word of the game (a misspelt one is read as its corrections), title matches first, then the
 * list's order. It holds about 15 bytes per word of each game (some 50 MB for 100,000 games).
 *
 * Freshness: a write on this server that changes what lists show (`markStale`, from the catalog
 * cache's invalidation) stops it answering until it has caught up, so the database answers at
 * once; a write on another server bumps catalog_version (a trigger on games), which it checks
 * every second once built, whether searches arrive or not. Catching up reads only the games the
 * writes changed (catalog_changes, search-delta.ts: a few hundred milliseconds for one game on
 * 100,000, where reading them all took seconds under load); `onCaughtUp` hands the catalog cache
 * the games and the transactions it took in, in the same step as the new snapshot takes over. The
 * cache drops the answers kept meanwhile unless each of those transactions had committed before
 * it last dropped them after a write of its own: another server's write, or one that landed while
 * this server's own write had the database answering, drops them, so the first search after it
 * answers as the second does (docs/PERFORMANCE.md measures both). Where the database has been
 * answering in its place, the index takes over only with every write committed by then, another
 * connection's too: the database showed them already.
 * The orders' ranks (plays, trending, ratings) are reloaded every minute. Until it is built, and
 * while it is stale, the caller asks the database instead.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { searchSnapshot, suggestFromSnapshot, type IndexQuery, type SuggestionRow } from './search-matching';
import { canCatchUp, deleteOldChanges, readChanges, secondsBehind } from './catalog-changes';
import { applyChanges } from './search-delta';
import { catalogVersion, loadRanks, loadSnapshot, type Snapshot } from './search-snapshot';

/** How often another server's catalog writes are looked for: one tiny query. */
const VERSION_CHECK_MS = 1_000;
/** How often this server deletes the changes every server has had time to read. */
const DELETE_OLD_CHANGES_MS = 10 * 60_000;
/**
 * How long the orders' ranks are kept: a search ranks games by plays and trending up to a minute
 * old (reloading them reads four 100,000-entry orders: not a thing to do every few seconds). The
 * orders a catch-up makes without reading them (search-delta.ts) are as old as those they were
 * made from: reading them again at once after every catch-up cost the database some 0.4 s of a
 * core per 100,000 games, and after 100,000 games imported at once held searches up 40-65 ms in
 * the second after they were found, for orders the catch-up had already got right (a new game,
 * with no plays or ratings yet, goes last, or first by newest).
 */
const RANKS_TTL_MS = 60_000;

/**
 * A snapshot made, the games it read again and the transactions that changed them (both null: every
 * game, a full build).
 */
type Update = { snapshot: Snapshot; changed: readonly number[] | null; transactions: readonly string[] | null };

export class SearchIndex {
  private snapshot: Snapshot | null = null;
  private stale = false;
  /** Counts local writes: an update that began before one must not clear `stale`. */
  private writes = 0;
  /** The build or catch-up under way: one at a time. */
  private updating: Promise<Update | null> | null = null;
  private oldChangesDeletedAt = 0;
  private refreshing: Promise<void> | null = null;
  /** Why the last build failed, for `ready`'s error. */
  private buildError: unknown;
  /** Looks for other servers' writes while nobody searches (started by the first search). */
  private checking: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  /**
   * `onCaughtUp`: called as a build or a catch-up that took in any change takes over, with the
   * games it read again and the transactions that wrote them (both null after a full build, which
   * cannot tell).
   */
  constructor(private readonly onCaughtUp: (changed: readonly number[] | null, transactions: readonly string[] | null) => void = () => {}) {}

  /** A write on this server changed what lists show: answer nothing until caught up. */
  markStale(): void {
    this.stale = true;
    this.writes++;
  }

  /**
   * The ids of the page of games matching the search, in order, or null when the index cannot
   * answer right now (not built yet, stale): then the caller asks the database. Starts whatever
   * upkeep is due in the background, on connections forked from `em`.
   */
  pageIds(em: EntityManager, query: IndexQuery): number[] | null {
    this.keepFresh(em);
    const snapshot = this.stale ? null : this.snapshot;
    return snapshot ? searchSnapshot(snapshot, query) : null;
  }

  /**
   * Suggestions for typed text (trimmed, lower case, single spaces), up to `perKind` of each
   * section, as the SQL suggestions (server/domains/search/queries.ts) give them; or null when
   * the index cannot answer right now.
   */
  suggestionRows(em: EntityManager, lowered: string, perKind: number): SuggestionRow[] | null {
    this.keepFresh(em);
    const snapshot = this.stale ? null : this.snapshot;
    return snapshot ? suggestFromSnapshot(snapshot, lowered, perKind) : null;
  }

  /** The ids of the `limit` most played published games, most played first (empty until built). */
  mostPlayedIds(limit: number): number[] {
    const snapshot = this.snapshot;
    if (!snapshot) return [];
    return [...snapshot.ranks.order.popular.subarray(0, limit)].map((position) => snapshot.ids[position]!);
  }

  /** Builds it now if it has to be, or catches up, with the orders read (tests, and a server that wants it ready before traffic). */
  async ready(em: EntityManager): Promise<void> {
    while (!this.snapshot || this.stale || !this.snapshot.ranks.exact) {
      if (!(await this.update(em))) throw new Error('The search index could not be built from the database', { cause: this.buildError });
      await this.reloadRanksWhenDue(em, { exact: true });
    }
  }

  /**
   * How far behind the catalog the searches it answers are, in seconds (0 while the database
   * answers them: before it is built, and while it is stale).
   */
  async secondsBehind(em: EntityManager): Promise<number> {
    const snapshot = this.stale ? null : this.snapshot;
    return snapshot ? secondsBehind(em, snapshot.changes) : 0;
  }

  /** Stops looking for other servers' writes (the server closes). */
  stop(): void {
    this.stopped = true;
    if (this.checking) clearInterval(this.checking);
  }

  private keepFresh(em: EntityManager): void {
    if (!this.checking && !this.stopped) {
      // A fork of its own: the request's `em` would keep that request's entities for good.
      const own = em.fork();
      // Unref'd: it never keeps a process alive; a failed check is tried again on the next.
      this.checking = setInterval(() => this.keepFresh(own), VERSION_CHECK_MS).unref();
    }
    if (this.updating) return;
    const snapshot = this.snapshot;
    if (!snapshot || this.stale) {
      void this.update(em);
      return;
    }
    const now = Date.now();
    if (this.refreshing || now - snapshot.checkedAt < VERSION_CHECK_MS) return;
    snapshot.checkedAt = now;
    this.refreshing = this.refresh(em.fork(), snapshot)
      .catch(() => {})
      .finally(() => (this.refreshing = null));
  }

  /**
   * Catches up when another server changed the catalog; reloads the orders' ranks when they are
   * due.
   */
  private async refresh(em: EntityManager, snapshot: Snapshot): Promise<void> {
    const version = await catalogVersion(em);
    // Nothing written since the last catch-up: no change it has yet to read can have been deleted.
    if (version === snapshot.version) snapshot.changes = { ...snapshot.changes, readAt: Date.now() };
    else await this.update(em);
    await this.reloadRanksWhenDue(em);
    if (Date.now() - this.oldChangesDeletedAt >= DELETE_OLD_CHANGES_MS) {
      this.oldChangesDeletedAt = Date.now();
      await deleteOldChanges(em);
    }
  }

  /** Reads the orders again once they are RANKS_TTL_MS old (`exact`: also when a catch-up made them without reading). */
  private async reloadRanksWhenDue(em: EntityManager, { exact = false } = {}): Promise<void> {
    const snapshot = this.snapshot;
    if (!snapshot) return;
    const due = Date.now() - snapshot.ranks.loadedAt >= RANKS_TTL_MS || (exact && !snapshot.ranks.exact);
    if (!due) return;
    const ranks = await loadRanks(em, snapshot.positionOf, snapshot.ids.length);
    if (this.snapshot === snapshot) snapshot.ranks = ranks;
  }

  /**
   * Builds the index, or takes it forward by the games changed since: resolves with the games it
   * read again (null: all, a full build), or null when it failed. A failure leaves the database
   * answering, and the next search tries again.
   */
  private update(em: EntityManager): Promise<Update | null> {
    const writes = this.writes;
    const own = em.fork();
    this.updating ??= this.nextSnapshot(own)
      .then(async (update) => {
        const current = await this.holdsEveryCommittedWrite(own, update.snapshot);
        this.snapshot = update.snapshot;
        if (!current) this.stale = true;
        else if (this.writes === writes) this.stale = false;
        // In the same step: no search answers from the new words while an answer from the old is kept.
        if (update.changed === null || update.changed.length > 0) this.onCaughtUp(update.changed, update.transactions);
        return update;
      })
      .catch((error: unknown) => {
        this.buildError = error;
        return null;
      })
      .finally(() => (this.updating = null));
    return this.updating;
  }

  /**
   * Whether `next` may answer searches: always when the index answers already (its answers only
   * move forward), but where the database has been answering in its place (before the first
   * build, and while stale) only once no write has committed since `next` began reading. The
   * database's answers show every committed write, another connection's too: a snapshot begun
   * before one, taking over, would lose games a search found a moment before (and answer the
   * first misspelt search from the vocabulary as it was). Until then the database answers on, and
   * the next search or check catches up from `next`.
   */
  private async holdsEveryCommittedWrite(em: EntityManager, next: Snapshot): Promise<boolean> {
    if (this.snapshot && !this.stale) return true;
    return (await catalogVersion(em)) === next.version;
  }

  /** The snapshot as the catalog is now: the one before with only the changed games read again, when it can be. */
  private async nextSnapshot(em: EntityManager): Promise<Update> {
    const before = this.snapshot;
    if (!before || !canCatchUp(before.changes)) return { snapshot: await loadSnapshot(em), changed: null, transactions: null };
    // The version first, as a full build reads it: a write landing meanwhile is taken in next time.
    const version = await catalogVersion(em);
    const { gameIds, transactions, cursor } = await readChanges(em, before.changes);
    if (gameIds.length > 0) return { snapshot: await applyChanges(em, before, gameIds, version, cursor), changed: gameIds, transactions };
    before.version = version;
    before.changes = cursor;
    return { snapshot: before, changed: gameIds, transactions };
  }
}
