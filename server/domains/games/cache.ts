/**
 * Answers of the public catalog reads (home, lists, game pages) kept in memory,
 * so the hot pages cost no database round trip. Any write that changes what
 * they show calls `invalidate()`; the TTL bounds staleness when several server
 * instances share one PostgreSQL.
 */
export class CatalogCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = 5000,
    private readonly maxEntries = 500,
  ) {}

  /** The cached answer for `key`, loading it once even when many requests ask at the same time. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    if (this.entries.size >= this.maxEntries) this.evictExpiredOrOldest(now);
    const value = load();
    this.entries.set(key, { expiresAt: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  invalidate(): void {
    this.entries.clear();
  }

  private evictExpiredOrOldest(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
    // Maps iterate in insertion order: drop the oldest entry if still full.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
