/**
 * The long static pages' words, one document per page and language: src/content/<page>/<locale>.json.
 * A translator (or a lawyer) edits a document, never the page's code; the page renders whatever
 * sections its document lists, in their order (src/pages/static/document/StaticDocument.tsx).
 *
 * In the text: `{portal}` is the portal's name and `{defaultRating}` the rating a new game gets;
 * `[words](/address)` is a link (an address on the portal, `#id` of a section of the same page,
 * https://… or mailto:…). `icon` names one of DOCUMENT_ICONS; `color` a Mantine colour. Every
 * language has the same sections, cards, lists and actions in the same order (documents.test.ts);
 * only the words differ.
 */
import { use } from 'react';
import type { AgeRating } from '../../shared/constants';
import type { Locale } from '../i18n';
import type { DocumentIconName } from './icons';

/** A button. `color` "default" is the plain grey one; `variant` "subtle" a quiet one, text and icon only. */
export type DocumentAction = { label: string; href: string; icon?: DocumentIconName; color?: string; variant?: 'subtle' };
/** A link under a card's text or a list ("Read the FAQ →"). */
export type DocumentLink = { label: string; href: string };
export type DocumentCard = {
  icon: DocumentIconName;
  color: string;
  title: string;
  body: string;
  /** A figure shown large beside the icon (`50MB`), the same in every language. */
  figure?: string;
  link?: DocumentLink;
};
export type DocumentList = {
  icon?: DocumentIconName;
  color?: string;
  /** A list without a title stands alone in a card (on a legal page, in its section's card). */
  title?: string;
  items: string[];
  /** Crosses instead of ticks: what is not allowed. */
  marker?: 'cross';
  /** Items in two columns on a wide screen. */
  columns?: 2;
  link?: DocumentLink;
};
/** An age rating with its ages, and what it may contain (without that, the ratings show as small tiles). */
export type DocumentRating = { rating: AgeRating; ages: string; description?: string };
export type DocumentQuestion = { question: string; answer: string };

/** One section, with an anchor (`id`) other pages can link to (`/kids-safety#safety-tips`). */
export type DocumentSection = {
  id: string;
  /** Without a title the section is only its content (the Help Center's tiles under the header). */
  title?: string;
  icon?: DocumentIconName;
  color?: string;
  /** The lead under the title. */
  intro?: string;
  paragraphs?: string[];
  /** Feature tiles: icon, title, a sentence or two. */
  cards?: DocumentCard[];
  /** Bulleted lists, side by side when there are two. */
  lists?: DocumentList[];
  /** The age ratings, each with its ages and what it may contain. */
  ratings?: DocumentRating[];
  /** Questions and answers, shown by the page's searchable list (HelpPage: DocumentFaq). */
  faq?: DocumentQuestion[];
  /** Words of a live part the page puts in this section (a search box's label, a form's thanks), by name. */
  texts?: Record<string, string>;
  /** Buttons under the paragraphs. */
  actions?: DocumentAction[];
  /** A small line after the actions. */
  note?: string;
  /** Shown as a box that stands out (a call to act): coloured with `color`, its text centred with `centered`. */
  callout?: boolean;
  centered?: boolean;
  /** On a wide screen the section takes this many twelfths of a row, beside the next or previous one with a span. */
  span?: number;
};

/**
 * A page's words under its heading. The heading itself is the page's title message (routes.tsx,
 * in the UI catalogs), which names the browser tab too: one text for both, translated once.
 */
export type PageDocument = {
  subtitle: string;
  /** When the text last changed (`2025-08-15`), shown under the subtitle as a month in the reader's language. */
  lastUpdated?: string;
  /** "legal": a narrower page, a table of contents, then each section numbered in a card (the policies). */
  layout?: 'legal';
  /** Small labels under the subtitle (in the theme's colour unless given one). */
  badges?: { label: string; color?: string }[];
  actions?: DocumentAction[];
  sections: DocumentSection[];
  /** Small centred lines in a box after the sections (where to ask, what to read next). */
  footer?: string[];
};

/** The pages kept as documents (their folders under src/content). */
export const DOCUMENT_PAGES = ['kids-safety', 'privacy', 'terms', 'help', 'guidelines'] as const;
export type DocumentPage = (typeof DOCUMENT_PAGES)[number];

// One chunk per document: a page loads its own, in the reader's language only.
const loaders = import.meta.glob<{ default: PageDocument }>('./*/*.json');

/** A document on its way, marked once it is here as React marks a promise it has read (`use`). */
type Loading = Promise<PageDocument> & { status?: 'fulfilled'; value?: PageDocument };
const loading = new Map<string, Loading>();

function loadDocument(page: DocumentPage, locale: Locale): Promise<PageDocument> {
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
