/**
 * Which games hold each word of the search index's vocabulary, every word's games in one array:
 * word `w` is held by the game positions data[start[w]] … data[start[w + 1] - 1], ascending. One
 * array instead of one per word: 100,000 games imported at once bring 100,000 new words, and an
 * array for each (twice, with their titles') cost more in allocation and garbage collection than
 * everything else the build does.
 */
import { emptyBitset, type Bitset } from './bitset';
import { sortInSlices, type TimeSlice } from './time-slice';

export type Postings = { data: Int32Array; start: Int32Array };

/** How many games hold word `word`. */
export function gamesHolding(postings: Postings, word: number): number {
  return postings.start[word + 1]! - postings.start[word]!;
}

/** Adds the games holding word `word` to `bits`: from its bitset when it has one, else from its positions. */
export function addGames(bits: Bitset, postings: Postings, word: number, dense: Bitset | undefined): void {
  if (dense) {
    for (let index = 0; index < bits.length; index++) bits[index]! |= dense[index]!;
    return;
  }
  const { data, start } = postings;
  for (let at = start[word]!, end = start[word + 1]!; at < end; at++) bits[data[at]! >>> 5]! |= 1 << (data[at]! & 31);
}

/** A growable list of (word, game position) pairs, in the order they were met. */
class Pairs {
  words = new Int32Array(1024);
  positions = new Int32Array(1024);
  length = 0;

  push(word: number, position: number): void {
    if (this.length === this.words.length) {
      const [words, positions] = [new Int32Array(this.length * 2), new Int32Array(this.length * 2)];
      words.set(this.words);
      positions.set(this.positions);
      [this.words, this.positions] = [words, positions];
    }
    this.words[this.length] = word;
    this.positions[this.length++] = position;
  }
}

/** The words of the games being taken into a snapshot, numbered as first met (ids), with the games holding each. */
export class WordsMet {
  readonly idOf = new Map<string, number>();
  readonly names: string[] = [];
  /** The words of the games' texts (search_vector), and of their titles (title_vector). */
  readonly inTexts = new Pairs();
  readonly inTitles = new Pairs();

  /** Adds the words of `text` (space-separated, each once) as held by the game at `position`. */
  add(into: 'inTexts' | 'inTitles', text: string, position: number): void {
    if (!text) return;
    const pairs = this[into];
    for (const name of text.split(' ')) {
      let id = this.idOf.get(name);
      if (id === undefined) {
        id = this.names.length;
        this.idOf.set(name, id);
        this.names.push(name);
      }
      pairs.push(id, position);
    }
  }

  /** How many games hold each word id in their texts. */
  textCounts(): Int32Array {
    const counts = new Int32Array(this.names.length);
    for (let at = 0; at < this.inTexts.length; at++) counts[this.inTexts.words[at]!]!++;
    return counts;
  }
}

/**
 * The pairs grouped by word: `to[id]` is the word's index in the vocabulary (-1: not in it). The
 * pairs were met in ascending positions, so each word's games stay ascending.
 */
async function grouped(pairs: Pairs, to: Int32Array, vocabularySize: number, slice: TimeSlice): Promise<Postings> {
  const start = new Int32Array(vocabularySize + 1);
  for (let at = 0; at < pairs.length; at++) {
    if (slice.due()) await slice.pause();
    const word = to[pairs.words[at]!]!;
    if (word >= 0) start[word + 1]!++;
  }
  for (let word = 0; word < vocabularySize; word++) start[word + 1]! += start[word]!;
  const data = new Int32Array(start[vocabularySize]!);
  const next = start.slice(0, vocabularySize);
  for (let at = 0; at < pairs.length; at++) {
    if (slice.due()) await slice.pause();
    const word = to[pairs.words[at]!]!;
    if (word >= 0) data[next[word]!++] = pairs.positions[at]!;
  }
  return { data, start };
}

/**
 * Each word's place in the sorted vocabulary `words`, and `to` for `met`'s word ids (-1: not in
 * it). Over 200,000 words after a large import, in one go these took 50–100 ms.
 */
async function vocabularyIndex(words: readonly string[], met: WordsMet, slice: TimeSlice): Promise<{ wordIndex: Map<string, number>; to: Int32Array }> {
  const wordIndex = new Map<string, number>();
  for (let index = 0; index < words.length; index++) {
    if (slice.due()) await slice.pause();
    wordIndex.set(words[index]!, index);
  }
  const to = new Int32Array(met.names.length);
  for (let id = 0; id < to.length; id++) {
    if (slice.due()) await slice.pause();
    to[id] = wordIndex.get(met.names[id]!) ?? -1;
  }
  return { wordIndex, to };
}

export type WordParts = {
  /** The vocabulary in code point order (search_terms' collation "C"), and each word's place in it. */
  words: string[];
  wordIndex: Map<string, number>;
  /** The games holding each word, and holding it in their title. */
  postings: Postings;
  titlePostings: Postings;
  /**
   * The same games as bitsets, for the words more than one game in 32 holds (a common word's
   * bitset is smaller than its positions, and OR-ing it in is several times quicker than setting
   * each of thousands of bits: a prefix like "co" starts words in most descriptions).
   */
  denseBits: (Bitset | undefined)[];
  titleDenseBits: (Bitset | undefined)[];
};

/** Each word's bitset where it is held by more than one game in 32 (a snapshot of `size` games). */
async function bitsetsOfCommonWords(postings: Postings, size: number, slice: TimeSlice): Promise<(Bitset | undefined)[]> {
  const bitsets: (Bitset | undefined)[] = [];
  const { data, start } = postings;
  for (let word = 0; word + 1 < start.length; word++) {
    if (slice.due()) await slice.pause();
    const [from, to] = [start[word]!, start[word + 1]!];
    if (to - from <= size >>> 5) {
      bitsets.push(undefined);
      continue;
    }
    const bits = emptyBitset(size);
    for (let at = from; at < to; at++) bits[data[at]! >>> 5]! |= 1 << (data[at]! & 31);
    bitsets.push(bits);
  }
  return bitsets;
}

async function withBitsets(words: string[], wordIndex: Map<string, number>, postings: Postings, titlePostings: Postings, size: number, slice: TimeSlice): Promise<WordParts> {
  return {
    words,
    wordIndex,
    postings,
    titlePostings,
    denseBits: await bitsetsOfCommonWords(postings, size, slice),
    titleDenseBits: await bitsetsOfCommonWords(titlePostings, size, slice),
  };
}

/** The vocabulary of a snapshot of `size` games, all met in `met` (a word met only in titles is not in it, as in the SQL search). */
export async function wordPartsOf(met: WordsMet, size: number, slice: TimeSlice): Promise<WordParts> {
  const counts = met.textCounts();
  const words = await sortInSlices(
    met.names.filter((_, id) => counts[id]! > 0),
    slice,
  );
  const { wordIndex, to } = await vocabularyIndex(words, met, slice);
  return withBitsets(words, wordIndex, await grouped(met.inTexts, to, words.length, slice), await grouped(met.inTitles, to, words.length, slice), size, slice);
}

/**
 * The vocabulary after a catch-up (search-delta.ts): the words of `before` with their games
 * renumbered (`renumber[old position]`, -1 for a game left out), and the words of the games read
 * again, `met`, whose positions follow all those carried over.
 */
export async function carriedWordParts(before: WordParts, renumber: Int32Array, met: WordsMet, size: number, slice: TimeSlice): Promise<WordParts> {
  // Every loop over the vocabulary or the postings is sliced: after 100,000 games imported at
  // once there are over 200,000 words and millions of postings, and any one of these loops in a
  // go held searches up for 50–150 ms.
  const keptGames = async (postings: Postings) => {
    const kept = new Int32Array(postings.start.length - 1);
    for (let word = 0; word < kept.length; word++) {
      if (slice.due()) await slice.pause();
      for (let at = postings.start[word]!; at < postings.start[word + 1]!; at++) if (renumber[postings.data[at]!]! >= 0) kept[word]!++;
    }
    return kept;
  };
  const kept = await keptGames(before.postings);
  const metCounts = met.textCounts();
  const newWords: string[] = [];
  for (let id = 0; id < met.names.length; id++) {
    if (slice.due()) await slice.pause();
    if (metCounts[id]! > 0 && !before.wordIndex.has(met.names[id]!)) newWords.push(met.names[id]!);
  }
  const added = await sortInSlices(newWords, slice);
  // The words still held, in order: those before (kept, or held again by a game read) merged with the new ones.
  const words: string[] = [];
  const fromBefore: number[] = [];
  for (let [b, a] = [0, 0]; b < before.words.length || a < added.length; ) {
    if (slice.due()) await slice.pause();
    const name = before.words[b];
    if (name !== undefined && (a >= added.length || name < added[a]!)) {
      const id = met.idOf.get(name);
      if (kept[b]! > 0 || (id !== undefined && metCounts[id]! > 0)) {
        words.push(name);
        fromBefore.push(b);
      }
      b++;
    } else {
      words.push(added[a++]!);
      fromBefore.push(-1);
    }
  }
  const { wordIndex, to } = await vocabularyIndex(words, met, slice);
  const carry = async (old: Postings, keptOf: Int32Array, pairs: Pairs): Promise<Postings> => {
    const read = await grouped(pairs, to, words.length, slice);
    const start = new Int32Array(words.length + 1);
    for (let word = 0; word < words.length; word++) {
      const b = fromBefore[word]!;
      const carried = b < 0 ? 0 : keptOf[b]!;
      start[word + 1] = start[word]! + carried + (read.start[word + 1]! - read.start[word]!);
    }
    const data = new Int32Array(start[words.length]!);
    for (let word = 0, at = 0; word < words.length; word++) {
      if (slice.due()) await slice.pause();
      const b = fromBefore[word]!;
      if (b >= 0) {
        for (let from = old.start[b]!; from < old.start[b + 1]!; from++) {
          const moved = renumber[old.data[from]!]!;
          if (moved >= 0) data[at++] = moved;
        }
      }
      data.set(read.data.subarray(read.start[word]!, read.start[word + 1]!), at);
      at += read.start[word + 1]! - read.start[word]!;
    }
    return { data, start };
  };
  return withBitsets(words, wordIndex, await carry(before.postings, kept, met.inTexts), await carry(before.titlePostings, await keptGames(before.titlePostings), met.inTitles), size, slice);
}
