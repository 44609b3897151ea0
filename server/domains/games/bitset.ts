/**
 * Sets of games as bits by position in the search index's snapshot (search-snapshot.ts): a search
 * unions and intersects them (search-matching.ts).
 */
export type Bitset = Uint32Array;

export function emptyBitset(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

/** How many games `bits` holds. */
export function countOf(bits: Bitset): number {
  let count = 0;
  for (let index = 0; index < bits.length; index++) {
    let word = bits[index]!;
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += (Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
  }
  return count;
}

export function has(bits: Bitset, position: number): boolean {
  return ((bits[position >>> 5]! >>> (position & 31)) & 1) === 1;
}

export function and(target: Bitset, other: Bitset): void {
  for (let index = 0; index < target.length; index++) target[index]! &= other[index]!;
}

export function andNot(target: Bitset, other: Bitset): void {
  for (let index = 0; index < target.length; index++) target[index]! &= ~other[index]!;
}
