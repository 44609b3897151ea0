/**
 * What the search index (search-index.ts) holds: every published game's words and titles, the
 * category and tag names suggestions offer, and the list orders as ranks. Games are added a slice
 * at a time (search-loading.ts reads them): a game is appended at the next free position, and a
 * game that changes is appended again while its old position is marked dead, so applying a slice
 * costs what the slice holds, whatever the catalog's size. Dead positions are dropped when the
 * index is reloaded in full (search-index.ts decides when).
 */
import type { GameSort } from '../../../shared/constants';
import { clearBit, emptyBitset, grownBitset, has, PositionList, setBit, type Bitset } from './search-bitsets';

export const SORTS: readonly GameSort[] = ['popular', 'newest', 'trending', 'top_rated'];

/** The rank of a position in no list order (dead, or added since the ranks were read). */
export const NO_RANK = 0x7fffffff;

export type Ranks = {
  /** Place in each order, by game position (NO_RANK: none). */
  rank: Record<GameSort, Int32Array>;
  /** Game positions in each order. */
  order: Record<GameSort, Int32Array>;
  loadedAt: number;
};

/** One word of the vocabulary: the games holding it, and those holding it in their title. */
export type WordEntry = { word: string; games: PositionList; title: PositionList | undefined };

/** A game as read for the index (search-loading.ts): its words and what suggestions show. */
export type IndexedGame = {
  id: number;
  title: string;
  /** The title folded for search (games.search_title). */
  search_title: string;
  slug: string;
  /** The lexemes of its search vector, and of its title vector, separated by spaces. */
  terms: string;
  title_terms: string;
  /** Category slugs and controls, separated by spaces. */
  categories: string;
  controls: string;
};

export type Snapshot = {
  /** Positions used so far (live and dead); bitsets and by-position arrays have room for `capacity`. */
  size: number;
  capacity: number;
  /** Game id by position. */
  ids: Int32Array;
  /** Each game's live position, by id (-1: not in the index). */
  positionOf: Int32Array;
  /** The positions of published games as they are now; a changed or unpublished game's old position is not in it. */
  live: Bitset;
  liveCount: number;
  /** The vocabulary in code point order (search_terms' collation "C"), and each word's entry. */
  words: string[];
  entries: WordEntry[];
  wordIndex: Map<string, WordEntry>;
  /** Misspelt words read so far and the entries each is read as (search-matching.ts fills it; emptied when words are added). */
  corrections: Map<string, WordEntry[]>;
  categories: Map<string, Bitset>;
  devices: Map<string, Bitset>;
  /** Titles as written, as folded for search, and slugs, by position: suggestions. */
  titles: string[];
  foldedTitles: string[];
  slugs: string[];
  /** Category names in menu order, and the tags published games carry, by name: suggestions. */
  categoryNames: { slug: string; name: string }[];
  tagNames: string[];
  ranks: Ranks;
  /** When it began loading in full (it is reloaded in full now and then, search-index.ts). */
  builtAt: number;
};

function emptyRanks(capacity: number): Ranks {
  const rank = {} as Record<GameSort, Int32Array>;
  const order = {} as Record<GameSort, Int32Array>;
  for (const sort of SORTS) {
    rank[sort] = new Int32Array(capacity).fill(NO_RANK);
    order[sort] = new Int32Array(0);
  }
  return { rank, order, loadedAt: 0 };
}

export function emptySnapshot(): Snapshot {
  const capacity = 1024;
  return {
    size: 0,
    capacity,
    ids: new Int32Array(capacity),
    positionOf: new Int32Array(capacity).fill(-1),
    live: emptyBitset(capacity),
    liveCount: 0,
    words: [],
    entries: [],
    wordIndex: new Map(),
    corrections: new Map(),
    categories: new Map(),
    devices: new Map(),
    titles: [],
    foldedTitles: [],
    slugs: [],
    categoryNames: [],
    tagNames: [],
    ranks: emptyRanks(capacity),
    builtAt: Date.now(),
  };
}

/** Doubles the room for positions until `needed` fit: every bitset and by-position array grows. */
function makeRoom(snapshot: Snapshot, needed: number): void {
  if (needed <= snapshot.capacity) return;
  let capacity = snapshot.capacity;
  while (capacity < needed) capacity *= 2;
  const ids = new Int32Array(capacity);
  ids.set(snapshot.ids);
  snapshot.ids = ids;
  snapshot.live = grownBitset(snapshot.live, capacity);
  for (const sets of [snapshot.categories, snapshot.devices]) {
    for (const [name, bits] of sets) sets.set(name, grownBitset(bits, capacity));
  }
  for (const entry of snapshot.entries) {
    entry.games.grow(capacity);
    entry.title?.grow(capacity);
  }
  for (const sort of SORTS) {
    const rank = new Int32Array(capacity).fill(NO_RANK);
    rank.set(snapshot.ranks.rank[sort]);
    snapshot.ranks.rank[sort] = rank;
  }
  snapshot.capacity = capacity;
}

function positionsById(snapshot: Snapshot, id: number): void {
  if (id < snapshot.positionOf.length) return;
  const positionOf = new Int32Array(Math.max(id + 1, snapshot.positionOf.length * 2)).fill(-1);
  positionOf.set(snapshot.positionOf);
  snapshot.positionOf = positionOf;
}

/** Takes the game off its position, handing back the position (or -1 when it had none). */
function kill(snapshot: Snapshot, id: number): number {
  const position = id < snapshot.positionOf.length ? snapshot.positionOf[id]! : -1;
  if (position < 0) return -1;
  snapshot.positionOf[id] = -1;
  if (has(snapshot.live, position)) {
    clearBit(snapshot.live, position);
    snapshot.liveCount--;
  }
  return position;
}

/**
 * Applies one slice of changed games: each of `games` (published) is added at a new position, in
 * place of the one it had (keeping its places in the list orders until the ranks are read
 * again); each of `gone` (no longer published, or deleted) is taken off. Answers whether the
 * vocabulary gained words.
 */
export function applyGames(snapshot: Snapshot, games: readonly IndexedGame[], gone: readonly number[]): boolean {
  for (const id of gone) {
    const position = kill(snapshot, id);
    if (position >= 0) for (const sort of SORTS) snapshot.ranks.rank[sort][position] = NO_RANK;
  }
  makeRoom(snapshot, snapshot.size + games.length);
  const { capacity } = snapshot;
  const added: WordEntry[] = [];
  const entryOf = (word: string) => {
    let entry = snapshot.wordIndex.get(word);
    if (!entry) {
      entry = { word, games: new PositionList(), title: undefined };
      snapshot.wordIndex.set(word, entry);
      added.push(entry);
    }
    return entry;
  };
  const addTo = (sets: Map<string, Bitset>, name: string, position: number) => {
    let bits = sets.get(name);
    if (!bits) sets.set(name, (bits = emptyBitset(capacity)));
    setBit(bits, position);
  };
  for (const game of games) {
    const old = kill(snapshot, game.id);
    const position = snapshot.size++;
    positionsById(snapshot, game.id);
    snapshot.ids[position] = game.id;
    snapshot.positionOf[game.id] = position;
    setBit(snapshot.live, position);
    snapshot.liveCount++;
    snapshot.titles[position] = game.title;
    snapshot.foldedTitles[position] = game.search_title;
    snapshot.slugs[position] = game.slug;
    if (old >= 0) {
      for (const sort of SORTS) {
        const { rank, order } = snapshot.ranks;
        const place = rank[sort][old]!;
        rank[sort][old] = NO_RANK;
        rank[sort][position] = place;
        if (place !== NO_RANK) order[sort][place] = position;
      }
    }
    if (game.terms) for (const word of game.terms.split(' ')) entryOf(word).games.add(position, capacity);
    if (game.title_terms) {
      for (const word of game.title_terms.split(' ')) {
        const entry = entryOf(word);
        (entry.title ??= new PositionList()).add(position, capacity);
      }
    }
    if (game.categories) for (const slug of game.categories.split(' ')) addTo(snapshot.categories, slug, position);
    if (game.controls) for (const control of game.controls.split(' ')) addTo(snapshot.devices, control, position);
  }
  if (added.length === 0) return false;
  mergeWords(snapshot, added);
  return true;
}

const byWord = (a: WordEntry, b: WordEntry) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/** Merges new words into the sorted vocabulary in one pass; corrections made before may now be wrong. */
function mergeWords(snapshot: Snapshot, added: WordEntry[]): void {
  added.sort(byWord);
  const old = snapshot.entries;
  const entries: WordEntry[] = [];
  let from = 0;
  let next = 0;
  while (from < old.length || next < added.length) {
    entries.push(next < added.length && (from >= old.length || added[next]!.word < old[from]!.word) ? added[next++]! : old[from++]!);
  }
  snapshot.entries = entries;
  snapshot.words = entries.map((entry) => entry.word);
  snapshot.corrections.clear();
}
