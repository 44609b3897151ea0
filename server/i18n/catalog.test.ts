/**
 * The server's catalog check, as src/i18n/catalogs.test.ts is the web app's: every language has
 * every message of server/i18n/messages.ts, none left in English, none the code no longer has, each
 * an ICU message with the same arguments as the English one.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/locales';
import { messageArguments } from '../../src/i18n/message-arguments';
import { SERVER_MESSAGES, type MessageId } from './messages';
import { catalogFile, translate } from './translate';

const translated = LOCALES.filter((locale) => locale !== 'en');
const ids = Object.keys(SERVER_MESSAGES) as MessageId[];

/**
 * A message with no word to translate: arguments, a unit and punctuation ("{kb, number} KB",
 * "{first}, {rest}"). A language may write it as English does.
 */
const hasNoWords = (message: string) => !/\p{L}{3,}/u.test(message.replace(/\{\w+(?:,[^{}]*)?\}/g, ''));

/** The server's messages are plain text: a `<key>` in one is text, not a tag. */
const argumentsIn = (message: string) => messageArguments(message, { ignoreTag: true });

describe('the English catalog', () => {
  it('parses as ICU, each message formatting to text', () => {
    for (const id of ids) {
      let names: string[] = [];
      expect(() => (names = argumentsIn(SERVER_MESSAGES[id])), id).not.toThrow();
      const values = Object.fromEntries(names.map((name) => [name, 1]));
      expect(translate('en', id, values), id).not.toContain('{');
    }
  });

  it('has one file a language, and no file for a language the portal does not speak', () => {
    const files = readdirSync(new URL('./locales', import.meta.url)).map((name) => name.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...translated].sort());
  });
});

describe.each(translated)('the %s catalog', (locale) => {
  const entries = catalogFile(locale);

  it('translates every message', () => {
    expect(ids.filter((id) => typeof entries[id] !== 'string' || entries[id].trim() === ''), `missing in server/i18n/locales/${locale}.json`).toEqual([]);
  });

  it('leaves no message in English', () => {
    expect(ids.filter((id) => entries[id] === SERVER_MESSAGES[id] && !hasNoWords(SERVER_MESSAGES[id])), `left in English in server/i18n/locales/${locale}.json`).toEqual([]);
  });

  it('holds no message the server no longer has', () => {
    expect(Object.keys(entries).filter((id) => !(id in SERVER_MESSAGES))).toEqual([]);
  });

  it('parses as ICU, with the same arguments as the English text', () => {
    for (const id of ids) {
      const message = entries[id];
      if (message === undefined) continue;
      let found: string[] = [];
      expect(() => (found = argumentsIn(message)), `${locale} ${id}`).not.toThrow();
      expect(found, `${locale} ${id}`).toEqual(argumentsIn(SERVER_MESSAGES[id]));
    }
  });
});
