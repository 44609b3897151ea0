import { createContext, useContext } from 'react';
import { COUNTRY_COOKIE } from '../../../shared/constants';
import { countryName } from '../../../shared/countries';
import type { TrendingPayload } from '../../../shared/schemas';

/** The country a server rendering was made for (entry-server.tsx provides it). */
export const VisitorCountryContext = createContext<string | null>(null);

let fromCookie: string | null | undefined;

/** The country the server set in COUNTRY_COOKIE with this page (the one it rendered for), or null. */
function countryCookie(): string | null {
  if (fromCookie === undefined) {
    const value = new RegExp(`(?:^|;\\s*)${COUNTRY_COOKIE}=([A-Z]{2})(?:;|$)`).exec(document.cookie)?.[1];
    fromCookie = value ?? null;
  }
  return fromCookie;
}

/**
 * The visitor's country (ISO 3166-1 alpha-2) for "Trending in {country}", or null when unknown.
 * On the server, the one the page is rendered for; in the browser, the one the server sent with
 * the page, so a hydrated page asks for the same list it was rendered with.
 */
export function useVisitorCountry(): string | null {
  const rendered = useContext(VisitorCountryContext);
  return typeof document === 'undefined' ? rendered : countryCookie();
}

/**
 * The name of the country a trending list was asked for, in the visitor's language, or null.
 * English takes the server's name: Intl's region names would be the page's first use of the
 * browser's locale data, tens of milliseconds on a phone while the page is taken over.
 */
export function trendingCountryName(trending: Pick<TrendingPayload, 'country' | 'countryName'> | undefined, locale: string): string | null {
  if (!trending?.country) return null;
  if (locale === 'en' && trending.countryName) return trending.countryName;
  return countryName(trending.country, locale);
}
