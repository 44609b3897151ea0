/**
 * Sets of game positions for the search index (search-snapshot.ts): bitsets, and lists of
 * positions that grow as games are added.
 */

export type Bitset = Uint32Array;

export function emptyBitset(capacity: number): Bitset {
  return new Uint32Array((capacity + 31) >>> 5);
}

/** A copy of `bits` with room for `capacity` positions. */
export function grownBitset(bits: Bitset, capacity: number): Bitset {
  const grown = emptyBitset(capacity);
  grown.set(bits);
  return grown;
}

export function setBit(bits: Bitset, position: number): void {
  bits[position >>> 5]! |= 1 << (position & 31);
}

export function clearBit(bits: Bitset, position: number): void {
  bits[position >>> 5]! &= ~(1 << (position & 31));
}

export function has(bits: Bitset, position: number): boolean {
  return ((bits[position >>> 5]! >>> (position & 31)) & 1) === 1;
}

/** How many bits of a 32-bit word are set. */
function bitCount(word: number): number {
  word -= (word >>> 1) & 0x55555555;
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** How many positions `bits` holds. */
export function countOf(bits: Bitset): number {
  let count = 0;
  for (let index = 0; index < bits.length; index++) count += bitCount(bits[index]!);
  return count;
}

export function and(target: Bitset, other: Bitset): void {
  for (let index = 0; index < target.length; index++) target[index]! &= other[index]!;
}

export function andNot(target: Bitset, other: Bitset): void {
  for (let index = 0; index < target.length; index++) target[index]! &= ~other[index]!;
}

/**
 * The positions of the games holding one word, in the order they were added, and the same as a
 * bitset once more than one game in 32 holds it (a common word's bitset is smaller than its
 * positions, and OR-ing it in is several times quicker than setting each of thousands of bits: a
 * prefix like "co" starts words in most descriptions). Appending doubles the buffer when full,
 * so adding a slice of games costs what the slice holds, not what the list holds.
 */
export class PositionList {
  private buffer = new Int32Array(4);
  length = 0;
  dense: Bitset | undefined;

  add(position: number, capacity: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Int32Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = position;
    if (this.dense) setBit(this.dense, position);
    else if (this.length > capacity >>> 5) {
      this.dense = emptyBitset(capacity);
      for (let index = 0; index < this.length; index++) setBit(this.dense, this.buffer[index]!);
    }
  }

  get positions(): Int32Array {
    return this.buffer.subarray(0, this.length);
  }

  /** Makes room in the bitset for `capacity` positions. */
  grow(capacity: number): void {
    if (this.dense) this.dense = grownBitset(this.dense, capacity);
  }

  /** How many of these games `live` holds. */
  countIn(live: Bitset): number {
    const dense = this.dense;
    let count = 0;
    if (dense) {
      for (let index = 0; index < dense.length; index++) count += bitCount(dense[index]! & live[index]!);
      return count;
    }
    for (let index = 0; index < this.length; index++) if (has(live, this.buffer[index]!)) count++;
    return count;
  }

  /** Adds these games to `bits` (as long as the index's capacity). */
  addTo(bits: Bitset): void {
    const dense = this.dense;
    if (dense) {
      for (let index = 0; index < bits.length; index++) bits[index]! |= dense[index]!;
      return;
    }
    const buffer = this.buffer;
    for (let index = 0; index < this.length; index++) {
      const position = buffer[index]!;
      bits[position >>> 5]! |= 1 << (position & 31);
    }
  }
}
