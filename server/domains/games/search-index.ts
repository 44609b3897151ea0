/**
 * The published catalog's words in memory, so a search costs no full-text scan whatever is typed.
 * PostgreSQL's GIN index finds the games holding a word quickly, but ranking them means reading
 * each one's row: a word in 2,000 of 100,000 games costs 2,000 row reads, about a hundred
 * milliseconds on a busy 2-core machine. Here every word of every published game (the lexemes of
 * its search vectors, exactly as PostgreSQL made them) maps to the games that hold it, and the
 * list orders are kept as ranks, so a search is a few bitset unions and intersections and a
 * walk down one order: well under a millisecond for 100,000 games. Only the page's rows are then
 * read, by id.
 *
 * It answers exactly what the SQL search (search-sql.ts) answers: every typed word must start a
 * word of the game (a misspelt one is read as its corrections), title matches first, then the
 * list's order.
 *
 * Freshness: every write to a game that changes what searches read leaves a row in
 * catalog_changes (a trigger, whoever writes). The index looks for new rows a second after the
 * last look while searches come, and at once after a write on this server (`catchUp`, from the
 * catalog cache's invalidation), and applies the changed games a slice at a time, between other
 * requests, answering from what it has meanwhile. The ranks of the list orders are read again
 * once games were added and every minute. The whole catalog is read again, a slice at a time
 * while the index it replaces keeps answering, every hour and when changed games' old copies
 * outnumber the live ones. Until it is first built, the caller asks the database instead.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { searchSnapshot, suggestFromSnapshot, type IndexQuery, type SuggestionRow } from './search-matching';
import { has } from './search-bitsets';
import { changesSince, gamesNow, latestChange, loadNames, loadRanks, pruneChanges, publishedGamesAfter, yieldToRequests, type Gap } from './search-loading';
import { applyGames, emptySnapshot, type Snapshot } from './search-snapshot';

/** Most games read and applied in one go: each slice holds the event loop a few milliseconds. */
export const SEARCH_SLICE = 1_000;
/** How often changes are looked for while searches come. */
const CHECK_MS = 1_000;
/** How long the ranks are kept when no game was added (reading them reads every list order). */
const RANKS_TTL_MS = 60_000;
/** While many games arrive, the ranks are read again at most this often (new games are found once ranked). */
const RANKS_WHILE_ADDING_MS = 3_000;
/** How often the whole catalog is read again (and changes older than a day deleted). */
const FULL_RELOAD_MS = 60 * 60_000;
/**
 * How long a missing change number is looked for: a transaction that took it may commit after
 * later numbers were read. Past this, it is taken as rolled back.
 */
const GAP_WAIT_MS = 5 * 60_000;
/** Most runs of missing numbers looked for at once; past this, the oldest are given up on. */
const MAX_GAPS = 32;
/** Changes read again after a full load, for transactions that were still open when it began. */
const RECENT_CHANGES = 1_000;

export class SearchIndex {
  private snapshot: Snapshot | null = null;
  /** Where background work gets its connections: the first caller's entity manager. */
  private source: EntityManager | null = null;
  private upkeep: Promise<void> | null = null;
  /** A look for changes was asked for while one ran: look again when it ends. */
  private lookAgain = false;
  private checkedAt = 0;
  /** The last change applied, and the runs of earlier numbers not seen yet. */
  private after = 0;
  private gaps: Gap[] = [];
  /** Games were added since the ranks were read. */
  private unranked = false;
  private prunedAt = 0;
  /** Why the last upkeep failed, for `ready`'s error. */
  private failure: unknown;
  /** The most games applied in one slice, for tests and the bench to check slices stay bounded. */
  largestSlice = 0;

  /** `onChange` runs after changed games were applied: answers made from the index before are out of date. */
  constructor(private readonly onChange: () => void = () => {}) {}

  /** A write on this server changed what searches find: look for changes now. */
  catchUp(): void {
    this.checkedAt = 0;
    if (this.upkeep) this.lookAgain = true;
    else if (this.source) this.keepFresh(this.source);
  }

  /** Stops showing a game at once (taken off the portal on this server); the catch-up that follows confirms it. */
  hide(gameId: number): void {
    if (this.snapshot) applyGames(this.snapshot, [], [gameId]);
    this.catchUp();
  }

  /**
   * The ids of the page of games matching the search, in order, or null when the index cannot
   * answer right now (not built yet): then the caller asks the database. Starts whatever upkeep
   * is due in the background, on connections forked from `em`.
   */
  pageIds(em: EntityManager, query: IndexQuery): number[] | null {
    this.keepFresh(em);
    return this.snapshot ? searchSnapshot(this.snapshot, query) : null;
  }

  /**
   * Suggestions for typed text (trimmed, lower case, single spaces), up to `perKind` of each
   * section, as the SQL suggestions (server/domains/search/queries.ts) give them; or null when
   * the index cannot answer right now.
   */
  suggestionRows(em: EntityManager, lowered: string, perKind: number): SuggestionRow[] | null {
    this.keepFresh(em);
    return this.snapshot ? suggestFromSnapshot(this.snapshot, lowered, perKind) : null;
  }

  /** The ids of the `limit` most played published games, most played first (empty until built). */
  mostPlayedIds(limit: number): number[] {
    const snapshot = this.snapshot;
    if (!snapshot) return [];
    const ids: number[] = [];
    for (const position of snapshot.ranks.order.popular) {
      if (ids.length >= limit) break;
      if (has(snapshot.live, position)) ids.push(snapshot.ids[position]!);
    }
    return ids;
  }

  /** Builds it and applies every change made so far (tests, and a server that wants it ready before traffic). */
  async ready(em: EntityManager): Promise<void> {
    this.source ??= em;
    for (;;) {
      await this.upkeep;
      const before = this.after;
      this.checkedAt = 0;
      this.failure = undefined;
      this.keepFresh(em);
      await this.upkeep;
      if (!this.snapshot || this.failure !== undefined) throw new Error('The search index could not be built from the database', { cause: this.failure });
      if (this.after === before && !this.lookAgain) return;
    }
  }

  private keepFresh(em: EntityManager): void {
    this.source ??= em;
    if (this.upkeep) return;
    const now = Date.now();
    if (this.snapshot && now - this.checkedAt < CHECK_MS) return;
    this.checkedAt = now;
    this.upkeep = this.runUpkeep(em.fork())
      .catch((error: unknown) => {
        this.failure = error;
      })
      .finally(() => {
        this.upkeep = null;
        if (this.lookAgain) {
          this.lookAgain = false;
          this.catchUp();
        }
      });
  }

  /** Loads the whole catalog when due, then applies the changes since, a slice at a time. */
  private async runUpkeep(em: EntityManager): Promise<void> {
    const current = this.snapshot;
    if (!current || Date.now() - current.builtAt >= FULL_RELOAD_MS || current.size - current.liveCount > Math.max(10_000, current.liveCount)) {
      await this.loadInFull(em);
    }
    const snapshot = this.snapshot!;
    let changed = false;
    let rankedAt = Date.now();
    for (;;) {
      const changes = await changesSince(em, this.after, this.gaps, SEARCH_SLICE);
      if (changes.length === 0) break;
      const { published, gone } = await gamesNow(em, [...new Set(changes.map((change) => change.gameId))]);
      applyGames(snapshot, published, gone);
      this.largestSlice = Math.max(this.largestSlice, published.length + gone.length);
      this.advance(changes.map((change) => change.seq));
      changed = true;
      if (published.length > 0) this.unranked = true;
      await yieldToRequests();
      if (this.unranked && Date.now() - rankedAt >= RANKS_WHILE_ADDING_MS) {
        await this.readRanks(em, snapshot);
        rankedAt = Date.now();
      }
    }
    if (changed) Object.assign(snapshot, await loadNames(em));
    if (this.unranked || Date.now() - snapshot.ranks.loadedAt >= RANKS_TTL_MS) await this.readRanks(em, snapshot);
    if (changed) this.onChange();
    if (Date.now() - this.prunedAt >= FULL_RELOAD_MS) {
      this.prunedAt = Date.now();
      await pruneChanges(em);
    }
  }

  private async readRanks(em: EntityManager, snapshot: Snapshot): Promise<void> {
    this.unranked = false;
    snapshot.ranks = await loadRanks(em, () => snapshot.positionOf, snapshot.capacity);
    this.onChange();
  }

  /** Reads every published game, a slice at a time, into a new snapshot; the current one answers until it is done. */
  private async loadInFull(em: EntityManager): Promise<void> {
    const latest = await latestChange(em);
    const snapshot = emptySnapshot();
    for (let afterId = 0; ; ) {
      const games = await publishedGamesAfter(em, afterId, SEARCH_SLICE);
      if (games.length === 0) break;
      applyGames(snapshot, games, []);
      this.largestSlice = Math.max(this.largestSlice, games.length);
      afterId = games.at(-1)!.id;
      await yieldToRequests();
    }
    Object.assign(snapshot, await loadNames(em));
    snapshot.ranks = await loadRanks(em, () => snapshot.positionOf, snapshot.capacity);
    this.snapshot = snapshot;
    this.unranked = false;
    this.after = latest;
    this.gaps = latest > 0 ? [{ from: Math.max(1, latest - RECENT_CHANGES + 1), to: latest, until: Date.now() + GAP_WAIT_MS }] : [];
    this.onChange();
  }

  /** Records the change numbers read: those after the last become it, and the numbers skipped become gaps. */
  private advance(seqs: readonly number[]): void {
    const now = Date.now();
    const gaps: Gap[] = [];
    for (const gap of this.gaps) {
      if (gap.until < now) continue;
      let from = gap.from;
      for (const seq of seqs) {
        if (seq < from || seq > gap.to) continue;
        if (seq > from) gaps.push({ from, to: seq - 1, until: gap.until });
        from = seq + 1;
      }
      if (from <= gap.to) gaps.push({ from, to: gap.to, until: gap.until });
    }
    let expected = this.after + 1;
    for (const seq of seqs) {
      if (seq < expected) continue;
      if (seq > expected) gaps.push({ from: expected, to: seq - 1, until: now + GAP_WAIT_MS });
      expected = seq + 1;
    }
    this.after = expected - 1;
    gaps.sort((a, b) => b.until - a.until);
    this.gaps = gaps.slice(0, MAX_GAPS);
  }
}
