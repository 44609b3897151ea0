/**
 * Every static page kept as a document has one per language, and all of them have the same shape:
 * the same sections (anchors), cards, lists, ratings and actions in the same order, only the words
 * differ. A translator who drops a tip or a section, or a change made in English alone, fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales';
import { DOCUMENT_PAGES, type PageDocument } from './documents';
import { DOCUMENT_ICONS } from './icons';

// The words a translator writes; every other field (ids, icons, colours, addresses, ratings) is the page's shape.
const WORDS = new Set(['title', 'subtitle', 'intro', 'body', 'label', 'ages', 'description', 'note', 'items', 'paragraphs']);

function read(page: string, locale: string): PageDocument {
  return JSON.parse(readFileSync(join(import.meta.dirname, page, `${locale}.json`), 'utf8')) as PageDocument;
}

/** The document with its words replaced by a mark: what must be the same in every language. */
function shape(value: unknown, key = ''): unknown {
  if (WORDS.has(key)) return Array.isArray(value) ? value.map(() => 'words') : 'words';
  if (Array.isArray(value)) return value.map((item) => shape(item));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, shape(item, name)]));
  return value;
}

/** Every text of a document, with where it is. */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${path}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => (WORDS.has(name) ? texts(item, `${path}.${name}`) : []));
  return [];
}

/** Link addresses in a text (`[words](address)`), and what is left once links are taken out. */
const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Each text's link addresses, by where the text is. */
const linksOf = (document: PageDocument) => texts(document).map(([where, text]) => [where, [...text.matchAll(LINK)].map((link) => link[2])]);

describe.each(DOCUMENT_PAGES)('the %s document', (page) => {
  const english = read(page, 'en');

  it.each(LOCALES)('exists in %s, with the English sections, cards, lists and links in the same order', (locale) => {
    expect(existsSync(join(import.meta.dirname, page, `${locale}.json`))).toBe(true);
    const document = read(page, locale);
    expect(shape(document)).toEqual(shape(english));
    expect(linksOf(document)).toEqual(linksOf(english));
    for (const [where, text] of texts(document)) {
      expect(text.trim(), `${locale} ${where}`).not.toBe('');
      // A half-written link (`[words](`) or an ICU leftover shows as raw text on the page.
      expect(text.replace(LINK, ''), `${locale} ${where}`).not.toMatch(/\]\(|<\/?[a-z]+>|\{(?!portal\})/);
    }
  });

  it('names only icons the page can show, and gives each section its own anchor', () => {
    const icons = JSON.stringify(english).match(/"icon":"[^"]+"/g) ?? [];
    for (const icon of icons) expect(Object.keys(DOCUMENT_ICONS)).toContain(icon.slice(8, -1));
    const ids = english.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });
});
