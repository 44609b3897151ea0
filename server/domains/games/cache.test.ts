import { describe, expect, it, vi } from 'vitest';
import { CatalogCache } from './cache';

describe('CatalogCache', () => {
  it('loads a key once for concurrent callers and serves it until invalidated', async () => {
    const cache = new CatalogCache(60_000);
    const load = vi.fn<() => Promise<{ value: number }>>(async () => ({ value: 1 }));
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
    cache.invalidate();
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep failures', async () => {
    const cache = new CatalogCache(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await expect(cache.get('k', async () => 'ok')).resolves.toBe('ok');
  });

  it('expires entries after the TTL', async () => {
    vi.useFakeTimers();
    try {
      const cache = new CatalogCache(1000);
      const load = vi.fn<() => Promise<string>>(async () => 'v');
      await cache.get('k', load);
      vi.advanceTimersByTime(1001);
      await cache.get('k', load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays within its size bound', async () => {
    const cache = new CatalogCache(60_000, 3);
    const load = vi.fn<() => Promise<string>>(async () => 'v');
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, load);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(5);
  });
});
