/**
 * Typo tolerance for search, on the catalog's own vocabulary (search_terms): a typed word that
 * starts no word any game holds is read as the words one edit away from it that games do hold
 * ("spcae" -> "space", "puzle" -> "puzzle", "pokmon" -> "pokemon"). The spellings one edit away are
 * made here and looked up exactly, through search_terms' primary key: a few hundred index probes,
 * about a millisecond whatever the vocabulary's size. (Trigram similarity ranks short typos
 * poorly: "spcae" shares 2 of its 10 trigrams with "space", similarity 0.2, below pg_trgm's
 * default threshold of 0.3 and below many unrelated short words.)
 */

/** Typed words shorter than this are taken as typed: one edit from a three-letter word is too many words. */
export const MIN_CORRECTED_LENGTH = 4;

/** Letters an insertion or a replacement may bring in: the word's own and the Latin letters and digits. */
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/**
 * Every spelling one edit from `word` (already folded: lower case, no accents): a letter dropped,
 * two neighbours swapped, a letter replaced, or one added. The word itself is not among them.
 */
export function spellingsOneEditAway(word: string): string[] {
  const letters = [...word];
  const alphabet = [...new Set([...LETTERS, ...letters])];
  const spellings = new Set<string>();
  for (let index = 0; index <= letters.length; index++) {
    const head = letters.slice(0, index).join('');
    const rest = letters.slice(index + 1).join('');
    const tail = letters.slice(index).join('');
    if (index < letters.length) spellings.add(head + rest);
    if (index < letters.length - 1) spellings.add(head + letters[index + 1] + letters[index] + letters.slice(index + 2).join(''));
    for (const letter of alphabet) {
      spellings.add(head + letter + tail);
      if (index < letters.length) spellings.add(head + letter + rest);
    }
  }
  spellings.delete(word);
  return [...spellings];
}
