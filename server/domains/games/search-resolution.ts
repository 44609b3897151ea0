/**
 * What a typed search means: its words expanded into the catalog's whole words and prefixes, with
 * spelling corrections for words nothing matches (read-model.ts builds the query from it).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { searchWordsOf } from '../../../shared/text';
import { SEARCH_TTL_MS, type CatalogCache } from './cache';
import { MIN_CORRECTED_LENGTH, spellingsOneEditAway } from './spelling';

/** Most whole words one typed word expands into; a prefix shared by more is searched as a prefix. */
const MAX_EXPANSION = 40;

/** Most corrections one misspelt word is read as. */
const MAX_CORRECTIONS = 5;

/** Past this many whole words starting with a typed word, its matches are not counted (a common prefix). */
const MAX_COUNTED_TERMS = 5000;

/**
 * Up to about this many matches, a search gathers them all from the full-text
 * index and sorts them; beyond it, it walks the list order's index and stops at
 * the page, which is quicker the more games match.
 */
export const FEW_MATCHES = 2000;

export type ResolvedSearch = {
  /** A tsquery: every typed word must start a word of the game's title, description or tags. */
  tsquery: string;
  /**
   * About how many games match: the words' game counts (search_terms) combined as if words
   * were independent, which is what tells a rare search from a common one.
   */
  expectedMatches: number;
};

/** What one typed word stands for: the whole words it starts, and how common they are. */
type WordExpansion = {
  /** How many whole words start with it (counted up to MAX_COUNTED_TERMS). */
  terms: number;
  /** How many games those words were written in. */
  games: number;
  /** The first MAX_EXPANSION of those words. */
  first: string[];
  /** About how many games there are. */
  catalog: number;
};

/** The expansions of typed words, in one round trip. */
async function expandWords(em: EntityManager, words: string[]): Promise<Map<string, WordExpansion>> {
  const rows = await em.getConnection('read').execute<({ word: string } & WordExpansion)[]>(
    `select w.word, t.terms, t.games, t.first, (select greatest(reltuples, 1)::int from pg_class where oid = 'games'::regclass) as catalog
       from unnest(?::text[]) as w(word)
       cross join lateral (
         select count(*)::int as terms, coalesce(sum(games), 0)::int as games, (array_agg(term order by term))[1:${MAX_EXPANSION}] as first
           from (select term, games from search_terms
                  where term >= w.word and term < w.word || chr(1114111) order by term limit ${MAX_COUNTED_TERMS + 1}) matching) t`,
    [textArray(words)],
  );
  const expansions = new Map(rows.map(({ word, ...expansion }) => [word, expansion]));
  // A word that starts no word of any game: read it as the words one edit away that games hold.
  const misspelt = words.filter((word) => expansions.get(word)!.terms === 0 && [...word].length >= MIN_CORRECTED_LENGTH);
  if (misspelt.length === 0) return expansions;
  const spellings = new Map(misspelt.map((word) => [word, spellingsOneEditAway(word)]));
  const found = await em
    .getConnection('read')
    .execute<{ term: string; games: number }[]>('select term, games from search_terms where term = any(?::text[]) and games > 0', [
      textArray([...new Set([...spellings.values()].flat())]),
    ]);
  const gamesOf = new Map(found.map((row) => [row.term, row.games]));
  for (const [word, candidates] of spellings) {
    // The corrections most games hold first: the likelier meaning.
    const corrections = candidates
      .filter((candidate) => gamesOf.has(candidate))
      .sort((a, b) => gamesOf.get(b)! - gamesOf.get(a)! || (a < b ? -1 : 1))
      .slice(0, MAX_CORRECTIONS);
    if (corrections.length === 0) continue;
    expansions.set(word, {
      terms: corrections.length,
      games: corrections.reduce((sum, term) => sum + gamesOf.get(term)!, 0),
      first: corrections,
      catalog: expansions.get(word)!.catalog,
    });
  }
  return expansions;
}

/** Typed words and their spellings are letters, marks and digits (SEARCH_WORD): nothing to escape inside the quotes. */
function textArray(words: readonly string[]): string {
  return `{${words.map((word) => `"${word}"`).join(',')}}`;
}

/**
 * The search text as a full-text query: every typed word, folded like the stored
 * text (case and accents: "Pokémon" is "pokemon"), must start a word of the game's
 * title, description or tags ("spa rock" finds "Space Rocks"). Each typed word is
 * expanded into the whole words games hold (search_terms); one that starts none is
 * read as the words one edit away that games hold ("spcae" finds "Space Rocks",
 * spelling.ts). Null when nothing can match: no word in the text, or a word no game
 * has, even corrected. With a cache, each word's expansion is kept as long as a search
 * answer (most searches share their words with others), so a new search of known
 * words costs one query.
 */
export async function resolveSearch(em: EntityManager, text: string, cache?: CatalogCache): Promise<ResolvedSearch | null> {
  const words = searchWordsOf(text);
  if (words.length === 0) return null;
  const unique = [...new Set(words)];
  // Any word not cached loads every word of this search in one round trip.
  let loading: Promise<Map<string, WordExpansion>> | undefined;
  const expand = async (word: string) => (await (loading ??= expandWords(em, unique))).get(word)!;
  const expansions = await Promise.all(
    unique.map((word) => (cache ? cache.getPart(`search-word:${word}`, () => expand(word), SEARCH_TTL_MS) : expand(word))),
  );
  const catalog = Math.max(1, ...expansions.map((expansion) => Math.max(expansion.catalog, expansion.games)));
  const parts: string[] = [];
  let expectedMatches = catalog;
  for (const [index, { terms, games, first }] of expansions.entries()) {
    if (terms === 0) return null;
    parts.push(terms > MAX_EXPANSION ? `${unique[index]}:*` : `(${first.map(quoteLexeme).join(' | ')})`);
    // A prefix too common to count matches about every game.
    if (terms <= MAX_COUNTED_TERMS) expectedMatches *= games / catalog;
  }
  return { tsquery: parts.join(' & '), expectedMatches };
}

/** A lexeme as tsquery input, quoted so punctuation inside it ("sky-hopper") stays part of it. */
export function quoteLexeme(term: string): string {
  return `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
