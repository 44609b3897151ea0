import { describe, expect, it } from 'vitest';
import { RoomPlacement } from './placement';

/** Opens `rooms` rooms one after another through process `self`, the others' counts as `remoteCounts` says each time; answers the rooms each process got. */
function burst(placement: RoomPlacement, self: string | null, remotes: string[], rooms: number, remoteCounts: (processId: string) => number): Record<string, number> {
  const got: Record<string, number> = {};
  for (let i = 0; i < rooms; i += 1) {
    const processes = [...(self ? [{ processId: self, roomCount: got[self] ?? 0 }] : []), ...remotes.map((processId) => ({ processId, roomCount: remoteCounts(processId) }))];
    const chosen = placement.pick(processes, self ?? 'none')!;
    got[chosen] = (got[chosen] ?? 0) + 1;
  }
  return got;
}

describe('room placement', () => {
  it('spreads a burst evenly while the other process’s count in Redis has not moved', () => {
    // Colyseus' own choice (fewest by the listed counts) put 99 of these 100 on the other process.
    expect(burst(new RoomPlacement(), 'a', ['b'], 100, () => 0)).toEqual({ a: 50, b: 50 });
  });

  it('spreads over processes other than its own (an instance that hosts no rooms)', () => {
    expect(burst(new RoomPlacement(), null, ['b', 'c', 'd'], 90, () => 0)).toEqual({ b: 30, c: 30, d: 30 });
  });

  it('counts from a process’s new figure once it is written, not on top of it', () => {
    const placement = new RoomPlacement();
    expect(placement.pick([{ processId: 'b', roomCount: 0 }, { processId: 'c', roomCount: 5 }], 'a')).toBe('b');
    expect(placement.pick([{ processId: 'b', roomCount: 0 }, { processId: 'c', roomCount: 5 }], 'a')).toBe('b');
    // b has written its 2 rooms: it reads 2 (fewer than c's 3), not 2 plus the 2 placed (4).
    expect(placement.pick([{ processId: 'b', roomCount: 2 }, { processId: 'c', roomCount: 3 }], 'a')).toBe('b');
    // And the one placed now counts on top of that figure: 3 against c's 2.
    expect(placement.pick([{ processId: 'b', roomCount: 2 }, { processId: 'c', roomCount: 2 }], 'a')).toBe('c');
  });

  it('keeps a tie for its own process, and has no choice without processes', () => {
    expect(new RoomPlacement().pick([{ processId: 'b', roomCount: 1 }, { processId: 'a', roomCount: 1 }], 'a')).toBe('a');
    expect(new RoomPlacement().pick([], 'a')).toBeUndefined();
  });
});
