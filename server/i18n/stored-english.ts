/**
 * Texts stored in English (a feed's last error, a sync's refusals) read back in a person's
 * language: `storedEnglish(ids)` turns a stored text into the message it was written from, its
 * arguments read back from the text (shared/message-patterns.ts), so `translate` can write it in
 * any language. Only plain `{name}` arguments: such texts have no plurals. A text none of the
 * messages fits (one written before they were, or a library's own words) is null, and is shown as stored.
 */
import { messageMatcher } from '../../shared/message-patterns';
import { SERVER_MESSAGES, type MessageId } from './messages';
import { text, type Text } from './translate';

/** A reader of stored English texts written from one of `ids`. */
export function storedEnglish(ids: readonly MessageId[]): (stored: string) => Text | null {
  const match = messageMatcher(Object.fromEntries(ids.map((id) => [id, SERVER_MESSAGES[id]])) as Record<MessageId, string>);
  return (stored) => {
    const found = match(stored);
    return found && text(found.id, found.values);
  };
}
