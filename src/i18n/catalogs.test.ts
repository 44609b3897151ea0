import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { messageArguments } from './message-arguments';
import { CATALOG_FOLDERS, catalogOf, messagesInCode, type CatalogName, type CodeMessage } from './messages-in-code';
import sameAsEnglish from './same-as-english.json';

const srcDir = join(import.meta.dirname, '..');
const { messages: allMessages, problems } = messagesInCode(srcDir);
const translated = LOCALES.filter((locale) => locale !== 'en');
const catalogNames = Object.keys(CATALOG_FOLDERS) as CatalogName[];

/** The code's messages that belong in one catalog (players' or developer's). */
function messagesOf(name: CatalogName): Map<string, CodeMessage> {
  return new Map([...allMessages].filter(([id]) => catalogOf(id) === name));
}

function catalogPath(name: CatalogName, locale: string): string {
  return `src/i18n/${CATALOG_FOLDERS[name]}/${locale}.json`;
}

function catalog(name: CatalogName, locale: string): Record<string, string> {
  return JSON.parse(readFileSync(join(srcDir, '..', catalogPath(name, locale)), 'utf8')) as Record<string, string>;
}

describe('messages in the code', () => {
  it('are all readable: id then defaultMessage, string literals, one text per id', () => {
    expect(problems).toEqual([]);
    // The header's language button is converted: the reader finds real messages.
    expect(allMessages.get('languageSwitcher.label')?.defaultMessage).toBe('Language');
    // So is the developer portal, whose messages go in the developer catalogs.
    expect(allMessages.get('developer.portal.title')?.defaultMessage).toBe('Developer Portal');
    expect(catalogOf('developer.portal.title')).toBe('developer');
    expect(catalogOf('admin.title')).toBe('developer');
    expect(catalogOf('languageSwitcher.label')).toBe('players');
  });

  it('parse as ICU messages in English', () => {
    for (const { id, defaultMessage } of allMessages.values()) expect(() => parse(defaultMessage), id).not.toThrow();
  });
});

/** Whether a message has words of its own, once its arguments and tags are taken out. */
function hasWords(message: string): boolean {
  return /\p{L}/u.test(message.replace(/\{[^{}]*\}/g, '').replace(/<\/?[\w-]+>/g, ''));
}

describe.each(catalogNames)('the %s catalogs', (name) => {
  it('are one per language, and name no language the app does not list', () => {
    const folder = join(import.meta.dirname, CATALOG_FOLDERS[name]);
    const files = readdirSync(folder).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length));
    expect(files.sort()).toEqual([...translated].sort());
    expect(Object.keys(sameAsEnglish).filter((locale) => !(translated as readonly string[]).includes(locale))).toEqual([]);
  });
});

describe.each(catalogNames.flatMap((name) => translated.map((locale) => [name, locale] as const)))('the %s catalog in %s', (name, locale) => {
  const entries = catalog(name, locale);
  const messages = messagesOf(name);
  const path = catalogPath(name, locale);

  it('translates every message of the code', () => {
    const missing = [...messages.keys()].filter((id) => typeof entries[id] !== 'string' || entries[id].trim() === '');
    expect(missing, `missing in ${path} (npx tsx scripts/i18n-missing.ts)`).toEqual([]);
  });

  it('leaves no message in English where a translation is due', () => {
    // Kept as in English on purpose: names, brands and words the language uses as they are
    // ("Arcade", "Chat", "Tag"), each reviewed and listed in same-as-english.json. A text that is
    // only placeholders, tags and signs ("{rating}/5") has nothing to translate.
    const allowed = new Set<string>(((sameAsEnglish as Record<string, string[]>)[locale] ?? []).filter((id) => catalogOf(id) === name));
    const english = [...messages.values()].filter(({ id, defaultMessage }) => entries[id] === defaultMessage && hasWords(defaultMessage) && !allowed.has(id)).map(({ id }) => id);
    expect(english, `left in English in ${path} (or, if right, listed in src/i18n/same-as-english.json)`).toEqual([]);
    // The list holds no id the catalog has since translated or the code dropped.
    expect([...allowed].filter((id) => entries[id] !== messages.get(id)?.defaultMessage)).toEqual([]);
  });

  it('holds only messages the code has, of its own area', () => {
    expect(Object.keys(entries).filter((id) => !messages.has(id)), `not (or no longer) messages of ${path}: developer.* and admin.* go in src/i18n/locales/developer/`).toEqual([]);
  });

  it('parses as ICU, with the same arguments as the English text', () => {
    for (const [id, text] of Object.entries(entries)) {
      const english = messages.get(id);
      if (!english) continue;
      let found: string[] = [];
      expect(() => (found = messageArguments(text)), `${locale} ${id}`).not.toThrow();
      expect(found, `${locale} ${id}`).toEqual(messageArguments(english.defaultMessage));
    }
  });
});
