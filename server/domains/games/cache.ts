/**
 * Answers of the public catalog reads (home, lists, game pages) kept in memory,
 * so the hot pages cost no database round trip. Any write that changes what
 * they show calls `invalidate()`; the TTL bounds staleness when several server
 * instances share one PostgreSQL.
 */
/**
 * Every answer this cache hands out, shared by all anonymous callers until it is
 * refreshed, with the time its entry expires: the REST adapter serialises and
 * compresses such an object once.
 */
const sharedAnswers = new WeakMap<object, number>();

export function isSharedAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && sharedAnswers.has(value);
}

export class CatalogCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  /** Anonymous GET /api answers by request URL: a hit skips the whole operation (see `answerFor`). */
  private readonly answersByUrl = new Map<string, { expiresAt: number; value: object }>();

  constructor(
    private readonly ttlMs = 5000,
    private readonly maxEntries = 500,
  ) {}

  /** The cached answer for `key`, loading it once even when many requests ask at the same time. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.evictExpiredOrOldest(this.entries, now);
    const expiresAt = now + this.ttlMs;
    const value = load().then((loaded) => {
      if (typeof loaded === 'object' && loaded !== null) sharedAnswers.set(loaded, expiresAt);
      return loaded;
    });
    this.entries.set(key, { expiresAt, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  invalidate(): void {
    this.entries.clear();
    this.answersByUrl.clear();
  }

  /**
   * Remembers that an anonymous GET of `url` was answered with `value`, a shared answer
   * of this cache: until that answer's entry expires or any write invalidates the cache,
   * the same URL gets the same answer without validating input or running the operation.
   */
  rememberAnswer(url: string, value: unknown): void {
    if (typeof value !== 'object' || value === null) return;
    const expiresAt = sharedAnswers.get(value);
    if (expiresAt === undefined) return;
    if (this.answersByUrl.size >= this.maxEntries) this.evictExpiredOrOldest(this.answersByUrl, Date.now());
    this.answersByUrl.set(url, { expiresAt, value });
  }

  /** The remembered answer for an anonymous GET of `url`, if it is still current. */
  answerFor(url: string): object | undefined {
    const hit = this.answersByUrl.get(url);
    if (hit === undefined) return undefined;
    if (hit.expiresAt > Date.now()) return hit.value;
    this.answersByUrl.delete(url);
    return undefined;
  }

  private evictExpiredOrOldest(map: Map<string, { expiresAt: number }>, now: number): void {
    for (const [key, entry] of map) {
      if (entry.expiresAt <= now) map.delete(key);
    }
    // Maps iterate in insertion order: drop the oldest entry if still full.
    if (map.size >= this.maxEntries) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
  }
}
