import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { messagesInCode } from './messages-in-code';

const srcDir = join(import.meta.dirname, '..');
const { messages, problems } = messagesInCode(srcDir);
const translated = LOCALES.filter((locale) => locale !== 'en');

function catalog(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${locale}.json`), 'utf8')) as Record<string, string>;
}

/** The arguments a message uses (`{count}`, `{count, plural, …}`, `<link>…</link>`), nested ones too. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

describe('messages in the code', () => {
  it('are all readable: id then defaultMessage, string literals, one text per id', () => {
    expect(problems).toEqual([]);
    // The header's language button is converted: the reader finds real messages.
    expect(messages.get('languageSwitcher.label')?.defaultMessage).toBe('Language');
  });

  it('parse as ICU messages in English', () => {
    for (const { id, defaultMessage } of messages.values()) expect(() => parse(defaultMessage), id).not.toThrow();
  });
});

describe.each(translated)('the %s catalog', (locale) => {
  const entries = catalog(locale);

  it('translates every message of the code', () => {
    const missing = [...messages.keys()].filter((id) => typeof entries[id] !== 'string' || entries[id].trim() === '');
    expect(missing, `missing in src/i18n/locales/${locale}.json (npx tsx scripts/i18n-missing.ts)`).toEqual([]);
  });

  it('holds no message the code no longer has', () => {
    expect(Object.keys(entries).filter((id) => !messages.has(id))).toEqual([]);
  });

  it('parses as ICU, with the same arguments as the English text', () => {
    for (const [id, text] of Object.entries(entries)) {
      const english = messages.get(id);
      if (!english) continue;
      let elements: MessageFormatElement[] = [];
      expect(() => (elements = parse(text)), `${locale} ${id}`).not.toThrow();
      expect([...argumentsOf(elements)].sort(), `${locale} ${id}`).toEqual([...argumentsOf(parse(english.defaultMessage))].sort());
    }
  });
});
