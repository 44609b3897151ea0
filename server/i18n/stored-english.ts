/**
 * Texts stored in English (a feed's last error, a sync's refusals) read back in a person's
 * language: `storedEnglish(ids)` turns a stored text into the message it was written from, its
 * arguments taken from where the message's `{name}`s stand, so `translate` can write it in any
 * language. Only plain `{name}` arguments: such texts have no plurals. A text none of the messages
 * fits (one written before they were, or a library's own words) is null, and is shown as stored.
 */
import { SERVER_MESSAGES, type MessageId } from './messages';
import { text, type Text } from './translate';

const escapeRegExp = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(message: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = message
    .split(/\{(\w+)\}/)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names };
}

/** A reader of stored English texts written from one of `ids` (tried in their order). */
export function storedEnglish(ids: readonly MessageId[]): (stored: string) => Text | null {
  const patterns = ids.map((id) => ({ id, ...patternOf(SERVER_MESSAGES[id]) }));
  return (stored) => {
    for (const { id, pattern, names } of patterns) {
      const found = pattern.exec(stored);
      if (found) return text(id, Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])));
    }
    return null;
  };
}
