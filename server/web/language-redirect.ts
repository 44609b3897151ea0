/**
 * Which language's address a page request goes to (issue #59). A page's language is its address's
 * (src/i18n/addresses.ts): `/fr/games/x` is French for anyone who opens it. An English address
 * (no prefix) asked for by a visitor who reads another language the portal speaks (the switcher's
 * remembered choice, else Accept-Language) is answered with a redirect to that language's address;
 * choosing English in the switcher remembers English, and the English addresses stay English.
 * Search engines send neither, so they index every language at its own address.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localizedPath, splitLocalePath } from '../../src/i18n/addresses';
import { DEFAULT_LOCALE, LOCALE_COOKIE } from '../../src/i18n/locales';
import { cookieValue, negotiateLocale } from '../../src/i18n/negotiate';

/** Sends the redirect and returns true when the visitor's language has an address of its own for this page. */
export function redirectToLanguage(request: FastifyRequest, reply: FastifyReply): boolean {
  const url = request.url;
  if (splitLocalePath(url.split('?')[0]!).prefixed) return false;
  // Cookies are parsed in the API's scope only; this reads the header itself.
  const wanted = negotiateLocale({ cookie: cookieValue(request.headers.cookie ?? '', LOCALE_COOKIE), acceptLanguage: request.headers['accept-language'] });
  void reply.header('vary', 'Accept-Language, Cookie');
  if (wanted === DEFAULT_LOCALE) return false;
  void reply.header('Cache-Control', 'no-cache').redirect(localizedPath(wanted, url), 302);
  return true;
}
