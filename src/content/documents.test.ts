/**
 * Every static page kept as a document has one per language, and all of them have the same shape:
 * the same sections (anchors), cards, lists, ratings and actions in the same order, only the words
 * differ. A translator who drops a tip or a section, or a change made in English alone, fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REJECTION_RULES } from '../../shared/constants';
import { LOCALES } from '../i18n/locales';
import { DOCUMENT_PAGES, type PageDocument } from './documents';
import { DOCUMENT_ICONS } from './icons';

// The words a translator writes; every other field (ids, icons, colours, addresses, ratings, figures) is the page's shape.
const WORDS = new Set(['title', 'subtitle', 'intro', 'body', 'label', 'ages', 'description', 'note', 'items', 'paragraphs', 'question', 'answer', 'texts', 'footer']);

function read(page: string, locale: string): PageDocument {
  return JSON.parse(readFileSync(join(import.meta.dirname, page, `${locale}.json`), 'utf8')) as PageDocument;
}

/** The document with its words replaced by a mark: what must be the same in every language. */
function shape(value: unknown, key = ''): unknown {
  if (WORDS.has(key)) {
    if (Array.isArray(value)) return value.map(() => 'words');
    // A live part's words, by name (`texts`): the names are the shape.
    if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).map((name) => [name, 'words']));
    return 'words';
  }
  if (Array.isArray(value)) return value.map((item) => shape(item));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, shape(item, name)]));
  return value;
}

/** Every text of a document, with where it is. */
function texts(value: unknown, path = '', words = false): [string, string][] {
  if (typeof value === 'string') return words ? [[path, value]] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${path}[${index}]`, words));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => texts(item, `${path}.${name}`, words || WORDS.has(name)));
  return [];
}

/** Link addresses in a text (`[words](address)`), and what is left once links are taken out. */
const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Each text's link addresses, by where the text is. */
const linksOf = (document: PageDocument) => texts(document).map(([where, text]) => [where, [...text.matchAll(LINK)].map((link) => link[2])]);
/** Each text's placeholders (`{portal}`), by where the text is. */
const placeholdersOf = (document: PageDocument) => texts(document).map(([where, text]) => [where, [...text.matchAll(PLACEHOLDER)].map((found) => found[1]).sort()]);

/** The placeholders the renderer fills in (DocumentText's fillIn), and the one the FAQ's search gives. */
const KNOWN_PLACEHOLDERS = ['portal', 'defaultRating'];
const SEARCH_TERM = { where: /\.texts\.noMatch$/, name: 'term' };

/** The app's own addresses (src/routes.tsx), to check a document's links and buttons against. */
const ROUTES = new Set([...readFileSync(join(import.meta.dirname, '..', 'routes.tsx'), 'utf8').matchAll(/\bpath: '(\/[^':*]*)'/g)].map((route) => route[1]));

/** Every address a document names: in its text's links, its buttons and its cards' and lists' links. */
function addressesOf(document: PageDocument): string[] {
  const hrefs = JSON.stringify(document).match(/"href":"[^"]+"/g) ?? [];
  return [...hrefs.map((href) => href.slice(8, -1)), ...linksOf(document).flatMap(([, links]) => links as string[])];
}

/** The web app's source files under `dir`, tests aside (this one names `/help#faq` itself). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
    .map((path) => join(dir, path));
}

describe.each(DOCUMENT_PAGES)('the %s document', (page) => {
  const english = read(page, 'en');

  it.each(LOCALES)('exists in %s, with the English sections, cards, lists, links and placeholders in the same order', (locale) => {
    expect(existsSync(join(import.meta.dirname, page, `${locale}.json`))).toBe(true);
    const document = read(page, locale);
    expect(shape(document)).toEqual(shape(english));
    expect(linksOf(document)).toEqual(linksOf(english));
    expect(placeholdersOf(document)).toEqual(placeholdersOf(english));
    for (const [where, text] of texts(document)) {
      expect(text.trim(), `${locale} ${where}`).not.toBe('');
      // A half-written link (`[words](`) or an ICU leftover shows as raw text on the page.
      expect(text.replace(LINK, ''), `${locale} ${where}`).not.toMatch(/\]\(|<\/?[a-z]+>/);
      for (const [, name] of text.matchAll(PLACEHOLDER)) {
        const known = KNOWN_PLACEHOLDERS.includes(name!) || (name === SEARCH_TERM.name && SEARCH_TERM.where.test(where));
        expect(known, `${locale} ${where}: {${name}} is no placeholder the page fills in`).toBe(true);
      }
    }
  });

  it('names only icons the page can show, and gives each section its own anchor', () => {
    const icons = JSON.stringify(english).match(/"icon":"[^"]+"/g) ?? [];
    for (const icon of icons) expect(Object.keys(DOCUMENT_ICONS)).toContain(icon.slice(8, -1));
    const ids = english.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it("takes its heading from the route's title, which names the tab too: one text, translated once", () => {
    for (const locale of LOCALES) expect(read(page, locale), locale).not.toHaveProperty('title');
    const routes = readFileSync(join(import.meta.dirname, '../routes.tsx'), 'utf8');
    expect(routes).toMatch(new RegExp(`path: '/${page}', element: <\\w+ />, handle: \\{ title: titles\\.\\w+ \\}`));
  });

  it('links only to pages of the portal, sections of its own, e-mail addresses and https sites', () => {
    const ids = new Set(english.sections.map((section) => section.id));
    for (const href of addressesOf(english)) {
      if (href.startsWith('#')) expect(ids, href).toContain(href.slice(1));
      else if (href.startsWith('/')) expect(ROUTES, href).toContain(href);
      else expect(href).toMatch(/^(mailto:[^@\s]+@[^@\s]+\.[a-z]+|https:\/\/\S+)$/);
    }
    if (english.lastUpdated) expect(new Date(`${english.lastUpdated}T00:00:00Z`).toISOString().slice(0, 10)).toBe(english.lastUpdated);
  });
});

describe('the documents and the code', () => {
  it('have the sections the code links to (`/help#faq`)', () => {
    const linked = sourceFiles(join(import.meta.dirname, '..')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/["'`]\/([a-z-]+)#([a-z][a-z0-9-]*)/g)]);
    expect(linked.map((link) => link[0].slice(1))).toContain('/help#faq');
    for (const [, page, id] of linked) {
      if (!(DOCUMENT_PAGES as readonly string[]).includes(page!)) continue;
      expect(read(page!, 'en').sections.map((section) => section.id), `/${page}#${id}`).toContain(id);
    }
  });

  it("list the review's rejection reasons in English as the review names them (REJECTION_RULES)", () => {
    const reasons = read('guidelines', 'en').sections.find((section) => section.id === 'rejection-reasons');
    expect(reasons?.lists?.[0]?.items).toEqual(REJECTION_RULES.map((rule) => rule.text));
  });
});
