/**
 * Marks search leaves in place: Japanese kana's voicing marks (パ is not ハ), which the last step
 * composes again as it composes Korean syllables back from their letters, and the long vowel mark
 * (スーパー).
 */
const KEPT_MARKS = /[\u3099\u309a\u30fc]/;

/**
 * A word as PostgreSQL's parser reads one (to_tsvector): letters, digits and the marks that are
 * part of letters, such as Hindi's vowel signs ("किला" is one word, not "क" and "ल").
 */
export const SEARCH_WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Lower-cases and strips accents, so "Café" matches "cafe" (search is case- and accent-insensitive),
 * the same way in every language: width and compatibility forms as their plain letters (ＡＢＣ,
 * ｶﾞ, ﬁ), Turkish dotted and dotless i both as i (İstanbul, ıspanak: a Turkish player types
 * either, and a keyboard without them types i), German ß as ss (Straße, STRASSE).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, (mark) => (KEPT_MARKS.test(mark) ? mark : ''))
    .normalize('NFC')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss');
}

/** Scripts written without spaces between words: Chinese characters, hiragana and katakana. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;

/** A word's overlapping pairs of characters ("ドラゴン" → ドラ, ラゴ, ゴン); a word of one character is itself. */
function pairsOf(word: string): string[] {
  const characters = [...word];
  if (characters.length < 2) return characters;
  return characters.slice(0, -1).map((character, at) => character + characters[at + 1]);
}

/**
 * The words of folded text as search indexes them: each word, and for a word in a script without
 * spaces (a Japanese title is one "word" to PostgreSQL) its pairs of characters too, so a search for
 * any part of it finds it.
 */
export function indexedSearchText(folded: string): string {
  const pairs = (folded.match(SEARCH_WORD) ?? []).filter((word) => UNSPACED.test(word) && [...word].length > 2).flatMap(pairsOf);
  return pairs.length > 0 ? `${folded} ${pairs.join(' ')}` : folded;
}

/**
 * The words a typed search looks for, folded: each must start a word of the game. A word in a
 * script without spaces is looked for as its pairs of characters, in a row, so "クエ" finds
 * "ドラゴンクエスト" (indexedSearchText).
 */
export function searchWordsOf(text: string): string[] {
  return (foldForSearch(text).match(SEARCH_WORD) ?? []).flatMap((word) => (UNSPACED.test(word) ? pairsOf(word) : [word]));
}

/** "Space Rocks! 2" → "space-rocks-2". */
export function slugify(text: string): string {
  return (
    foldForSearch(text)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'game'
  );
}

/** Plays over 1000 as a one-decimal k value (spec section 9); "New" for none. */
export function formatPlays(plays: number): string {
  if (plays <= 0) return 'New';
  if (plays > 1000) return `${(plays / 1000).toFixed(1)}k`;
  return String(plays);
}
