/**
 * Published games by id, as lists show them, for the pages of ids the search index finds. Reading
 * a page's games from the database costs a round trip that, on a busy 2-core machine, waits a
 * whole turn of the event loop or two (20–40 ms under load) while the index itself takes a tenth
 * of a millisecond; so the games are kept in memory and a search page costs no query at all.
 *
 * - A game is fresh for `freshMs` (as old as a cached search answer may be). Past that it is still
 *   shown, for up to `staleMs`, while it is read again in the background: a page never waits for
 *   a game it has shown before. So a search page's counts are seconds old for the games shown
 *   often, and at most `staleMs` old for one shown once in a while.
 * - Games not kept are read together with those the other requests of the same turn of the event
 *   loop miss: one query for a burst of searches.
 * - `warm` reads the most popular games ahead, when the index is built: they fill most pages.
 * - `clear` and `forget` follow the catalog cache's invalidations.
 */
import type { Game } from '../../../shared/schemas';
import { sharedJsonOf } from './shared-json';

type Kept = { freshUntil: number; game: Game };
type Load = (missing: number[]) => Promise<Game[]>;

/** How long a game whose background read failed is shown before it is tried again. */
const RETRY_AFTER_MS = 5_000;
/** Games read in one query by `warm`. */
const WARM_SLICE = 2_000;

export class GamesById {
  private readonly games = new Map<number, Kept>();
  /** Bumped by every invalidation: a load that began before one must not put back what it read. */
  private generation = 0;
  /** The ids missed in this turn of the event loop, read together once it ends. */
  private batch: { ids: Set<number>; loaded: Promise<Map<number, Game>> } | null = null;

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
  ) {}

  /**
   * The games with these ids that are published, in the order given. (Whichever caller starts a
   * batch, its `load` reads it: every caller's `load` must read the same thing.)
   */
  async get(ids: readonly number[], load: Load): Promise<Game[]> {
    const now = Date.now();
    const found = new Map<number, Game>();
    const missing: number[] = [];
    const due: number[] = [];
    for (const id of ids) {
      const kept = this.games.get(id);
      if (kept && kept.freshUntil + this.staleMs > now) {
        found.set(id, kept.game);
        if (kept.freshUntil <= now) {
          // Read again in the background, once: until then (or after a failure) it is shown as it is.
          kept.freshUntil = now + RETRY_AFTER_MS - this.staleMs;
          due.push(id);
        }
      } else missing.push(id);
    }
    if (due.length > 0) this.loadInBatch(due, load).catch(() => {});
    if (missing.length > 0) {
      const loaded = await this.loadInBatch(missing, load);
      for (const id of missing) {
        const game = loaded.get(id);
        if (game) found.set(id, game);
      }
    }
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** Reads these games ahead (the most popular first), a slice at a time, while there is room. */
  async warm(ids: readonly number[], load: Load): Promise<void> {
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

  private loadInBatch(ids: readonly number[], load: Load): Promise<Map<number, Game>> {
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
    this.games.set(game.id, { freshUntil: now + this.freshMs, game: shown });
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
