import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Game } from '../../../shared/schemas';
import { GamesById, ROW_READ_MS } from './games-by-id';

const game = (id: number, plays = 0, title = `Game ${id}`) =>
  ({ id, slug: `g${id}`, title, metrics: { plays, playingNow: 0 }, ratingSummary: { avg: 0, count: 0 } }) as unknown as Game;
/**
 * Readers that answer every id asked for except the unpublished ones, with `plays` and `title`,
 * and record what each was asked: `asked` whole games, `counted` counts.
 */
function loader(unpublished: number[] = [], plays = 0, title?: string) {
  const asked: number[][] = [];
  const counted: number[][] = [];
  const published = (ids: number[]) => ids.filter((id) => !unpublished.includes(id));
  const load = async (missing: number[]) => {
    asked.push(missing);
    return published(missing).map((id) => game(id, plays, title));
  };
  const counts = async (ids: number[]) => {
    counted.push(ids);
    return published(ids).map((id) => ({ id, metrics: { plays, playingNow: 0 }, ratingSummary: { avg: 0, count: 0 } }));
  };
  return { asked, counted, load, read: { games: load, counts } };
}

describe('GamesById', () => {
  afterEach(() => vi.useRealTimers());

  it('reads only the games it does not keep, and answers in the order asked without the unpublished ones', async () => {
    const games = new GamesById(15_000, 60_000);
    const first = loader([3]);
    expect((await games.get([1, 2, 3], first.read)).map((g) => g.id)).toEqual([1, 2]);
    const second = loader();
    expect((await games.get([4, 2, 1], second.read)).map((g) => g.id)).toEqual([4, 2, 1]);
    expect(second.asked).toEqual([[4]]);
  });

  it('shows a game past its time at once while its counts are read again, and waits for it only once it is too old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const games = new GamesById(15_000, 60_000);
    await games.get([1, 2], loader([], 5).read);
    vi.setSystemTime(Date.now() + 14_999);
    const fresh = loader([], 6);
    expect((await games.get([1], fresh.read))[0]!.metrics.plays).toBe(5);
    expect([fresh.asked, fresh.counted]).toEqual([[], []]);

    vi.setSystemTime(Date.now() + 2);
    const background = loader([2], 6);
    expect((await games.get([1, 2], background.read)).map((g) => g.metrics.plays)).toEqual([5, 5]);
    // Only the counts are read again, in the background.
    await vi.waitFor(() => expect(background.counted).toEqual([[1, 2]]));
    expect(background.asked).toEqual([]);
    // Game 1 with its new count; game 2, no longer published, is gone.
    await vi.waitFor(async () => expect((await games.get([1, 2], loader([2]).read)).map((g) => [g.id, g.metrics.plays])).toEqual([[1, 6]]));

    vi.setSystemTime(Date.now() + 75_001);
    const tooOld = loader([], 7);
    expect((await games.get([1], tooOld.read))[0]!.metrics.plays).toBe(7);
    expect(tooOld.asked).toEqual([[1]]);
  });

  it('keeps the object it holds when the counts read again have not changed, and a copy with the new ones when they have', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const games = new GamesById(15_000, 60_000);
    const [kept] = await games.get([1, 2], loader([], 5).read);
    vi.setSystemTime(Date.now() + 15_001);
    const unchanged = loader([], 5);
    await games.get([1], unchanged.read);
    await vi.waitFor(() => expect(unchanged.counted).toEqual([[1]]));
    expect((await games.get([1], loader().read))[0]).toBe(kept);
    vi.setSystemTime(Date.now() + 15_001);
    const changed = loader([], 9);
    await games.get([1], changed.read);
    await vi.waitFor(() => expect(changed.counted).toEqual([[1]]));
    const [replaced] = await games.get([1], loader().read);
    expect(replaced).not.toBe(kept);
    expect(replaced).toEqual({ ...kept, metrics: { plays: 9, playingNow: 0 } });
  });

  it('reads again at most its budget of games a second, showing the others as they are until a later show', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const games = new GamesById(15_000, 60_000, 120_000, 2);
    await games.get([1, 2, 3, 4], loader([], 5).read);
    // A quiet spell: all four are due at once.
    vi.setSystemTime(1_015_001);
    const burst = loader([], 6);
    expect((await games.get([1, 2, 3, 4], burst.read)).map((g) => g.metrics.plays)).toEqual([5, 5, 5, 5]);
    await vi.waitFor(() => expect(burst.counted).toEqual([[1, 2]]));
    const sameSecond = loader([], 6);
    await games.get([3, 4], sameSecond.read);
    vi.setSystemTime(1_015_999);
    await games.get([3, 4], sameSecond.read);
    // Past the budget: shown as they are, nothing read, not even whole.
    expect([sameSecond.counted, sameSecond.asked]).toEqual([[], []]);
    vi.setSystemTime(1_016_000);
    const nextSecond = loader([], 6);
    expect((await games.get([3, 4], nextSecond.read)).map((g) => g.metrics.plays)).toEqual([5, 5]);
    await vi.waitFor(() => expect(nextSecond.counted).toEqual([[3, 4]]));
    await vi.waitFor(async () => expect((await games.get([1, 2, 3, 4], loader().read)).map((g) => g.metrics.plays)).toEqual([6, 6, 6, 6]));
  });

  it("reads a kept game's whole row again every ROW_READ_MS: what another server changed that the index does not hear of", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const games = new GamesById(15_000, ROW_READ_MS);
    await games.get([1], loader([], 5, 'Old title').read);
    // Counts kept fresh meanwhile: the row stays as it was read.
    for (let at = 15_001; at < ROW_READ_MS; at += 15_001) {
      vi.setSystemTime(Date.now() + 15_001);
      const counts = loader([], 5, 'New title');
      await games.get([1], counts.read);
      await vi.waitFor(() => expect(counts.counted).toEqual([[1]]));
      expect(counts.asked).toEqual([]);
    }
    vi.setSystemTime(Date.now() + 15_001);
    const row = loader([], 5, 'New title');
    expect((await games.get([1], row.read))[0]!.title).toBe('Old title');
    await vi.waitFor(() => expect(row.asked).toEqual([[1]]));
    expect(row.counted).toEqual([]);
    await vi.waitFor(async () => expect((await games.get([1], loader().read))[0]!.title).toBe('New title'));
  });

  it('reads the most played games ahead a slice at a time while there is room', async () => {
    const games = new GamesById(15_000, 60_000, 4_500);
    const warm = loader([3]);
    await games.warm(Array.from({ length: 10_000 }, (_, i) => i + 1), warm.load);
    // Two slices of 2,000 fit (one game of them unpublished); a third would pass the limit.
    expect(warm.asked.map((ids) => [ids[0], ids.length])).toEqual([[1, 2000], [2001, 2000]]);
    const after = loader();
    await games.get([1, 3, 4000, 4001], after.read);
    expect(after.asked).toEqual([[3, 4001]]);
  });

  it('forgets a game taken off the portal, and a load that began before is not kept', async () => {
    const games = new GamesById(15_000, 60_000);
    await games.get([1, 2], loader().read);
    games.forget(1);
    const again = loader([1]);
    expect((await games.get([1, 2], again.read)).map((g) => g.id)).toEqual([2]);
    expect(again.asked).toEqual([[1]]);

    let release: (() => void) | undefined;
    const slow = (missing: number[]) => new Promise<Game[]>((resolve) => (release = () => resolve(missing.map((id) => game(id)))));
    const pending = games.get([7], { games: slow, counts: async () => [] });
    await vi.waitFor(() => expect(release).toBeDefined());
    games.clear();
    release!();
    await pending;
    const after = loader();
    await games.get([7], after.read);
    expect(after.asked).toEqual([[7]]);
  });

  it('keeps at most its limit, dropping the games loaded longest ago', async () => {
    const games = new GamesById(15_000, 60_000, 10);
    await games.get([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], loader().read);
    await games.get([11], loader().read);
    // Full at the eleventh: the oldest games go until a tenth of the room is free again.
    const kept = loader();
    await games.get([3, 10, 11], kept.read);
    expect(kept.asked).toEqual([]);
    const dropped = loader();
    await games.get([1, 2], dropped.read);
    expect(dropped.asked).toEqual([[1, 2]]);
  });

  it('reads the games several searches of the same moment miss in one query', async () => {
    const games = new GamesById(15_000, 60_000);
    const shared = loader([5]);
    const [a, b] = await Promise.all([games.get([1, 2, 5], shared.read), games.get([2, 3], loader().read)]);
    expect(shared.asked).toEqual([[1, 2, 5, 3]]);
    expect(a.map((g) => g.id)).toEqual([1, 2]);
    expect(b.map((g) => g.id)).toEqual([2, 3]);
  });
});
