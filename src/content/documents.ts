/**
 * The long static pages' words, one document per page and language: src/content/<page>/<locale>.json.
 * A translator (or a lawyer) edits a document, never the page's code; the page renders whatever
 * sections its document lists, in their order (src/pages/static/document/StaticDocument.tsx).
 *
 * In the text: `{portal}` is the portal's name; `[words](/address)` is a link (an address on the
 * portal, https://… or mailto:…). `icon` names one of DOCUMENT_ICONS; `color` a Mantine colour.
 * Every language has the same sections, cards, lists and actions in the same order
 * (documents.test.ts); only the words differ.
 */
import { use } from 'react';
import type { AgeRating } from '../../shared/constants';
import type { Locale } from '../i18n';
import type { DocumentIconName } from './icons';

export type DocumentAction = { label: string; href: string; icon?: DocumentIconName; color?: string };
export type DocumentCard = { icon: DocumentIconName; color: string; title: string; body: string };
export type DocumentList = { icon?: DocumentIconName; color?: string; title: string; items: string[] };
export type DocumentRating = { rating: AgeRating; ages: string; description: string };

/** One titled section, with an anchor (`id`) other pages can link to (`/kids-safety#safety-tips`). */
export type DocumentSection = {
  id: string;
  title: string;
  icon?: DocumentIconName;
  color?: string;
  /** The lead under the title. */
  intro?: string;
  paragraphs?: string[];
  /** Feature tiles: icon, title, a sentence or two. */
  cards?: DocumentCard[];
  /** Side-by-side bulleted lists, each under its own title. */
  lists?: DocumentList[];
  /** The age ratings, each with its ages and what it may contain. */
  ratings?: DocumentRating[];
  /** Buttons under the paragraphs. */
  actions?: DocumentAction[];
  /** A small line after the actions. */
  note?: string;
  /** Shown as a coloured box that stands out (a call to act). */
  callout?: boolean;
};

export type PageDocument = {
  title: string;
  subtitle: string;
  actions?: DocumentAction[];
  sections: DocumentSection[];
};

/** The pages kept as documents (their folders under src/content). */
export const DOCUMENT_PAGES = ['kids-safety'] as const;
export type DocumentPage = (typeof DOCUMENT_PAGES)[number];

// One chunk per document: a page loads its own, in the reader's language only.
const loaders = import.meta.glob<{ default: PageDocument }>('./*/*.json');

/** A document on its way, marked once it is here as React marks a promise it has read (`use`). */
type Loading = Promise<PageDocument> & { status?: 'fulfilled'; value?: PageDocument };
const loading = new Map<string, Loading>();

export function loadDocument(page: DocumentPage, locale: Locale): Promise<PageDocument> {
  const key = `./${page}/${locale}.json`;
  let promise = loading.get(key);
  if (!promise) {
    const load = loaders[key];
    if (!load) throw new Error(`No document ${key}`);
    const loaded: Loading = load().then((module) => module.default);
    void loaded.then((document) => Object.assign(loaded, { status: 'fulfilled', value: document }));
    loading.set(key, (promise = loaded));
  }
  return promise;
}

/**
 * The document of `page` in `locale`: at once when loaded, else the page suspends until it is (the
 * server's render waits for it; in the browser the server's markup stays while it arrives). Always
 * through `use`, loaded or not: React replays a render that suspended here once the document has
 * come, and that replay must call the same hooks in the same order (skipping `use` then broke the
 * hooks after it: React error 467 on a client-side navigation).
 */
export function useDocument(page: DocumentPage, locale: Locale): PageDocument {
  return use(loadDocument(page, locale));
}
