/**
 * The server's texts in a person's language: `translate(locale, id, values)` formats a message of
 * the catalog (messages.ts in English, locales/{code}.json for the others) with intl-messageformat,
 * the ICU formatter the web app's react-intl is built on. A domain error or a mail holds a `Text`
 * (id and values) so the language is chosen where the request's is known: the transport's answer.
 */
import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '../../src/i18n/locales';
import { SERVER_MESSAGES, type MessageId } from './messages';

/** A message's arguments; a Text among them is written in the message's language too. */
export type MessageValues = Record<string, string | number | Text>;

/** A text of the catalog with its values, not yet in any language. */
export class Text {
  constructor(
    readonly id: MessageId,
    readonly values: MessageValues = {},
  ) {}

  in(locale: Locale): string {
    return translate(locale, this.id, this.values);
  }
}

export function text(id: MessageId, values?: MessageValues): Text {
  return new Text(id, values);
}

export type Catalog = Partial<Record<MessageId, string>>;

/**
 * A language's catalog as its files hold it (catalog.test.ts reads them the same way): the server's
 * own, and the input checks' words, which the web app's forms share (shared/schema-messages).
 */
export function catalogFile(locale: Exclude<Locale, 'en'>): Catalog {
  const read = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as Catalog;
  return { ...read(new URL(`./locales/${locale}.json`, import.meta.url)), ...read(new URL(`../../shared/schema-messages/${locale}.json`, import.meta.url)) };
}

const catalogs = new Map<Locale, Catalog>();
const formats = new Map<string, IntlMessageFormat>();

function sourceOf(locale: Locale, id: MessageId): string {
  if (locale === 'en') return SERVER_MESSAGES[id];
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = catalogFile(locale);
    catalogs.set(locale, catalog);
  }
  // The catalog check keeps every language complete; a gap would show the English text.
  return catalog[id] ?? SERVER_MESSAGES[id];
}

/** The message in the language, its arguments filled in. Tags are plain text here (`<key>`), as mail and JSON have no markup. */
export function translate(locale: Locale, id: MessageId, values: MessageValues = {}): string {
  const key = `${locale}\u0000${id}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(sourceOf(locale, id), locale, undefined, { ignoreTag: true });
    formats.set(key, format);
  }
  return String(format.format(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value instanceof Text ? value.in(locale) : value]))));
}
