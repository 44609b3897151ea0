import { describe, expect, it, vi } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Game } from '../../../shared/schemas';
import { CatalogCache } from './cache';
import { isSharedAnswer, shareAnswer } from './shared-answer';

/** What SearchIndex calls once it has caught up (search-index.ts' update). */
function indexCaughtUp(cache: CatalogCache): (changed: readonly number[] | null, transactions: readonly string[] | null) => void {
  const index = cache.searchIndex as unknown as { onCaughtUp(changed: readonly number[] | null, transactions: readonly string[] | null): void };
  return (changed, transactions) => index.onCaughtUp(changed, transactions);
}

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

  it('keeps parts apart from answers: loaded once, for their TTL, dropped by invalidate, failures not kept', async () => {
    vi.useFakeTimers();
    try {
      const cache = new CatalogCache(1000, 1);
      const load = vi.fn<() => Promise<number>>(async () => 7);
      expect(await Promise.all([cache.getPart('w', load, 5000), cache.getPart('w', load, 5000)])).toEqual([7, 7]);
      // A full answer store does not push parts out.
      await cache.get('a', async () => ({}));
      await cache.get('b', async () => ({}));
      vi.advanceTimersByTime(4000);
      await cache.getPart('w', load, 5000);
      expect(load).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1001);
      await cache.getPart('w', load, 5000);
      expect(load).toHaveBeenCalledTimes(2);
      cache.invalidate();
      await cache.getPart('w', load, 5000);
      expect(load).toHaveBeenCalledTimes(3);
      await expect(cache.getPart('x', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
      await expect(cache.getPart('x', async () => 1)).resolves.toBe(1);
    } finally {
      vi.useRealTimers();
    }
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

  it('keeps a keepWhenAskedAgain answer only from its second ask within a minute, sharing it while it loads', async () => {
    vi.useFakeTimers();
    try {
      const cache = new CatalogCache(1000);
      const load = vi.fn<() => Promise<{ games: number[] }>>(async () => ({ games: [1] }));
      const options = { ttlMs: 15_000, keepWhenAskedAgain: true };
      // Asked once (by two callers at the same moment): loaded once, handed to both, not kept.
      const [a, b] = await Promise.all([cache.get('search', load, options), cache.get('search', load, options)]);
      expect(a).toBe(b);
      expect(load).toHaveBeenCalledTimes(1);
      // A shared answer (serialised once, its output checked once), but not fresh: nothing remembers it.
      expect(isSharedAnswer(a)).toBe(true);
      cache.rememberAnswer('/api/games?search=x', a);
      expect(cache.answerFor('/api/games?search=x')).toBeUndefined();
      // Asked again within the minute: loaded again and kept for its TTL.
      vi.advanceTimersByTime(59_000);
      const kept = await cache.get('search', load, options);
      expect(load).toHaveBeenCalledTimes(2);
      expect(await cache.get('search', load, options)).toBe(kept);
      expect(load).toHaveBeenCalledTimes(2);
      cache.rememberAnswer('/api/games?search=x', kept);
      expect(cache.answerFor('/api/games?search=x')).toBe(kept);
      // After its TTL and a minute without asks, it is a first ask again.
      vi.advanceTimersByTime(15_000 + 61_000);
      await cache.get('search', load, options);
      await cache.get('search', load, options);
      expect(load).toHaveBeenCalledTimes(4);
      // A failed first ask is not kept either.
      await expect(cache.get('failing', () => Promise.reject(new Error('db down')), options)).rejects.toThrow('db down');
      await expect(cache.get('failing', async () => 'ok', options)).resolves.toBe('ok');
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

  it('a write naming the games it changed has only those read again by id; one naming none, every kept game', async () => {
    const cache = new CatalogCache(60_000);
    const asked: number[][] = [];
    const load = async (ids: number[]) => {
      asked.push(ids);
      return ids.map((id) => ({ id, slug: `g${id}` }) as unknown as Game);
    };
    const read = { games: load, counts: async () => [] };
    await cache.gamesById.get([1, 2, 3], read);
    cache.invalidate([2]);
    await cache.gamesById.get([1, 2, 3], read);
    cache.invalidate();
    await cache.gamesById.get([1, 2, 3], read);
    expect(asked).toEqual([[1, 2, 3], [2], [1, 2, 3]]);
  });

  it("the search index catching up with other servers' writes has their games read again by id; after a full build, every kept game", async () => {
    const cache = new CatalogCache(60_000);
    const asked: number[][] = [];
    const read = {
      games: async (ids: number[]) => {
        asked.push(ids);
        return ids.map((id) => ({ id, slug: `g${id}` }) as unknown as Game);
      },
      counts: async () => [],
    };
    const caughtUp = indexCaughtUp(cache);
    await cache.gamesById.get([1, 2, 3], read);
    caughtUp([2, 9], ['700']);
    await cache.gamesById.get([1, 2, 3], read);
    caughtUp(null, null);
    await cache.gamesById.get([1, 2, 3], read);
    expect(asked).toEqual([[1, 2, 3], [2], [1, 2, 3]]);
  });

  it('a write committed here drops the answers once the database has said what had committed; the catch-up keeps the answers begun after, unless it takes in more', async () => {
    const cache = new CatalogCache(60_000);
    let committed!: (rows: { snapshot: string }[]) => void;
    const em = { getConnection: () => ({ execute: () => new Promise((resolve) => (committed = resolve)) }) } as unknown as EntityManager;
    const load = vi.fn<() => Promise<object>>(async () => ({}));
    const invalidated = cache.invalidateCommitted(em, [1]);
    // Begun while the database is asked: it may predate a commit the answer counts.
    await cache.get('during', load);
    // Transactions below 10 had ended; 11 was running, 12 had not begun.
    committed([{ snapshot: '10:12:11' }]);
    await invalidated;
    await cache.get('after', load);
    const caughtUp = indexCaughtUp(cache);
    caughtUp([1], ['9', '10']);
    await cache.get('during', load);
    await cache.get('after', load);
    expect(load).toHaveBeenCalledTimes(3);
    for (const [index, transaction] of ['11', '12'].entries()) {
      caughtUp([2], ['10', transaction]);
      await cache.get('after', load);
      expect(load).toHaveBeenCalledTimes(4 + index);
    }
    caughtUp(null, null);
    await cache.get('after', load);
    expect(load).toHaveBeenCalledTimes(6);
  });

  it('invalidateShowing drops only the answers that show the game, and the answers made from them', async () => {
    const cache = new CatalogCache(60_000);
    const load = vi.fn<(value: unknown) => Promise<unknown>>(async (value) => value);
    const gone = { id: 7, slug: 'gone', categories: [{ id: 1, slug: 'action' }] };
    const kept = { id: 8, slug: 'kept', categories: [{ id: 7, name: 'Puzzle' }] };
    const page = await cache.get('game:gone', () => load(gone));
    const home = await cache.get('home', () => load({ popular: [kept], new: [gone] }));
    const list = await cache.get('list:other', () => load([kept]));
    await cache.get('game:kept', () => load(kept));
    cache.rememberAnswer('/gone', page);
    cache.rememberAnswer('/rendered-home', shareAnswer({ html: '' }, Date.now() + 60_000), [home as object]);
    cache.rememberAnswer('/batch', shareAnswer([{ result: { data: home } }], Date.now() + 60_000));
    cache.rememberAnswer('/other', list);
    const pending = cache.get('list:loading', () => new Promise(() => {}));

    cache.invalidateShowing({ id: 7, slug: 'gone' });
    for (const url of ['/gone', '/rendered-home', '/batch']) expect(cache.answerFor(url)).toBeUndefined();
    expect(cache.answerFor('/other')).toBe(list);
    load.mockClear();
    await cache.get('game:gone', () => load(null));
    await cache.get('home', () => load({}));
    await cache.get('list:other', () => load([]));
    await cache.get('game:kept', () => load(kept));
    // A game's own category with the game's id does not count; a load already under way is dropped.
    expect(load.mock.calls.map(([value]) => value)).toEqual([null, {}]);
    expect(cache.get('list:loading', async () => 'fresh')).not.toBe(pending);
  });

  describe('answers remembered by URL', () => {
    it('serves a shared answer until its entry expires', async () => {
      vi.useFakeTimers();
      try {
        const cache = new CatalogCache(1000);
        const home = await cache.get('home', async () => ({ popular: [] }));
        expect(isSharedAnswer(home)).toBe(true);
        cache.rememberAnswer('/api/home', home);
        expect(cache.answerFor('/api/home')).toBe(home);
        expect(cache.answerFor('/api/home?x=1')).toBeUndefined();
        vi.advanceTimersByTime(1001);
        expect(cache.answerFor('/api/home')).toBeUndefined();
      } finally {
        vi.useRealTimers();
      }
    });

    it('forgets every URL when a write invalidates the cache', async () => {
      const cache = new CatalogCache(60_000);
      cache.rememberAnswer('/api/home', await cache.get('home', async () => ({ popular: [] })));
      cache.invalidate();
      expect(cache.answerFor('/api/home')).toBeUndefined();
    });

    it('never remembers an answer built for one caller', () => {
      const cache = new CatalogCache(60_000);
      const personal = { popular: [{ isFavorited: true }] };
      expect(isSharedAnswer(personal)).toBe(false);
      cache.rememberAnswer('/api/home', personal);
      cache.rememberAnswer('/api/games/none', null);
      expect(cache.answerFor('/api/home')).toBeUndefined();
      expect(cache.answerFor('/api/games/none')).toBeUndefined();
    });

    it('stays within its size bound', async () => {
      const cache = new CatalogCache(60_000, 2);
      const answer = await cache.get('list', async () => ['game']);
      for (const url of ['/api/games?a', '/api/games?b', '/api/games?c']) cache.rememberAnswer(url, answer);
      expect(cache.answerFor('/api/games?a')).toBeUndefined();
      expect(cache.answerFor('/api/games?b')).toBe(answer);
      expect(cache.answerFor('/api/games?c')).toBe(answer);
    });
  });
});
