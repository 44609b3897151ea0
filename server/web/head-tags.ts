/**
 * The head tags of a server-rendered page, written from what the page says about itself
 * (src/page-head.ts): description, canonical address, Open Graph and Twitter card tags for link
 * previews, and schema.org JSON-LD. Addresses are made absolute on the portal's public origin
 * (PUBLIC_URL). One function, so a translated page changes only what it is given.
 */
import { PORTAL_NAME } from '../../shared/constants';
import { scriptSafeJson } from '../../src/first-data';
import { alternatesOf, localizedPath } from '../../src/i18n/addresses';
import type { Locale } from '../../src/i18n/locales';
import type { PageHead } from '../../src/page-head';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `value` as an absolute URL: kept when it already is one, else a path on `origin`. */
function absolute(origin: string, value: string): string {
  return /^https?:\/\//.test(value) ? value : `${origin}${value.startsWith('/') ? '' : '/'}${value}`;
}

/** Open Graph's name of a language (`pt_BR`, `fr_FR`): a territory is required. */
const OG_LOCALES: Record<string, string> = { en: 'en_US', es: 'es_ES', hi: 'hi_IN', ar: 'ar_AR', 'pt-BR': 'pt_BR', fr: 'fr_FR', de: 'de_DE', it: 'it_IT', nl: 'nl_NL', pl: 'pl_PL', ru: 'ru_RU', tr: 'tr_TR', id: 'id_ID', vi: 'vi_VN', ja: 'ja_JP', ko: 'ko_KR' };

/**
 * The page in `locale`: its canonical address is its own language's (`/fr/games/x`), and it names
 * every language's address of the same page (hreflang, x-default the English one) so search
 * engines index each and send a reader to theirs.
 */
export function headTags(head: PageHead, publicUrl: string, locale: Locale): string {
  const canonical = absolute(publicUrl, localizedPath(locale, head.canonicalPath));
  const image = absolute(publicUrl, head.image ?? '/icons/icon-512.png');
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`;
  const tags = [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeAttribute(canonical)}">`,
    ...alternatesOf(head.canonicalPath).map(({ hreflang, path }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeAttribute(absolute(publicUrl, path))}">`),
    meta('property', 'og:site_name', PORTAL_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', OG_LOCALES[locale] ?? locale),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
  ];
  if (head.jsonLd) {
    const jsonLd = { ...head.jsonLd, inLanguage: locale, ...(typeof head.jsonLd.url === 'string' ? { url: absolute(publicUrl, localizedPath(locale, head.jsonLd.url)) } : {}), ...(typeof head.jsonLd.image === 'string' ? { image: absolute(publicUrl, head.jsonLd.image) } : {}) };
    tags.push(`<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>`);
  }
  return tags.join('');
}
