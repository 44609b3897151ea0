import type { IntlConfig } from 'react-intl';
import type { Locale } from './locales';

/** A locale's translations: message id -> ICU message, parsed into its AST by the build (precompile.ts). */
export type Messages = NonNullable<IntlConfig['messages']>;

/**
 * Each catalog is a chunk of its own, loaded only by a visitor who reads that language: English
 * (the messages' defaults in the code) loads nothing.
 */
const catalogs: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  es: () => import('./locales/es.json'),
  hi: () => import('./locales/hi.json'),
  ar: () => import('./locales/ar.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
  it: () => import('./locales/it.json'),
  nl: () => import('./locales/nl.json'),
  pl: () => import('./locales/pl.json'),
  ru: () => import('./locales/ru.json'),
  tr: () => import('./locales/tr.json'),
  id: () => import('./locales/id.json'),
  vi: () => import('./locales/vi.json'),
  ja: () => import('./locales/ja.json'),
  ko: () => import('./locales/ko.json'),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en') return {};
  return (await catalogs[locale]()).default;
}

/** The id of the `<script type="application/json">` that carries a server-rendered page's catalog. */
export const MESSAGES_ID = 'playfree-messages';
/** The attribute of that script naming the catalog's chunk, which the service worker keeps (pwa/register.ts). */
export const CATALOG_URL_ATTRIBUTE = 'data-catalog-url';
