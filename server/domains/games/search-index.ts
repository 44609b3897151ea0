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
 * cache's invalidation) stops it answering until it is rebuilt, so the database answers at once; a
 * write on another server bumps catalog_version (a trigger on games), which it checks every 2 s
 * once built, whether searches arrive or not: when it changed, the index is rebuilt (about a
 * second for 100,000 games) and then `onOtherServersWrite` drops the answers kept meanwhile
 * (docs/PERFORMANCE.md measures both). The orders' ranks (plays, trending, ratings) are reloaded
 * every minute. Until it is built, and while it is stale, the caller asks the database instead.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { searchSnapshot, suggestFromSnapshot, type IndexQuery, type SuggestionRow } from './search-matching';
import { catalogVersion, loadRanks, loadSnapshot, type Snapshot } from './search-snapshot';

/** How often another server's catalog writes are looked for: one tiny query. */
const VERSION_CHECK_MS = 2_000;
/**
 * How long the orders' ranks are kept: a search ranks games by plays and trending up to a minute
 * old (reloading them reads three 100,000-entry orders: not a thing to do every few seconds).
 */
const RANKS_TTL_MS = 60_000;

export class SearchIndex {
  private snapshot: Snapshot | null = null;
  private stale = false;
  /** Counts local writes: a build that began before one must not clear `stale`. */
  private writes = 0;
  private building: Promise<boolean> | null = null;
  private refreshing: Promise<void> | null = null;
  /** Why the last build failed, for `ready`'s error. */
  private buildError: unknown;
  /** Looks for other servers' writes while nobody searches (started by the first search). */
  private checking: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  /** `onOtherServersWrite`: called once the index has been rebuilt after another server's write. */
  constructor(private readonly onOtherServersWrite: () => void = () => {}) {}

  /** A write on this server changed what lists show: answer nothing until rebuilt. */
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

  /** Builds it now if it has to be (tests, and a server that wants it ready before traffic). */
  async ready(em: EntityManager): Promise<void> {
    while (!this.snapshot || this.stale) {
      if (!(await (this.building ?? this.build(em)))) throw new Error('The search index could not be built from the database', { cause: this.buildError });
    }
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
    if (this.building) return;
    const snapshot = this.snapshot;
    if (!snapshot || this.stale) {
      void this.build(em);
      return;
    }
    const now = Date.now();
    if (this.refreshing || now - snapshot.checkedAt < VERSION_CHECK_MS) return;
    snapshot.checkedAt = now;
    this.refreshing = this.refresh(em.fork(), snapshot)
      .catch(() => {})
      .finally(() => (this.refreshing = null));
  }

  /** Rebuilds when another server changed the catalog, else reloads the ranks when they are due. */
  private async refresh(em: EntityManager, snapshot: Snapshot): Promise<void> {
    if ((await catalogVersion(em)) !== snapshot.version) {
      if (await this.build(em)) this.onOtherServersWrite();
    } else if (Date.now() - snapshot.ranks.loadedAt >= RANKS_TTL_MS) {
      const ranks = await loadRanks(em, snapshot.positionOf, snapshot.ids.length);
      if (this.snapshot === snapshot) snapshot.ranks = ranks;
    }
  }

  /** Resolves whether it was built: a failed build leaves the database answering, and the next search tries again. */
  private build(em: EntityManager): Promise<boolean> {
    const writes = this.writes;
    this.building ??= loadSnapshot(em.fork())
      .then((snapshot) => {
        this.snapshot = snapshot;
        if (this.writes === writes) this.stale = false;
        return true;
      })
      .catch((error: unknown) => {
        this.buildError = error;
        return false;
      })
      .finally(() => (this.building = null));
    return this.building;
  }
}
