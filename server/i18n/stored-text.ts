/**
 * A Text kept in JSON beside the English it was written as (a build's check verdicts): its message
 * id and values, so it is read back in any language later. A message a later version removed
 * reads back as null, and its English is shown as stored.
 */
import type { StoredText } from '../../shared/schemas/builds';
import { SERVER_MESSAGES, type MessageId } from './messages';
import { Text, type MessageValues } from './translate';

export function toStored(text: Text): StoredText {
  const values = Object.entries(text.values);
  if (values.length === 0) return { id: text.id };
  return { id: text.id, values: Object.fromEntries(values.map(([name, value]) => [name, value instanceof Text ? toStored(value) : value])) };
}

export function fromStored(stored: StoredText): Text | null {
  if (!Object.hasOwn(SERVER_MESSAGES, stored.id)) return null;
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(stored.values ?? {})) {
    if (typeof value !== 'object') {
      values[name] = value;
      continue;
    }
    const inner = fromStored(value);
    if (!inner) return null;
    values[name] = inner;
  }
  return new Text(stored.id as MessageId, values);
}
