/** Texts joined in the language they are written in: as a list ("a, b, c") or as sentences. */
import { text, type Text } from '../../../i18n/translate';

function joined(id: 'checks.list' | 'checks.sentences', texts: readonly Text[]): Text {
  if (texts.length === 0) throw new Error('nothing to join');
  return texts.slice(0, -1).reduceRight((rest, first) => text(id, { first, rest }), texts.at(-1)!);
}

export const listOf = (texts: readonly Text[]) => joined('checks.list', texts);
export const sentencesOf = (texts: readonly Text[]) => joined('checks.sentences', texts);
