/**
 * Published games by id, as lists show them, for the pages of ids the search index finds. Reading
 * a page's games from the database costs a round trip that, on a busy 2-core machine, waits a
 * whole turn of the event loop or two (20–40 ms under load) while the index itself takes a tenth
 * of a millisecond; so the games are kept in memory and a search page costs no query at all.
 *
 * - A game's counts (plays, players now, rating) are fresh for `freshMs` (as old as a cached
 *   search answer may be). Past that it is still shown, for up to `staleMs`, while they are read
 *   again in the background: a page never waits for a game it has shown before. So a search page's
 *   counts are seconds old for the games shown often, and at most `staleMs` old for one shown once
 *   in a while. Only the counts are read again: reading whole rows (some 6,000 a second under a
 *   search mix) made garbage that outlived V8's young generation, and its collections then
 *   paused every request 10–40 ms several times a second. A game read again with the same counts
 *   stays the same object.
 * - The whole row is read again every ROW_READ_MS, for what another server changed that the
 *   search index does not hear of (a description, a thumbnail); what it does hear of (a title, a
 *   status, tags) is forgotten at its catch-up (`forget`), and this server's writes forget their games.
 * - At most READS_AGAIN_PER_SECOND games are read again (counts or rows) a second; past it a game
 *   is shown as it is, and read on a later show.
 * - Games not kept are read together with those the other requests of the same turn of the event
 *   loop miss: one query for a burst of searches; counts likewise.
 * - `warm` reads the most popular games ahead, when the index is built: they fill most pages.
 * - `clear` and `forget` follow the catalog cache's invalidations.
 */
import type { Game } from '../../../shared/schemas';
import { sharedJsonOf } from './shared-json';

type Kept = { freshUntil: number; rowUntil: number; game: Game };
/** What changes without a write the catalog cache hears of: the counts, as a game shows them. */
export type GameCounts = Pick<Game, 'id' | 'metrics' | 'ratingSummary'>;
type Readers = {
  /** Published games by id, whole (any order; the unpublished left out). */
  games: (ids: number[]) => Promise<Game[]>;
  /** The counts of the published games among these ids (the unpublished left out). */
  counts: (ids: number[]) => Promise<GameCounts[]>;
};

/** How often a kept game's whole row is read again (its counts are read every `freshMs`). */
export const ROW_READ_MS = 5 * 60_000;

/** How long a game whose background read failed is shown before it is tried again. */
const RETRY_AFTER_MS = 5_000;
/** Games read in one query by `warm`. */
const WARM_SLICE = 2_000;

/**
 * Most kept games read again (their counts, or their whole row) in one second. After a quiet spell
 * every game a search shows is due at once: under the scale bench's search mix the counts read
 * jumped from some 2,500 games a second to 14,000 for seconds, and their queries and rows, on the
 * same two cores, held searches up 60-110 ms at a time; the whole rows of the games read ahead at
 * start fall due together likewise. A game past the budget is shown as it is (it is within
 * `staleMs`) and read on a later show.
 */
export const READS_AGAIN_PER_SECOND = 3_000;

export class GamesById {
  private readonly games = new Map<number, Kept>();
  /** Bumped by every invalidation: a load that began before one must not put back what it read. */
  private generation = 0;
  /** The ids missed in this turn of the event loop, read together once it ends. */
  private batch: { ids: Set<number>; loaded: Promise<Map<number, Game>> } | null = null;
  /** The ids whose counts are due, likewise. */
  private countsBatch: Set<number> | null = null;
  /** The second of the reads again, and how many more games it may read again. */
  private readsSecond = 0;
  private readsLeft = 0;

  constructor(
    private readonly freshMs: number,
    private readonly staleMs: number,
    /**
     * About 1.5 KB each with its JSON (what games share, such as their categories, is held once:
     * shared-parts.ts): 120,000 games hold some 180 MB. Enough for a catalog of 100,000 to be
     * held whole, so that a search finding games nobody looked at lately (two words together
     * mostly do) does not wait for the database.
     */
    readonly maxGames = 120_000,
    private readonly readsAgainPerSecond = READS_AGAIN_PER_SECOND,
  ) {}

  /**
   * The games with these ids that are published, in the order given. (Whichever caller starts a
   * batch, its readers read it: every caller's readers must read the same thing.)
   */
  async get(ids: readonly number[], read: Readers): Promise<Game[]> {
    const now = Date.now();
    const found = new Map<number, Game>();
    const missing: number[] = [];
    const rowsDue: number[] = [];
    const countsDue: number[] = [];
    for (const id of ids) {
      const kept = this.games.get(id);
      if (kept && kept.freshUntil + this.staleMs > now) {
        found.set(id, kept.game);
        // Read again in the background, once: until then (or after a failure, or past this
        // second's budget) it is shown as it is.
        const rowDue = kept.rowUntil <= now;
        if ((rowDue || kept.freshUntil <= now) && this.mayReadAgain(now)) {
          if (rowDue) {
            kept.rowUntil = now + RETRY_AFTER_MS;
            rowsDue.push(id);
          } else {
            kept.freshUntil = now + RETRY_AFTER_MS - this.staleMs;
            countsDue.push(id);
          }
        }
      } else missing.push(id);
    }
    if (rowsDue.length > 0) this.loadInBatch(rowsDue, read.games).catch(() => {});
    if (countsDue.length > 0) this.countsInBatch(countsDue, read.counts);
    if (missing.length > 0) {
      const loaded = await this.loadInBatch(missing, read.games);
      for (const id of missing) {
        const game = loaded.get(id);
        if (game) found.set(id, game);
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** Reads these games ahead (the most popular first), a slice at a time, while there is room. */
  async warm(ids: readonly number[], load: Readers['games']): Promise<void> {
    for (let start = 0; start < ids.length && this.games.size + WARM_SLICE <= this.maxGames; start += WARM_SLICE) {
      const generation = this.generation;
      const games = await load(ids.slice(start, start + WARM_SLICE));
      if (generation !== this.generation) return;
      const now = Date.now();
      for (const game of games) if (!this.games.has(game.id)) this.keep(game, now);
    }
  }

  /** One game changed what lists show (taken off the portal). */
  forget(id: number): void {
    this.generation++;
    this.games.delete(id);
  }

  clear(): void {
    this.generation++;
    this.games.clear();
  }

  private loadInBatch(ids: readonly number[], load: Readers['games']): Promise<Map<number, Game>> {
    if (!this.batch) {
      const batched = new Set<number>();
      const generation = this.generation;
      const loaded = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => {
          this.batch = null;
          return load([...batched]);
        })
        .then((games) => {
          const now = Date.now();
          const keep = generation === this.generation;
          const byId = new Map<number, Game>();
          for (const game of games) byId.set(game.id, keep ? this.keep(game, now) : game);
          // A kept game the read did not find is no longer published.
          if (keep) for (const id of batched) if (!byId.has(id)) this.games.delete(id);
          return byId;
        });
      this.batch = { ids: batched, loaded };
    }
    for (const id of ids) this.batch.ids.add(id);
    return this.batch.loaded;
  }

  /** Reads the counts of these kept games with those the other requests of this turn find due. */
  private countsInBatch(ids: readonly number[], readCounts: Readers['counts']): void {
    if (!this.countsBatch) {
      const batched = (this.countsBatch = new Set<number>());
      const generation = this.generation;
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => {
          this.countsBatch = null;
          return readCounts([...batched]);
        })
        .then((counts) => {
          if (generation !== this.generation) return;
          const now = Date.now();
          const read = new Set<number>();
          for (const count of counts) {
            read.add(count.id);
            const kept = this.games.get(count.id);
            if (!kept) continue;
            kept.freshUntil = now + this.freshMs;
            if (!sameCounts(kept.game, count)) kept.game = { ...kept.game, metrics: count.metrics, ratingSummary: count.ratingSummary };
          }
          // A kept game the read did not find is no longer published.
          for (const id of batched) if (!read.has(id)) this.games.delete(id);
        })
        // Shown as it is until RETRY_AFTER_MS has passed, then read whole.
        .catch(() => {});
    }
    for (const id of ids) this.countsBatch.add(id);
  }

  /** Whether this second's budget of games to read again has room for one more (taking it). */
  private mayReadAgain(now: number): boolean {
    const second = Math.floor(now / 1000);
    if (second !== this.readsSecond) [this.readsSecond, this.readsLeft] = [second, this.readsAgainPerSecond];
    return this.readsLeft-- > 0;
  }

  /** Keeps `game` and returns the object kept for it. */
  private keep(game: Game, now: number): Game {
    // A game read again unchanged (most are, between two reads) stays the object already kept,
    // with its JSON already written: replacing it by an equal one every few seconds made tens of
    // megabytes of long-lived garbage a second under a search load, and a full garbage
    // collection every second or two that paused every request.
    const kept = this.games.get(game.id)?.game;
    const shown = kept && sharedJsonOf(kept) === sharedJsonOf(game) ? kept : game;
    // Deleted first so the Map's insertion order stays the order games were read in.
    this.games.delete(game.id);
    if (this.games.size >= this.maxGames) this.dropOldest(now);
    this.games.set(game.id, { freshUntil: now + this.freshMs, rowUntil: now + ROW_READ_MS, game: shown });
    return shown;
  }

  /** Drops the games past showing, then the oldest tenth if still full (once per tenth, not once per game). */
  private dropOldest(now: number): void {
    for (const [id, kept] of this.games) if (kept.freshUntil + this.staleMs <= now) this.games.delete(id);
    for (const id of this.games.keys()) {
      if (this.games.size < this.maxGames - Math.floor(this.maxGames / 10)) break;
      this.games.delete(id);
    }
  }
}

function sameCounts(game: Game, counts: GameCounts): boolean {
  return (
    game.metrics.plays === counts.metrics.plays &&
    game.metrics.playingNow === counts.metrics.playingNow &&
    game.ratingSummary.avg === counts.ratingSummary.avg &&
    game.ratingSummary.count === counts.ratingSummary.count
  );
}
