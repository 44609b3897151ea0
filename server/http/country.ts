/**
 * The country a request comes from, for "Trending in {country}": the header a CDN or proxy sets
 * (COUNTRY_HEADER, Cloudflare's CF-IPCountry by default), else the region of the browser's
 * preferred language (Accept-Language "hi-IN" → IN); null when neither names a country.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isCountryCode } from '../../shared/countries';

export function countryOfRequest(headers: IncomingHttpHeaders, countryHeader: string): string | null {
  const fromCdn = headers[countryHeader];
  const code = (Array.isArray(fromCdn) ? fromCdn[0] : fromCdn)?.trim().toUpperCase();
  if (code && isCountryCode(code)) return code;
  return countryOfLanguages(headers['accept-language']);
}

/** The region of the most preferred language range that names one ("fr;q=0.5, en-GB" → GB). */
export function countryOfLanguages(acceptLanguage: string | undefined): string | null {
  if (!acceptLanguage) return null;
  const ranges = acceptLanguage
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    // language[-script][-region]: the region is the first later subtag of two letters.
    const region = tag.split('-').slice(1).find((subtag) => /^[A-Za-z]{2}$/.test(subtag))?.toUpperCase();
    if (region && isCountryCode(region)) return region;
  }
  return null;
}
