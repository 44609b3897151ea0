/**
 * Answers of the public catalog reads (home, lists, game pages) kept in memory,
 * so the hot pages cost no database round trip. An answer is fresh for a short
 * TTL, which bounds how far several server instances on one PostgreSQL can
 * disagree; in the second after that the next caller still gets it at once while
 * one refresh runs in the background (stale-while-revalidate), so traffic never
 * waits on the database for a hot page. Writes that change what lists show (approve, reject,
 * edit) call `invalidateCommitted()` once committed; unpublishing a game drops only the answers
 * that show it (`invalidateShowing`); a rating drops only its game's page
 * (`invalidateGame`); plays drop nothing: their counts arrive with the next refresh.
 */

import type { EntityManager } from '@mikro-orm/postgresql';
import { committedIn, committedSnapshot } from './catalog-changes';
import { SearchIndex } from './search-index';
import { GamesById } from './games-by-id';
import { freshUntilOf, shareAnswer } from './shared-answer';
import { CATALOG_FRESH_MS } from '../../../shared/constants';

/**
 * Search answers stay fresh longer than lists: a busy portal sees thousands of different
 * searches, each asked again and again, and a search may show counts 15 s old (a write on
 * this server still clears them at once).
 */
export const SEARCH_TTL_MS = 15_000;

/**
 * An answer loaded with `keepWhenAskedAgain` is kept only when its key was asked within this time
 * before. Most searches are asked once: keeping each of them for its TTL moved thousands of answers
 * a second into the heap's old space, and under a varied search mix a full garbage collection then
 * paused every request every 0.6 s. A search asked twice a minute is worth keeping.
 */
export const ASKED_AGAIN_WITHIN_MS = 60_000;

/** Options of `CatalogCache.get`. */
export type CacheGetOptions = {
  /** How long the answer stays fresh (default: the cache's TTL); searches may be older. */
  ttlMs?: number;
  /** Keep the answer only from the second time its key is asked (ASKED_AGAIN_WITHIN_MS). */
  keepWhenAskedAgain?: boolean;
};

type Entry = {
  freshUntil: number;
  value: Promise<unknown>;
  /** Set once the value has loaded: only a loaded value may be served stale. */
  loaded: boolean;
  /** The loaded value itself, for `invalidateShowing` to look into. */
  result?: unknown;
  refreshing: boolean;
};

/** A remembered answer to an anonymous GET, and the cache's answers it was made of. */
type RememberedAnswer = { freshUntil: number; value: object; builtFrom?: object[] };

export class CatalogCache {
  private readonly entries = new Map<string, Entry>();
  /** Anonymous GET answers by request URL: a hit skips the whole operation (see `answerFor`). */
  private readonly answersByUrl = new Map<string, RememberedAnswer>();
  /** Answers kept past their freshness for `staleAnswerFor` (`freshUntil` here: the end of that time). */
  private readonly staleAnswersByUrl = new Map<string, RememberedAnswer>();

  /**
   * Small values the answers are built from (a typed search word's expansion), kept apart from
   * the answers: thousands of them would otherwise crowd the answers out.
   */
  private readonly parts = new Map<string, { freshUntil: number; value: Promise<unknown> }>();
  private readonly maxParts = 10_000;

  /** Keys of `keepWhenAskedAgain` answers asked once, until when a second ask keeps the answer. */
  private readonly askedOnce = new Map<string, { freshUntil: number }>();
  private readonly maxAskedOnce = 20_000;

  /**
   * The published catalog's words, which searches are answered from; stale after the writes that
   * drop answers. Once it has caught up with any write (another server's, or this one's while the
   * database answered), the answers kept meanwhile may show the catalog as it was: they go in the
   * same step as the new words come in (`caughtUp`).
   */
  readonly searchIndex = new SearchIndex((changed, transactions) => this.caughtUp(changed, transactions));
  /** The games the index's pages show, read by id: counts as fresh as a search answer (shown up to 5 minutes old while read again), whole rows read again every 5 minutes. */
  readonly gamesById = new GamesById(SEARCH_TTL_MS, 5 * 60_000);

  /** Counts the times kept answers were dropped: an answer begun before a drop must not be remembered after it. */
  private drops = 0;

  /**
   * The database's committed transactions, read before a drop of every answer (`invalidateCommitted`):
   * every answer kept since was begun after their commits. Any later drop keeps that true.
   */
  private committedBeforeDrop: string | null = null;

  /** Remembered URLs hold their serialised and compressed bodies too: fewer of them are kept. */
  private readonly maxRememberedUrls: number;

  constructor(
    /** With maxStaleMs, the oldest an answer can be: a game page shows its own plays within 5 s. */
    readonly ttlMs = CATALOG_FRESH_MS,
    /**
     * Lists, pages and searches kept. A search answer is about 30 KB in memory; the many
     * different searches of a busy portal are what fill it.
     */
    private readonly maxEntries = 2000,
    /**
     * How long past its TTL an answer may still be served while its refresh runs: long enough
     * for a page asked for constantly never to wait, short enough that one asked for now and
     * then is loaded afresh.
     */
    private readonly maxStaleMs = 1000,
  ) {
    this.maxRememberedUrls = Math.min(maxEntries, 500);
  }

  /**
   * The cached answer for `key`, loading it once even when many requests ask at the same time.
   * With `keepWhenAskedAgain`, an answer whose key was not asked before is handed to the callers
   * waiting for it and not kept (`freshUntilOf` says it is no longer fresh, so nothing remembers it).
   */
  get<T>(key: string, load: () => Promise<T>, { ttlMs = this.ttlMs, keepWhenAskedAgain = false }: CacheGetOptions = {}): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.freshUntil > now) return hit.value as Promise<T>;
    if (hit?.loaded && hit.freshUntil + this.maxStaleMs > now) {
      if (!hit.refreshing) this.refresh(key, hit, load, ttlMs);
      return hit.value as Promise<T>;
    }
    if (keepWhenAskedAgain && this.firstAsk(key, now)) return this.loadOnce(key, load, now);
    return this.load(key, load, now, ttlMs);
  }

  /** Whether `key` was not asked within ASKED_AGAIN_WITHIN_MS; records this ask either way. */
  private firstAsk(key: string, now: number): boolean {
    const asked = this.askedOnce.get(key);
    if (asked && asked.freshUntil > now) return false;
    if (this.askedOnce.size >= this.maxAskedOnce) this.evictExpiredOrOldest(this.askedOnce, now, this.maxAskedOnce);
    this.askedOnce.set(key, { freshUntil: now + ASKED_AGAIN_WITHIN_MS });
    return true;
  }

  /** Loads an answer for the callers asking now, shared while it loads and dropped once it has. */
  private loadOnce<T>(key: string, load: () => Promise<T>, now: number): Promise<T> {
    const entry: Entry = { freshUntil: Number.POSITIVE_INFINITY, value: Promise.resolve(), loaded: false, refreshing: false };
    const value = load().then(
      (loaded) => {
        if (typeof loaded === 'object' && loaded !== null) shareAnswer(loaded, now);
        return loaded;
      },
    );
    entry.value = value;
    this.entries.set(key, entry);
    const drop = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then(drop, drop);
    return value;
  }

  /**
   * A small value answers are built from, loaded once for concurrent callers and kept for
   * `ttlMs` (no stale serving: it is cheap to load). Cleared with the answers by `invalidate()`.
   */
  getPart<T>(key: string, load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    const now = Date.now();
    const hit = this.parts.get(key);
    if (hit && hit.freshUntil > now) return hit.value as Promise<T>;
    if (this.parts.size >= this.maxParts) this.evictExpiredOrOldest(this.parts, now, this.maxParts);
    const entry = { freshUntil: now + ttlMs, value: load() };
    this.parts.set(key, entry);
    entry.value.catch(() => {
      if (this.parts.get(key) === entry) this.parts.delete(key);
    });
    return entry.value;
  }

  /**
   * Drops every answer: the next reads see the database as it is now. `changed` names the games the
   * write changed, when it knows them: only those are read again by id, and the others kept stay,
   * so searches go on without a query. Emptying them all for one approval made every search page
   * wait for PostgreSQL until each of its games had been read again (under a search load, a p99
   * of 80–200 ms for minutes after). Without `changed`, every kept game is read again. The search
   * index's catch-up drops the answers again for any change it then takes in; after a commit,
   * `invalidateCommitted` spares that.
   */
  invalidate(changed?: readonly number[]): void {
    this.searchIndex.markStale();
    this.forgetWritten(changed ?? null);
  }

  /**
   * `invalidate` once a write has committed: every list reloads once, not twice. The drop waits for
   * one tiny read of the transactions committed by then, and the index's catch-up leaves the answers
   * alone when it takes in only those (`caughtUp`): each was begun after they committed. Read
   * before the drop, not after: a write committing in between would count, and answers begun
   * before it would stay. Not from inside the write's transaction: its write would not count yet
   * (and on PGlite the read waits for the one connection that transaction holds).
   */
  async invalidateCommitted(em: EntityManager, changed?: readonly number[]): Promise<void> {
    // Should the read fail, the drop still happens; the catch-up then drops again.
    const committed = await committedSnapshot(em).catch(() => null);
    this.invalidate(changed);
    this.committedBeforeDrop = committed ?? this.committedBeforeDrop;
  }

  /**
   * The search index took in changes: their games are read again by id (a write may change more
   * than it names), and every kept answer goes unless each change had committed before a drop
   * (`committedBeforeDrop`). Null: a full build, which cannot tell what it took in.
   */
  private caughtUp(changed: readonly number[] | null, transactions: readonly string[] | null): void {
    const committed = this.committedBeforeDrop;
    if (changed && transactions && committed !== null && transactions.every((xid) => committedIn(xid, committed))) {
      for (const id of changed) this.gamesById.forget(id);
    } else this.forgetWritten(changed);
  }

  /**
   * The games `changed` are read again by id (null: every kept game), and every kept answer goes:
   * after a write here (`invalidate`), or once the search index caught up with other servers'
   * writes (null after a full build, which cannot tell which games changed).
   */
  private forgetWritten(changed: readonly number[] | null): void {
    if (changed) for (const id of changed) this.gamesById.forget(id);
    else this.gamesById.clear();
    this.dropAnswers();
  }

  /**
   * Where the cache stands: read it before making an answer, and hand it to `rememberAnswer` as
   * `since`. A search in flight while the index caught up (under load, there always are some)
   * finished after the drop and was remembered, and the next player to ask got the catalog as it
   * was before the catch-up (a rendered page for up to 45 s).
   */
  get generation(): number {
    return this.drops;
  }

  /** Drops every kept answer (not the games by id: each is read again once it is `freshMs` old). */
  private dropAnswers(): void {
    this.drops++;
    this.parts.clear();
    this.entries.clear();
    this.answersByUrl.clear();
    this.staleAnswersByUrl.clear();
  }

  /** Drops one game's page (after a change that only it shows at once, such as a rating). */
  invalidateGame(slug: string): void {
    const entry = this.entries.get(gameKey(slug));
    this.entries.delete(gameKey(slug));
    if (!entry) return;
    void entry.value.then((game) => {
      for (const answers of [this.answersByUrl, this.staleAnswersByUrl]) {
        for (const [url, answer] of answers) {
          if (answer.value === game || answer.builtFrom?.includes(game as object)) answers.delete(url);
        }
      }
    }, () => {});
  }

  /**
   * Drops every answer that shows one game (its page, and each list, search or home that holds
   * it) and the answers made from them, after the game was taken off the portal; the others
   * stay. Answers still loading are dropped too: they may have read the game before.
   */
  invalidateShowing(game: { id: number; slug: string }): void {
    this.drops++;
    this.searchIndex.markStale();
    this.gamesById.forget(game.id);
    const dropped = new Set<unknown>();
    for (const [key, entry] of this.entries) {
      if (key === gameKey(game.slug) || !entry.loaded || showsGame(entry.result, game.id)) {
        this.entries.delete(key);
        dropped.add(entry.result);
      }
    }
    for (const answers of [this.answersByUrl, this.staleAnswersByUrl]) {
      for (const [url, answer] of answers) {
        if (dropped.has(answer.value) || answer.builtFrom?.some((part) => dropped.has(part)) || showsGame(answer.value, game.id)) {
          answers.delete(url);
        }
      }
    }
  }

  /**
   * Remembers that an anonymous GET of `url` was answered with `value`, a shared answer
   * of this cache: while that answer is fresh and no write invalidates the cache, the
   * same URL gets the same answer without validating input or running the operation.
   * `builtFrom` lists the cache's answers it was made of (a rendered page's data), so dropping one
   * of them (`invalidateGame`) drops it too. `since`: the cache's `generation` when the answer's
   * making began; an answer begun before answers were last dropped is not remembered.
   */
  rememberAnswer(url: string, value: unknown, builtFrom?: object[], { keepStaleMs = 0, since = this.drops } = {}): void {
    const freshUntil = freshUntilOf(value);
    if (freshUntil === undefined || freshUntil <= Date.now() || since !== this.drops) return;
    if (this.answersByUrl.size >= this.maxRememberedUrls) this.evictExpiredOrOldest(this.answersByUrl, Date.now(), this.maxRememberedUrls);
    this.answersByUrl.set(url, { freshUntil, value: value as object, builtFrom });
    if (keepStaleMs > 0) {
      if (this.staleAnswersByUrl.size >= this.maxRememberedUrls) this.evictExpiredOrOldest(this.staleAnswersByUrl, Date.now(), this.maxRememberedUrls);
      this.staleAnswersByUrl.set(url, { freshUntil: freshUntil + keepStaleMs, value: value as object, builtFrom });
    }
  }

  /**
   * An answer remembered with `keepStaleMs` that is no longer fresh but still within that time:
   * for a caller that sends it at once while a new one is made (server-rendered pages).
   */
  staleAnswerFor(url: string): object | undefined {
    return this.unexpired(this.staleAnswersByUrl, url);
  }

  /** The remembered answer for an anonymous GET of `url`, if it is still fresh. */
  answerFor(url: string): object | undefined {
    return this.unexpired(this.answersByUrl, url);
  }

  /** The answer kept for `url` in `answers` while it has not expired; an expired one is dropped. */
  private unexpired(answers: Map<string, RememberedAnswer>, url: string): object | undefined {
    const hit = answers.get(url);
    if (hit === undefined) return undefined;
    if (hit.freshUntil > Date.now()) return hit.value;
    answers.delete(url);
    return undefined;
  }

  private load<T>(key: string, load: () => Promise<T>, now: number, ttlMs: number): Promise<T> {
    if (this.entries.size >= this.maxEntries) this.evictExpiredOrOldest(this.entries, now, this.maxEntries);
    const freshUntil = now + ttlMs;
    const entry: Entry = { freshUntil, value: Promise.resolve(), loaded: false, refreshing: false };
    const value = load().then((loaded) => {
      if (typeof loaded === 'object' && loaded !== null) shareAnswer(loaded, freshUntil);
      entry.loaded = true;
      entry.result = loaded;
      return loaded;
    });
    entry.value = value;
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Loads a stale entry again in the background; the stale answer stays until the new one is in. */
  private refresh<T>(key: string, stale: Entry, load: () => Promise<T>, ttlMs: number): void {
    stale.refreshing = true;
    const freshUntil = Date.now() + ttlMs;
    load().then(
      (loaded) => {
        // An invalidation (or a newer load) since the refresh began wins over this answer.
        if (this.entries.get(key) !== stale) return;
        if (typeof loaded === 'object' && loaded !== null) shareAnswer(loaded, freshUntil);
        this.entries.set(key, { freshUntil, value: Promise.resolve(loaded), loaded: true, result: loaded, refreshing: false });
      },
      () => {
        // Keep serving the stale answer; the next read past the TTL tries again.
        stale.refreshing = false;
      },
    );
  }

  private evictExpiredOrOldest(map: Map<string, { freshUntil: number }>, now: number, limit: number): void {
    for (const [key, entry] of map) {
      if (entry.freshUntil + this.maxStaleMs <= now) map.delete(key);
    }
    // Maps iterate in insertion order: drop the oldest tenth if still full, so a cache filled by
    // thousands of different searches looks through itself once per tenth, not once per answer.
    for (const key of map.keys()) {
      if (map.size < limit - Math.floor(limit / 10)) break;
      map.delete(key);
    }
  }
}

/** The cache key of one game's page. */
export function gameKey(slug: string): string {
  return `game:${slug}`;
}

/**
 * Whether an answer holds the game with this id: an answer is a game, a list of them, or lists
 * of them a few levels down (the home payload, a /trpc batch of results). A game's own fields
 * are not looked into. Anything with an id and a slug counts as a game: a category list whose
 * category has the game's id is dropped too, which costs one reload.
 */
function showsGame(value: unknown, gameId: number, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 5) return false;
  if (Array.isArray(value)) return value.some((item) => showsGame(item, gameId, depth + 1));
  const record = value as Record<string, unknown>;
  if (typeof record.slug === 'string' && typeof record.id === 'number') return record.id === gameId;
  return Object.values(record).some((item) => showsGame(item, gameId, depth + 1));
}
