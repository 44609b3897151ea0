/**
 * Which language a visitor gets: the one they chose (the locale cookie), else the first of their
 * browser's languages (Accept-Language, best q-value first) that the portal speaks, a regional
 * tag falling back to its language (es-MX -> es), else English. The server renders pages with it;
 * the browser uses the same rules when it renders a page itself (the service worker's shell).
 */
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type Locale } from './locales';

/** More entries than any browser sends are ignored rather than parsed. */
const MAX_LANGUAGE_RANGES = 32;

export function negotiateLocale({ cookie, acceptLanguage }: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(cookie)) return cookie;
  for (const tag of preferredLanguages(acceptLanguage ?? '')) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The language tags of an Accept-Language header, most wanted first; q=0 and malformed entries dropped. */
export function preferredLanguages(header: string): string[] {
  const ranges: { tag: string; q: number; order: number }[] = [];
  for (const [order, entry] of header.split(',').slice(0, MAX_LANGUAGE_RANGES).entries()) {
    const [rawTag, ...params] = entry.split(';');
    const tag = rawTag?.trim().toLowerCase() ?? '';
    if (!/^([a-z]{1,8}(-[a-z0-9]{1,8})*|\*)$/.test(tag)) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(param);
      if (!match) {
        q = Number.NaN;
        break;
      }
      q = Number(match[1]);
    }
    if (!(q > 0 && q <= 1)) continue;
    ranges.push({ tag, q, order });
  }
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order).map(({ tag }) => tag);
}

/** The portal's locale for a language tag (`es-MX` -> `es`, `pt-br` -> `pt-BR`), or null when it speaks none of it. */
function localeOfTag(tag: string): Locale | null {
  const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
  if (exact) return exact;
  const language = tag.split('-')[0];
  // A language the portal speaks in one region only (Portuguese: Brazil's) is that region's.
  return LOCALES.find((locale) => locale.split('-')[0]!.toLowerCase() === language) ?? null;
}

/** A cookie's value from a `Cookie` header or `document.cookie`. */
export function cookieValue(cookies: string, name: string = LOCALE_COOKIE): string | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return decodeURIComponent(pair.slice(at + 1).trim());
  }
  return null;
}

/** In the browser: the remembered choice, else the browser's languages in order. */
export function browserLocale(): Locale {
  return negotiateLocale({ cookie: cookieValue(document.cookie), acceptLanguage: navigator.languages.join(',') });
}
