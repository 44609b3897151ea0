/**
 * What the scale bench types into the search box, drawn from the words the generated
 * catalog uses (catalog.ts): single title words, 3–4 letter prefixes, two words that
 * stand together in titles, typos of title words (a letter swapped, dropped or doubled)
 * and accented spellings. Every list comes from a seeded generator, so each run asks
 * the same texts and runs compare.
 */
import { foldForSearch } from '../../shared/text';
import { CATEGORY_SEED } from '../../server/db/categories';
import { TITLE_WORDS } from './catalog';

export const SEARCH_KINDS = ['word', 'prefix', 'pair', 'typo', 'accent'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** `intended`: the catalog word a typo or an accented spelling stands for. */
export type Search = { kind: SearchKind; text: string; intended?: string };

/** mulberry32: a small seeded generator. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const catalogWords = new Set(TITLE_WORDS);
/** Not a catalog word: an accented spelling that must find what its plain spelling finds, even nothing. */
const POKEMON: Search = { kind: 'accent', text: 'pokémon', intended: 'pokemon' };
/** The typo of the issue (#23) that found nothing. */
const SPCAE: Search = { kind: 'typo', text: 'spcae', intended: 'space' };

/**
 * Misspellings of a word: two neighbouring letters swapped, one letter dropped (not the
 * last: that is a prefix) or doubled; at least 4 letters, never another catalog word.
 */
export function typosOf(word: string): string[] {
  const typos = new Set<string>();
  for (let i = 0; i < word.length; i += 1) {
    if (i + 1 < word.length && word[i] !== word[i + 1]) typos.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    if (i + 1 < word.length) typos.add(word.slice(0, i) + word.slice(i + 1));
    typos.add(word.slice(0, i + 1) + word.slice(i));
  }
  return [...typos].filter((typo) => typo.length >= 4 && typo !== word && !catalogWords.has(typo));
}

const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' };

/** The word with one letter accented, as a French or Spanish keyboard writes it ("océan"). */
export function accentedOf(word: string): string[] {
  return [...word].flatMap((letter, i) => (ACCENTED[letter] ? [word.slice(0, i) + ACCENTED[letter] + word.slice(i + 1)] : []));
}

/** Adjacent word pairs of the titles (their numbers left out): what people who know a game type. */
export function titlePairs(titles: readonly string[]): [string, string][] {
  return titles.flatMap((title) => {
    const words = title.toLowerCase().split(' ').filter((word) => !/^\d+$/.test(word));
    return words.slice(1).map((word, i): [string, string] => [words[i]!, word]);
  });
}

function searchesOf(kind: SearchKind, words: readonly string[], pairs: readonly [string, string][]): Search[] {
  switch (kind) {
    case 'word':
      return words.map((text) => ({ kind, text }));
    case 'prefix':
      return words.flatMap((word) => [3, 4].filter((length) => word.length > length).map((length) => ({ kind, text: word.slice(0, length) })));
    case 'pair':
      return pairs.map(([first, second]) => ({ kind, text: `${first} ${second}` }));
    case 'typo':
      return words.flatMap((word) => typosOf(word).map((text) => ({ kind, text, intended: word })));
    case 'accent':
      return words.flatMap((word) => accentedOf(word).map((text) => ({ kind, text, intended: word })));
  }
}

function distinctByFolding(searches: readonly Search[]): Search[] {
  const seen = new Set<string>();
  return searches.filter((search) => {
    const folded = foldForSearch(search.text);
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}

/** Two words of a title with the second partly typed ("bubble ho"): what a player sends who submits before finishing. */
function partlyTypedPairs(pairs: readonly [string, string][]): Search[] {
  return pairs.flatMap(([first, second]) => [2, 3].filter((length) => second.length > length + 1).map((length) => ({ kind: 'pair' as const, text: `${first} ${second.slice(0, length)}` })));
}

/**
 * How a searching player asks besides the first page: the next pages, another order, a category
 * picked beside the search (the Categories page), each with the share of requests it gets.
 */
const VARIANTS: { share: number; query: (random: () => number) => string }[] = [
  { share: 0.6, query: () => '' },
  { share: 0.15, query: () => '&offset=24' },
  { share: 0.05, query: (random) => `&offset=${24 * (2 + Math.floor(random() * 3))}` },
  { share: 0.1, query: (random) => `&sort=${random() < 0.5 ? 'newest' : 'trending'}` },
  { share: 0.1, query: (random) => `&category=${CATEGORY_SEED[Math.floor(random() * CATEGORY_SEED.length)]!.slug}` },
];

function variantQuery(random: () => number): string {
  let draw = random();
  for (const variant of VARIANTS) {
    if (draw < variant.share) return variant.query(random);
    draw -= variant.share;
  }
  return '';
}

/**
 * `count` search requests for a load, none asked twice (so none is answered from what an earlier
 * one left in the portal's caches): the kinds in equal shares and in random order, each text drawn
 * at random from its kind, most for the first page, some for a later page, another order or a
 * category. The paths are `/api/games?search=…`.
 */
export function searchRequests(titles: readonly string[], count: number, seed = 23): { search: Search; path: string }[] {
  const random = seededRandom(seed);
  const pairs = titlePairs(titles);
  const pools = new Map(SEARCH_KINDS.map((kind) => [kind, distinctByFolding(searchesOf(kind, TITLE_WORDS, pairs))]));
  pools.get('pair')!.push(...distinctByFolding(partlyTypedPairs(pairs)));
  pools.get('accent')!.push(POKEMON);
  const asked = new Set<string>();
  const requests: { search: Search; path: string }[] = [];
  for (let tries = 0; requests.length < count; tries++) {
    if (tries > count * 20) throw new Error(`Only ${requests.length} different search requests could be made of the catalog's words`);
    const pool = pools.get(SEARCH_KINDS[Math.floor(random() * SEARCH_KINDS.length)]!)!;
    const search = pool[Math.floor(random() * pool.length)]!;
    const variant = variantQuery(random);
    const path = `/api/games?search=${encodeURIComponent(search.text)}${variant}`;
    // As the portal folds it: "pokémon" asks what "pokemon" asked.
    const key = `${foldForSearch(search.text)}${variant}`;
    if (asked.has(key)) continue;
    asked.add(key);
    requests.push({ search, path });
  }
  return requests;
}

/**
 * Searches to time one at a time, `perKind` of each kind, that share no word between
 * kinds (the catalog words are dealt out among the kinds), so none is answered from
 * what another search left in the portal's caches.
 */
export function soloSearches(titles: readonly string[], perKind: number, seed = 7): Search[] {
  const random = seededRandom(seed);
  // "space" is left to the issue's own typo, "spcae".
  const words = shuffled(TITLE_WORDS.filter((word) => word !== SPCAE.intended), random);
  const share = Math.floor(words.length / SEARCH_KINDS.length);
  const dealt = new Map(SEARCH_KINDS.map((kind, i) => [kind, words.slice(i * share, (i + 1) * share)]));
  const pairWords = new Set(dealt.get('pair'));
  const pairs = titlePairs(titles).filter(([first, second]) => first !== second && pairWords.has(first) && pairWords.has(second));
  return SEARCH_KINDS.flatMap((kind) => {
    // One search per word where the kind has several for a word (typos, prefixes, accents).
    const byWord = new Map<string, Search>();
    for (const search of shuffled(searchesOf(kind, dealt.get(kind)!, pairs), random)) {
      const key = search.intended ?? (kind === 'prefix' ? search.text.slice(0, 3) : search.text);
      if (!byWord.has(key)) byWord.set(key, search);
    }
    const searches = [...byWord.values()];
    // The issue's own examples stay in: "pokémon" must find what "pokemon" finds, "spcae" Space games.
    if (kind === 'accent') searches.unshift(POKEMON);
    if (kind === 'typo') searches.unshift(SPCAE);
    return distinctByFolding(searches).slice(0, perKind);
  });
}

/** Prefixes of 1 to 4 letters of what the suggestions can name (title words, categories, tags), never the same twice in a row. */
export function suggestPrefixes(names: readonly string[], count: number, seed = 11): string[] {
  const random = seededRandom(seed);
  const prefixes = [
    ...new Set(
      [...TITLE_WORDS, ...names.flatMap((name) => foldForSearch(name).split(/\s+/))]
        .filter((word) => /^[a-z]/.test(word))
        .flatMap((word) => [1, 2, 3, 4].filter((length) => word.length >= length).map((length) => word.slice(0, length))),
    ),
  ];
  const list: string[] = [];
  while (list.length < count) {
    const prefix = prefixes[Math.floor(random() * prefixes.length)]!;
    if (prefix !== list.at(-1) && !(list.length === count - 1 && prefix === list[0])) list.push(prefix);
  }
  return list;
}
