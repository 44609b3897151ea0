/**
 * Every language the portal is written for (issue #59), each named in itself. The web app speaks
 * those of them whose catalogs are complete (src/i18n/locales.ts); a developer may translate a
 * game's listing into any of them (game_translations).
 */
export const LANGUAGE_NAMES = {
  en: 'English',
  es: 'Español',
  hi: 'हिन्दी',
  ar: 'العربية',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  ru: 'Русский',
  tr: 'Türkçe',
  id: 'Bahasa Indonesia',
  vi: 'Tiếng Việt',
  ja: '日本語',
  ko: '한국어',
} as const;

export type LanguageCode = keyof typeof LANGUAGE_NAMES;
export const LANGUAGE_CODES = Object.keys(LANGUAGE_NAMES) as [LanguageCode, ...LanguageCode[]];
