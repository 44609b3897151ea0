import { defineEntity, p } from '@mikro-orm/core';

/**
 * Every word the search vectors of games hold, with how many games were written
 * holding it, kept by triggers on games (see the search_terms migration). Search
 * expands a typed prefix into these whole words and reads from the counts how many
 * games can match at most, to choose between gathering a rare word's few games
 * from the full-text index and walking a list's order index for a common one; a
 * word no game holds costs no scan of games at all. Counts only grow (a game
 * unpublished or edited leaves its old words counted), so they are upper bounds.
 */
export const SearchTermSchema = defineEntity({
  name: 'SearchTerm',
  tableName: 'search_terms',
  properties: {
    /** Byte order ("C"), so a prefix is one contiguous range of the primary key. */
    term: p.text().primary().collation('C'),
    games: p.integer().default(0),
  },
});

export class SearchTerm extends SearchTermSchema.class {}
SearchTermSchema.setClass(SearchTerm);
