/**
 * Each language's addresses (issue #59): English at the spec's addresses (`/`, `/games/{slug}`),
 * every other language under its prefix, the locale lower-cased (`/fr/`, `/pt-br/games/{slug}`).
 * The server, the browser's router (a basename: the pages know nothing of languages) and the
 * service worker's shell read the language from the address with these functions alone.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

const byPrefix = new Map<string, Locale>(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => [locale.toLowerCase(), locale]));

/** The path segment of a language (`pt-br`), empty for English. */
export function prefixOf(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : locale.toLowerCase();
}

/** The router's basename for a language: `/fr`, or undefined for English. */
export function basenameOf(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : `/${prefixOf(locale)}`;
}

/**
 * The language an address is in and the page's path within it (`/fr/games/x` -> fr, `/games/x`;
 * `/fr` -> fr, `/`). An address without a known prefix is English, its path unchanged.
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string; prefixed: boolean } {
  const match = /^\/([a-zA-Z-]{2,5})(?=\/|$)(.*)$/.exec(pathname);
  const locale = match ? byPrefix.get(match[1]!) : undefined;
  if (!match || !locale) return { locale: DEFAULT_LOCALE, path: pathname, prefixed: false };
  return { locale, path: match[2] || '/', prefixed: true };
}

/** The address of `path` (an English address, `/games/x`, with its query if any) in `locale`. */
export function localizedPath(locale: Locale, path: string): string {
  const prefix = prefixOf(locale);
  if (!prefix) return path;
  return path === '/' ? `/${prefix}/` : path.startsWith('/?') ? `/${prefix}/${path.slice(1)}` : `/${prefix}${path}`;
}

/** The hreflang alternates of the page at `path` (English address): every language's address, then x-default. */
export function alternatesOf(path: string): { hreflang: string; path: string }[] {
  return [...LOCALES.map((locale) => ({ hreflang: locale, path: localizedPath(locale, path) })), { hreflang: 'x-default', path }];
}
