import { LANGUAGE_NAMES } from '../../shared/languages';

/**
 * The languages the web app speaks. English is the default and lives in the code itself. A
 * language joins LOCALES once its catalog (src/i18n/locales/{code}.json) and its long documents
 * (src/content/{page}/{code}.json) are complete (docs/ARCHITECTURE.md, "Adding a language").
 */
export const LOCALES = ['en', 'es', 'hi', 'ar', 'pt-BR', 'fr', 'de', 'it', 'nl', 'pl', 'ru', 'tr', 'id', 'vi', 'ja', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers a visitor's choice (read by the server and by public/boot.js). */
export const LOCALE_COOKIE = 'locale';
/** A year: the choice outlives the session. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const LOCALE_NAMES: Record<Locale, string> = LANGUAGE_NAMES;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}
