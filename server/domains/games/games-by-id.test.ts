import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Game } from '../../../shared/schemas';
import { GamesById } from './games-by-id';

const game = (id: number, plays = 0) => ({ id, slug: `g${id}`, metrics: { plays, playingNow: 0 } }) as unknown as Game;
/** A loader that answers every id asked for except the unpublished ones, and records what it was asked. */
function loader(unpublished: number[] = [], plays = 0) {
  const asked: number[][] = [];
  const load = async (missing: number[]) => {
    asked.push(missing);
    return missing.filter((id) => !unpublished.includes(id)).map((id) => game(id, plays));
  };
  return { asked, load };
}

describe('GamesById', () => {
  afterEach(() => vi.useRealTimers());

  it('reads only the games it does not keep, and answers in the order asked without the unpublished ones', async () => {
    const games = new GamesById(15_000, 60_000);
    const first = loader([3]);
    expect((await games.get([1, 2, 3], first.load)).map((g) => g.id)).toEqual([1, 2]);
    const second = loader();
    expect((await games.get([4, 2, 1], second.load)).map((g) => g.id)).toEqual([4, 2, 1]);
    expect(second.asked).toEqual([[4]]);
  });

  it('shows a game past its time at once while it is read again, and waits for it only once it is too old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const games = new GamesById(15_000, 60_000);
    await games.get([1, 2], loader([], 5).load);
    vi.setSystemTime(Date.now() + 14_999);
    const fresh = loader([], 6);
    expect((await games.get([1], fresh.load))[0]!.metrics.plays).toBe(5);
    expect(fresh.asked).toEqual([]);

    vi.setSystemTime(Date.now() + 2);
    const background = loader([2], 6);
    expect((await games.get([1, 2], background.load)).map((g) => g.metrics.plays)).toEqual([5, 5]);
    await vi.waitFor(() => expect(background.asked).toEqual([[1, 2]]));
    // Read again: game 1 with its new count; game 2, no longer published, is gone.
    await vi.waitFor(async () => expect((await games.get([1, 2], loader([2]).load)).map((g) => [g.id, g.metrics.plays])).toEqual([[1, 6]]));

    vi.setSystemTime(Date.now() + 75_001);
    const tooOld = loader([], 7);
    expect((await games.get([1], tooOld.load))[0]!.metrics.plays).toBe(7);
    expect(tooOld.asked).toEqual([[1]]);
  });

  it('keeps the object it holds when a game read again has not changed, and takes the new one when it has', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const games = new GamesById(15_000, 60_000);
    const [kept] = await games.get([1, 2], loader([], 5).load);
    vi.setSystemTime(Date.now() + 15_001);
    const again = loader([], 5);
    await games.get([1], again.load);
    await vi.waitFor(() => expect(again.asked).toEqual([[1]]));
    vi.setSystemTime(Date.now() + 15_001);
    const unchanged = loader([], 5);
    expect((await games.get([1], unchanged.load))[0]).toBe(kept);
    await vi.waitFor(() => expect(unchanged.asked).toEqual([[1]]));
    vi.setSystemTime(Date.now() + 15_001);
    const changed = loader([], 9);
    await games.get([1], changed.load);
    await vi.waitFor(() => expect(changed.asked).toEqual([[1]]));
    const [replaced] = await games.get([1], loader([], 9).load);
    expect(replaced).not.toBe(kept);
    expect(replaced!.metrics.plays).toBe(9);
  });

  it('reads the most played games ahead a slice at a time while there is room', async () => {
    const games = new GamesById(15_000, 60_000, 4_500);
    const warm = loader([3]);
    await games.warm(Array.from({ length: 10_000 }, (_, i) => i + 1), warm.load);
    // Two slices of 2,000 fit (one game of them unpublished); a third would pass the limit.
    expect(warm.asked.map((ids) => [ids[0], ids.length])).toEqual([[1, 2000], [2001, 2000]]);
    const after = loader();
    await games.get([1, 3, 4000, 4001], after.load);
    expect(after.asked).toEqual([[3, 4001]]);
  });

  it('forgets a game taken off the portal, and a load that began before is not kept', async () => {
    const games = new GamesById(15_000, 60_000);
    await games.get([1, 2], loader().load);
    games.forget(1);
    const again = loader([1]);
    expect((await games.get([1, 2], again.load)).map((g) => g.id)).toEqual([2]);
    expect(again.asked).toEqual([[1]]);

    let release: (() => void) | undefined;
    const slow = (missing: number[]) => new Promise<Game[]>((resolve) => (release = () => resolve(missing.map((id) => game(id)))));
    const pending = games.get([7], slow);
    await vi.waitFor(() => expect(release).toBeDefined());
    games.clear();
    release!();
    await pending;
    const after = loader();
    await games.get([7], after.load);
    expect(after.asked).toEqual([[7]]);
  });

  it('keeps at most its limit, dropping the games loaded longest ago', async () => {
    const games = new GamesById(15_000, 60_000, 10);
    await games.get([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], loader().load);
    await games.get([11], loader().load);
    // Full at the eleventh: the oldest games go until a tenth of the room is free again.
    const kept = loader();
    await games.get([3, 10, 11], kept.load);
    expect(kept.asked).toEqual([]);
    const dropped = loader();
    await games.get([1, 2], dropped.load);
    expect(dropped.asked).toEqual([[1, 2]]);
  });

  it('reads the games several searches of the same moment miss in one query', async () => {
    const games = new GamesById(15_000, 60_000);
    const shared = loader([5]);
    const [a, b] = await Promise.all([games.get([1, 2, 5], shared.load), games.get([2, 3], loader().load)]);
    expect(shared.asked).toEqual([[1, 2, 5, 3]]);
    expect(a.map((g) => g.id)).toEqual([1, 2]);
    expect(b.map((g) => g.id)).toEqual([2, 3]);
  });
});
