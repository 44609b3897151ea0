import { createContext, useContext } from 'react';
import { COUNTRY_COOKIE } from '../../../shared/constants';

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
