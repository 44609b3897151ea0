/**
 * A snapshot taken forward by only the games a write changed (catalog-changes.ts): their rows are
 * read again, and every other game's words, titles and categories are carried over from the
 * snapshot before, positions renumbered where changed or unpublished games leave a gap. An
 * approval reads one row instead of the whole catalog, and 100,000 games imported at once read
 * those 100,000, not the 200,000 after. The result is the snapshot a full build would make, but
 * for the games' positions (those carried over first, then those read, each by id).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChangesCursor } from './catalog-changes';
import { emptyBitset, type Bitset } from './bitset';
import type { GameSort } from '../../../shared/constants';
import { GamesTaken, readRows, snapshotOf, type Ranks, type Snapshot } from './search-snapshot';
import { TimeSlice } from './time-slice';
import { carriedWordParts } from './word-postings';

/** A set of games renumbered into a snapshot of `size`. */
function carriedBits(bits: Bitset, renumber: Int32Array, size: number): Bitset {
  const out = emptyBitset(size);
  for (let block = 0; block < bits.length; block++) {
    let word = bits[block]!;
    while (word !== 0) {
      const low = word & -word;
      const moved = renumber[(block << 5) + 31 - Math.clz32(low)]!;
      if (moved >= 0) out[moved >>> 5]! |= 1 << (moved & 31);
      word ^= low;
    }
  }
  return out;
}

/**
 * The list orders without reading them: each game where it was (a game read again where its
 * earlier self was), the new ones after them, or first in the newest order (just published). Reading
 * the orders costs a second and more after a large write (every published game's id, four times,
 * with the index not yet vacuumed); a game just published, with no plays or ratings yet, goes
 * there anyway. SearchIndex reads the orders again when those they were made from are a minute old.
 */
async function provisionalRanks(old: Snapshot, renumber: Int32Array, taken: GamesTaken, slice: TimeSlice): Promise<Ranks> {
  const rank = {} as Record<GameSort, Int32Array>;
  const order = {} as Record<GameSort, Int32Array>;
  for (const sort of Object.keys(old.ranks.order) as GameSort[]) {
    const ranks = new Int32Array(taken.size).fill(-1);
    const positions = new Int32Array(taken.size);
    let placed = 0;
    for (const before of old.ranks.order[sort]) {
      if (slice.due()) await slice.pause();
      const id = old.ids[before]!;
      const position = renumber[before]! >= 0 ? renumber[before]! : id < taken.positionOf.length ? taken.positionOf[id]! : -1;
      if (position >= 0) ranks[position] = placed++;
    }
    // The new games: after the others, or before them in the newest order (the latest first).
    const added = taken.size - placed;
    const first = sort === 'newest' ? added : 0;
    for (let position = 0, next = sort === 'newest' ? added - 1 : placed; position < taken.size; position++) {
      if (ranks[position] === -1) ranks[position] = sort === 'newest' ? next-- : next++;
      else ranks[position]! += first;
    }
    for (let position = 0; position < taken.size; position++) positions[ranks[position]!] = position;
    rank[sort] = ranks;
    order[sort] = positions;
  }
  return { rank, order, loadedAt: old.ranks.loadedAt, exact: false };
}

/**
 * `old` with the games of `changedIds` as they are now: read again if still published, left out
 * if not. `version` and `changes` are where the reading of the changes stood.
 */
export async function applyChanges(em: EntityManager, old: Snapshot, changedIds: readonly number[], version: string, changes: ChangesCursor): Promise<Snapshot> {
  const rows = await readRows(em, changedIds);
  const slice = new TimeSlice();
  const changed = new Set(changedIds);
  let kept = 0;
  for (const id of old.ids) {
    if (slice.due()) await slice.pause();
    if (!changed.has(id)) kept++;
  }
  const size = kept + rows.length;
  const largestId = Math.max(old.positionOf.length - 1, rows.at(-1)?.id ?? 0);
  const taken = new GamesTaken(size, largestId);
  const renumber = new Int32Array(old.ids.length).fill(-1);
  for (let position = 0; position < old.ids.length; position++) {
    if (slice.due()) await slice.pause();
    const id = old.ids[position]!;
    if (!changed.has(id)) renumber[position] = taken.takeKnown(id, old.titles[position]!, old.foldedTitles[position]!, old.slugs[position]!);
  }
  for (const [from, into] of [
    [old.categories, taken.categories],
    [old.devices, taken.devices],
    [old.tags, taken.tags],
  ] as const) {
    for (const [name, bits] of from) into.set(name, carriedBits(bits, renumber, size));
  }
  await taken.take(rows, slice);
  const parts = await carriedWordParts(old, renumber, taken.words, size, slice);
  return snapshotOf(em, taken, parts, { version, changes, ranks: await provisionalRanks(old, renumber, taken, slice) });
}
