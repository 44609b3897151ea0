/** Countries as the portal knows them: ISO 3166-1 alpha-2 codes, upper case, and their names. */

const names = new Map<string, Intl.DisplayNames>();

/** The country's name in `locale` ("IN" → "India"); the code itself when the name is unknown. */
export function countryName(code: string, locale = 'en'): string {
  let displayNames = names.get(locale);
  if (!displayNames) {
    displayNames = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    names.set(locale, displayNames);
  }
  return displayNames.of(code) ?? code;
}

/** Codes that name a region but no country: unknown, the EU and eurozone, the UN, outlying Oceania. */
const NOT_COUNTRIES = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO']);

/**
 * Whether `code` is a country: two letters, upper case, that name a region (CDNs send XX for
 * unknown and T1 for Tor, which name none).
 */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && countryName(code) !== code;
}
