/**
 * The language a request is answered in (its refusals' `{ message }`, and a mail it causes), one
 * rule for /api, /api/v1 and /trpc: the `X-Locale` header (the web app sends its page's language,
 * which a `/fr/` address sets even where the cookie says otherwise), else the `locale` cookie (the
 * switcher's choice), else the first language of `Accept-Language` the portal speaks, else English.
 * A REST client that sends none of them reads English, as documented.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../src/i18n/locales';
import { cookieValue, negotiateLocale, preferredLanguages } from '../../src/i18n/negotiate';

export const LOCALE_HEADER = 'x-locale';

/** An account's stored language (users.locale, set at sign-in) for a mail sent with no request behind it; English when unknown. */
export function storedLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

type Headers = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

export function requestLocale(headers: Headers): Locale {
  return statedLocale(headers) ?? DEFAULT_LOCALE;
}

/** The language the request names by any of the rule's three means, or null when it names none (an account keeps the one it has). */
export function statedLocale(headers: Headers): Locale | null {
  const explicit = single(headers[LOCALE_HEADER]);
  if (isLocale(explicit)) return explicit;
  const cookie = localeCookie(single(headers.cookie));
  const acceptLanguage = single(headers['accept-language']) ?? '';
  const locale = negotiateLocale({ cookie, acceptLanguage });
  // negotiateLocale falls back to English: count it only when the request asked for it.
  if (locale !== DEFAULT_LOCALE || isLocale(cookie)) return locale;
  return preferredLanguages(acceptLanguage).some((tag) => tag === 'en' || tag.startsWith('en-')) ? locale : null;
}

/** A malformed %-escape in the cookie is no choice at all, not a failure of the request. */
function localeCookie(cookies: string | null): string | null {
  if (!cookies) return null;
  try {
    return cookieValue(cookies);
  } catch {
    return null;
  }
}
