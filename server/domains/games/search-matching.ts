/**
 * Searching and suggesting on a loaded snapshot (search-snapshot.ts), with the SQL search's and
 * the SQL suggestions' rules (read-model.ts, server/domains/search/queries.ts).
 */
import type { GameControl, GameSort } from '../../../shared/constants';
import { foldForSearch, SEARCH_WORD, searchWordsOf } from '../../../shared/text';
import { and, andNot, countOf, has, type Bitset } from './bitset';
import type { Snapshot } from './search-snapshot';
import { addGames, gamesHolding } from './word-postings';
import { MIN_CORRECTED_LENGTH, spellingsOneEditAway } from './spelling';

/** A search the index can answer: no filter beyond a category and a device. */
export type IndexQuery = {
  search: string;
  sort: GameSort;
  limit: number;
  offset: number;
  category?: string | undefined;
  device?: GameControl | undefined;
};

/**
 * One suggestion as found: `section` orders the kinds (0 games whose title starts with the text,
 * 1 the other games with a title word starting with it, 2 categories, 3 tags); `id` is the game's.
 */
export type SuggestionRow = { section: 0 | 1 | 2 | 3; label: string; slug: string; id: number | null };

/** Most corrections one misspelt word is read as (as in the SQL search). */
const MAX_CORRECTIONS = 5;
/** Up to this many matches are sorted; more are found by walking the order from the top. */
const SORTED_MATCHES = 4096;

/**
 * The bitsets a search or a suggestion works in, reused from one to the next (each runs to its end
 * without yielding). A new 12 KB bitset per typed word for every search, hundreds a second, made
 * V8 run a full garbage collection every two seconds under load, each pausing every request.
 */
const workBitsets: Bitset[] = [];

/** Work bitset number `slot`, cleared, for a snapshot of `size` games. */
function workBitset(slot: number, size: number): Bitset {
  const length = (size + 31) >>> 5;
  let bits = workBitsets[slot];
  if (bits?.length === length) bits.fill(0);
  else workBitsets[slot] = bits = new Uint32Array(length);
  return bits;
}

/** The vocabulary's words that start with a typed word, by their place in it. */
function wordsStartingWith(snapshot: Snapshot, word: string): number[] {
  const { words } = snapshot;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  const started: number[] = [];
  for (let index = low; index < words.length && words[index]!.startsWith(word); index++) started.push(index);
  return started;
}

/** Misspelt words whose corrections are kept per snapshot: people make the same typos, and each costs hundreds of lookups. */
const KEPT_CORRECTIONS = 10_000;

/** The vocabulary's words a typed word stands for: those it starts, else its corrections. */
function expand(snapshot: Snapshot, word: string): number[] {
  const started = wordsStartingWith(snapshot, word);
  if (started.length > 0 || [...word].length < MIN_CORRECTED_LENGTH) return started;
  const kept = snapshot.corrections.get(word);
  if (kept) return kept;
  const { words } = snapshot;
  // The corrections most games hold first: the likelier meaning.
  const corrections = spellingsOneEditAway(word)
    .map((spelling) => snapshot.wordIndex.get(spelling))
    .filter((index): index is number => index !== undefined)
    .sort((a, b) => gamesHolding(snapshot.postings, b) - gamesHolding(snapshot.postings, a) || (words[a]! < words[b]! ? -1 : 1))
    .slice(0, MAX_CORRECTIONS);
  if (snapshot.corrections.size >= KEPT_CORRECTIONS) snapshot.corrections.clear();
  snapshot.corrections.set(word, corrections);
  return corrections;
}

/** Whether the title's words hold the typed words in a row, each starting one of them ("sky hop" in "Sky Hopper"). */
function holdsInARow(foldedTitle: string, typed: readonly string[]): boolean {
  const words = foldedTitle.match(SEARCH_WORD) ?? [];
  for (let start = 0; start + typed.length <= words.length; start++) {
    if (typed.every((word, offset) => words[start + offset]!.startsWith(word))) return true;
  }
  return false;
}

/**
 * Suggestions as the SQL gives them: published games with the typed words in a row at the start
 * of title words, those whose title starts with the text first, each by popularity; categories
 * (menu order) and tags of published games (by name) whose name starts with the text.
 */
export function suggestFromSnapshot(snapshot: Snapshot, lowered: string, perKind: number): SuggestionRow[] {
  const rows: SuggestionRow[] = [];
  const folded = foldForSearch(lowered);
  const typed = searchWordsOf(lowered);
  if (typed.length > 0) {
    const size = snapshot.ids.length;
    let candidates: Bitset | null = null;
    for (const word of new Set(typed)) {
      const inTitles = workBitset(candidates ? 1 : 0, size);
      for (const index of wordsStartingWith(snapshot, word)) addGames(inTitles, snapshot.titlePostings, index, snapshot.titleDenseBits[index]);
      if (candidates) and(candidates, inTitles);
      else candidates = inTitles;
    }
    const starting: number[] = [];
    const others: number[] = [];
    for (const position of snapshot.ranks.order.popular) {
      if (starting.length >= perKind) break;
      if (!has(candidates!, position) || !holdsInARow(snapshot.foldedTitles[position]!, typed)) continue;
      if (snapshot.foldedTitles[position]!.startsWith(folded)) starting.push(position);
      else if (others.length < perKind) others.push(position);
    }
    for (const [section, positions] of [
      [0, starting],
      [1, others],
    ] as const) {
      for (const position of positions) {
        rows.push({ section, label: snapshot.titles[position]!, slug: snapshot.slugs[position]!, id: snapshot.ids[position]! });
      }
    }
  }
  const named = (name: string) => name.toLowerCase().startsWith(lowered);
  for (const category of snapshot.categoryNames.filter((candidate) => named(candidate.name)).slice(0, perKind)) {
    rows.push({ section: 2, label: category.name, slug: category.slug, id: null });
  }
  for (const tag of snapshot.tagNames.filter(named).slice(0, perKind)) {
    rows.push({ section: 3, label: tag, slug: tag, id: null });
  }
  return rows;
}

export function searchSnapshot(snapshot: Snapshot, query: IndexQuery): number[] {
  const size = snapshot.ids.length;
  const typed = searchWordsOf(query.search);
  if (typed.length === 0) return [];
  let matches: Bitset | null = null;
  let inTitle: Bitset | null = null;
  for (const word of new Set(typed)) {
    const expansion = expand(snapshot, word);
    if (expansion.length === 0) return [];
    const first = matches === null;
    const wordMatches = workBitset(first ? 0 : 2, size);
    const wordInTitle = workBitset(first ? 1 : 3, size);
    for (const index of expansion) {
      addGames(wordMatches, snapshot.postings, index, snapshot.denseBits[index]);
      addGames(wordInTitle, snapshot.titlePostings, index, snapshot.titleDenseBits[index]);
    }
    if (matches && inTitle) {
      and(matches, wordMatches);
      and(inTitle, wordInTitle);
    } else {
      matches = wordMatches;
      inTitle = wordInTitle;
    }
  }
  if (!matches || !inTitle) return [];
  const title: Bitset = inTitle;
  for (const [filter, value] of [
    [snapshot.categories, query.category],
    [snapshot.devices, query.device],
  ] as const) {
    if (value === undefined) continue;
    const bits = filter.get(value);
    if (!bits) return [];
    and(matches, bits);
  }
  and(title, matches);
  const ranks = snapshot.ranks.rank[query.sort];
  const ordered = snapshot.ranks.order[query.sort];
  const wanted = query.offset + query.limit;
  // The title matches first, then the other matches, each in the list's order.
  let page = firstInOrder(title, ranks, ordered, wanted);
  if (page.length < wanted) {
    andNot(matches, title);
    page = page.concat(firstInOrder(matches, ranks, ordered, wanted - page.length));
  }
  return page.slice(query.offset, wanted).map((position) => snapshot.ids[position]!);
}

/** The places in a list order of the matches being sorted, reused from one search to the next. */
const places = new Int32Array(SORTED_MATCHES);

/**
 * Up to `count` of the games in `bits`, in the list's order (`ranks` gives each game's place in
 * `ordered`; a game no longer in the order, unpublished since, has none). Walking the order from
 * the top meets `count` of `matched` games after about count × size / matched steps; gathering
 * and sorting them costs about matched × 16. The cheaper is taken: a few hundred matches are
 * sorted, more are walked to (a whole walk of 100,000 games is a fraction of a millisecond).
 */
function firstInOrder(bits: Bitset, ranks: Int32Array, ordered: Int32Array, count: number): number[] {
  const found: number[] = [];
  const matched = count > 0 ? countOf(bits) : 0;
  if (matched === 0) return found;
  const size = ordered.length;
  if (matched > SORTED_MATCHES || count * size < matched * matched * 16) {
    for (const position of ordered) {
      if (has(bits, position) && found.push(position) >= count) break;
    }
    return found;
  }
  let placed = 0;
  for (let block = 0; block < bits.length; block++) {
    let word = bits[block]!;
    while (word !== 0) {
      const low = word & -word;
      const position = (block << 5) + 31 - Math.clz32(low);
      if (ranks[position]! < size) places[placed++] = ranks[position]!;
      word ^= low;
    }
  }
  const sorted = places.subarray(0, placed).sort();
  for (let index = 0; index < sorted.length && index < count; index++) found.push(ordered[sorted[index]!]!);
  return found;
}
