/**
 * Serves the built web app: its files (pre-compressed, hashed ones cached for good) and, for every
 * page address, index.html with the page already rendered in it (src/entry-server.tsx) and the
 * data it was rendered with inline, so a phone paints the page before the app's JavaScript has
 * arrived. Pages are rendered signed out, from the public catalog reads only, so one rendering
 * serves every visitor: it is kept like the catalog answers it was made of (CatalogCache) and
 * dropped with them. Without a server build (dist/.ssr) or when rendering fails, the plain
 * index.html goes out and the browser renders the page, as it always could.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadQuery, RenderedPage, RenderOptions } from '../../src/entry-server';
import { COARSE_POINTER_ATTRIBUTE, FIRST_DATA_ID, scriptSafeJson } from '../../src/first-data';
import { COUNTRY_COOKIE } from '../../shared/constants';
import { CATALOG_URL_ATTRIBUTE, MESSAGES_ID } from '../../src/i18n/catalogs';
import { localizedPath, splitLocalePath } from '../../src/i18n/addresses';
import { directionOf, type Locale } from '../../src/i18n/locales';
import { freshUntilOf, shareAnswer } from '../domains/games/shared-answer';
import { logServerError, toHttpError } from '../http/errors';
import { sendShared } from '../http/json-answer';
import { countryOfRequest } from '../http/country';
import { createDomainContext } from '../domains/context';
import { translate } from '../i18n/translate';
import { checkOutput } from '../domains/operation';
import { publicReads } from '../domains/registry';
import type { Services } from '../services';
import { headTags } from './head-tags';
import { IsolatedPages } from './isolated-pages';
import { redirectToLanguage } from './language-redirect';
import { createKidsGate } from './kids-gate';
import { manifestHrefOf, MANIFEST_PATH, registerLocalizedManifests } from './manifest';
import { loadPageAssets } from './page-assets';
import { registerSitemapRoutes } from './sitemap';

type ServerEntry = {
  render(url: string, loadQuery: LoadQuery, options: RenderOptions): Promise<RenderedPage | null>;
  redirects: Record<string, string>;
  variesByCountry(pathname: string): boolean;
};

/** A rendered page as sent: shared by every visitor while the data it shows is fresh. */
type PageAnswer = { statusCode: number; html: string; renderedAt: number };

/**
 * How long past its freshness a rendering is still sent, at once, while a new one is made: a page
 * nobody asked for in the last seconds costs its visitor no rendering. Its age goes with it
 * (`Server-Timing: page-age`), and the app asks again for data older than the catalog's freshness
 * once it has taken the page over (src/main.tsx). Approving, rejecting or editing a game drops
 * these renderings with the catalog's answers.
 */
const PAGE_STALE_MS = 30_000;

const API_PREFIXES = ['/api/', '/trpc/'];
const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
/** The template's own description: each page writes its own (headTags). */
const DESCRIPTION_ELEMENT = /<meta name="description"[^>]*>\s*/;
const HTML_LANG = '<html lang="en"';
const NOSCRIPT_ELEMENT = /<noscript>[^<]*<\/noscript>/;
const MANIFEST_LINK = `<link rel="manifest" href="${MANIFEST_PATH}">`;

/** The template's opening, its message for browsers without JavaScript and its app manifest, in `locale`. */
function inLanguage(html: string, locale: Locale): string {
  const opened = html.replace(HTML_LANG, `<html lang="${locale}" dir="${directionOf(locale)}"`);
  if (locale === 'en') return opened;
  return opened
    .replace(NOSCRIPT_ELEMENT, `<noscript>${escapeHtml(translate(locale, 'page.noscript'))}</noscript>`)
    .replace(MANIFEST_LINK, `<link rel="manifest" href="${manifestHrefOf(locale)}">`);
}

export async function registerWebApp(app: FastifyInstance, distDir: string, services: Services): Promise<void> {
  registerSitemapRoutes(app, services);
  registerLocalizedManifests(app);
  const indexFile = join(distDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset: sent by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed build assets never change; everything else is revalidated.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const shell = createShell(hasWebApp ? readFileSync(indexFile, 'utf8') : '');
  const pages = hasWebApp ? await loadPageRenderer(distDir, services, shell) : null;
  const kidsGate = createKidsGate(services);
  kidsGate.register(app);
  const isolatedPages = new IsolatedPages(services.orm);

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) || request.url === '/api' || request.url === '/trpc';
    // HEAD as GET (link checkers and some crawlers ask it first); Node sends no body for it.
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD') || !hasWebApp) {
      return reply.code(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    }
    // A device held in the Kids Zone gets the PIN gate instead of any other page.
    if (await kidsGate.gatePage(request, reply)) return reply;
    if (redirectToLanguage(request, reply)) return reply;
    if (!reply.hasHeader('Cache-Control')) void reply.header('Cache-Control', 'no-cache');
    // The page of a game that needs threads is cross-origin isolated (isolated-pages.ts).
    await isolatedPages.apply(request, reply);
    if (pages) return pages.send(request, reply);
    return shell.send(request, reply);
  });
}

/**
 * index.html as a page the browser renders itself (no server rendering, or none now), opening in
 * the address's language: a screen reader and a browser's translate offer read it before the app runs.
 */
function createShell(template: string) {
  const byLocale = new Map<Locale, { html: string }>();
  return {
    send(request: FastifyRequest, reply: FastifyReply) {
      const { locale } = splitLocalePath(request.url.split('?')[0]!);
      if (locale === 'en') return reply.sendFile('index.html');
      let page = byLocale.get(locale);
      if (!page) byLocale.set(locale, (page = { html: inLanguage(template, locale) }));
      void reply.type('text/html; charset=utf-8');
      return sendShared(request, reply, page, (value) => (value as { html: string }).html);
    },
  };
}

async function loadPageRenderer(distDir: string, services: Services, shell: ReturnType<typeof createShell>) {
  const entryFile = join(distDir, '.ssr', 'entry-server.js');
  if (!existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  const rootAt = template.indexOf(ROOT_ELEMENT);
  if (rootAt === -1) throw new Error(`${distDir}/index.html has no ${ROOT_ELEMENT}`);
  if (!template.includes(HTML_LANG)) throw new Error(`${distDir}/index.html does not open with ${HTML_LANG}`);
  const headEnd = template.indexOf('</head>');
  const pageAssets = loadPageAssets(distDir);
  const head = [pageAssets.inlineTemplateStyles(template.slice(0, headEnd)).replace(DESCRIPTION_ELEMENT, ''), template.slice(headEnd, rootAt)];
  const tail = template.slice(rootAt + ROOT_ELEMENT.length);
  // The first thumbnails (the page's largest paint) come from the games origin: its connection is
  // opened while the page's styles load, not after.
  const preconnect = `<link rel="preconnect" href="${escapeHtml(services.env.GAMES_PUBLIC_URL)}">`;
  const rendering = new Map<string, Promise<PageAnswer | null>>();

  /** Renders `url` signed out, for a touch screen or not, in `locale`; null when the entry does not render it. */
  async function renderPage(url: string, coarsePointer: boolean, country: string | null, locale: Locale): Promise<PageAnswer | null> {
    // Signed out and without the request: the same page for everyone, never anybody's own data.
    const ctx = createDomainContext({ services });
    const since = services.catalogCache.generation;
    const answers: object[] = [];
    // Kept while every answer it shows is fresh (a page with no data: as long as a catalog answer).
    let freshUntil = Date.now() + services.catalogCache.ttlMs;
    const loadQuery: LoadQuery = async (path, input) => {
      const operation = publicReads.get(path);
      const parsed = operation?.input.safeParse(input);
      if (!operation || !parsed?.success) return undefined;
      let answer: unknown;
      try {
        answer = await operation.run({ ctx, input: parsed.data });
        checkOutput(operation, answer);
      } catch (error) {
        // An unknown game, say: the page says so (a 404). Another refusal is left to the browser,
        // which asks and is told, as without a server rendering; an outage fails the page (the
        // shell goes out).
        const { statusCode, message } = toHttpError(error);
        if (statusCode === 404) {
          freshUntil = 0;
          return { notFound: message };
        }
        if (statusCode < 500) return undefined;
        throw error;
      }
      const until = freshUntilOf(answer);
      // An answer made for this rendering alone: the page is not kept.
      freshUntil = Math.min(freshUntil, until ?? 0);
      if (until !== undefined) answers.push(answer as object);
      return { data: answer };
    };
    const page = await entry.render(url, loadQuery, { coarsePointer, country, locale });
    if (!page) return null;
    // The catalog the page was rendered with, so hydration renders the same words (none in English).
    // Its chunk's address too: the service worker keeps it for the pages it renders itself (offline).
    const catalogUrl = pageAssets.catalogUrl(locale);
    const messages = locale === 'en' ? '' : `<script type="application/json" id="${MESSAGES_ID}"${catalogUrl ? ` ${CATALOG_URL_ATTRIBUTE}="${catalogUrl}"` : ''}>${scriptSafeJson(page.messages)}</script>`;
    const html = `${inLanguage(head[0]!, locale).replace(TITLE_ELEMENT, `<title>${escapeHtml(page.title)}</title>${preconnect}${headTags(page.head, services.env.PUBLIC_URL, locale)}`)}${pageAssets.forPages(page.pages)}${inLanguage(head[1]!, locale)}<div id="root"${coarsePointer ? ` ${COARSE_POINTER_ATTRIBUTE}` : ''}>${page.html}</div><script type="application/json" id="${FIRST_DATA_ID}">${scriptSafeJson(page.firstData)}</script>${messages}${tail}`;
    const answer: PageAnswer = { statusCode: page.statusCode, html, renderedAt: Date.now() };
    if (freshUntil > Date.now()) services.catalogCache.rememberAnswer(pageKey(countryKeyed(url, country), coarsePointer, locale), shareAnswer(answer, freshUntil), answers, { keepStaleMs: PAGE_STALE_MS, since });
    return answer;
  }

  return {
    async send(request: FastifyRequest, reply: FastifyReply) {
      const url = request.url;
      const coarsePointer = guessCoarsePointer(request);
      // Home and Trending show the visitor's country's trending games: rendered per country. The
      // web app learns the country from the cookie, whichever page it starts on.
      const visitorCountry = countryOfRequest(request.headers, services.env.COUNTRY_HEADER);
      const country = entry.variesByCountry(url.split('?')[0]!) ? visitorCountry : null;
      sendCountryCookie(request, reply, visitorCountry, services.env.PUBLIC_URL.startsWith('https:'));
      // The page's language is its address's (language-redirect.ts sent the others on).
      const { locale, path, prefixed } = splitLocalePath(url.split('?')[0]!);
      const key = pageKey(countryKeyed(url, country), coarsePointer, locale);
      const moved = entry.redirects[path];
      if (moved) return reply.redirect(localizedPath(locale, moved), 301);
      // Visitors arriving together for a page not kept (or kept stale) share one rendering; not
      // one begun before the catalog cache dropped its answers (the catalog has moved since).
      const render = () => {
        const renderingKey = `${services.catalogCache.generation} ${key}`;
        let pending = rendering.get(renderingKey);
        if (!pending) {
          pending = renderPage(url, coarsePointer, country, locale).finally(() => rendering.delete(renderingKey));
          rendering.set(renderingKey, pending);
        }
        return pending;
      };
      let page = services.catalogCache.answerFor(key) as PageAnswer | undefined | null;
      if (!page) {
        page = services.catalogCache.staleAnswerFor(key) as PageAnswer | undefined;
        // Sent as it is; the next visitor gets the new rendering (none while the server sheds load).
        if (page && !request.server.isUnderPressure()) render().catch((error: unknown) => logServerError(request.log, error, toHttpError(error).statusCode, 'page render failed'));
      }
      // Under load (server/http/load-shedding.ts) no page is rendered: the browser renders it.
      if (!page && request.server.isUnderPressure()) return shell.send(request, reply);
      if (!page) {
        try {
          page = await render();
        } catch (error) {
          // An outage or a page that fails to render: the browser renders it, and says what is wrong.
          logServerError(request.log, error, toHttpError(error).statusCode, 'page render failed');
          page = null;
        }
      }
      if (!page) return shell.send(request, reply);
      void reply
        .code(page.statusCode)
        .type('text/html; charset=utf-8')
        .header('Server-Timing', `page-age;dur=${Date.now() - page.renderedAt}`)
        // An English address varies by the visitor's language too (language-redirect.ts).
        .header('vary', `Sec-CH-UA-Mobile, User-Agent${prefixed ? '' : ', Accept-Language, Cookie'}`);
      if (country) void reply.header('vary', `${String(reply.getHeader('vary'))}, ${services.env.COUNTRY_HEADER}`);
      sendShared(request, reply, page, (value) => (value as PageAnswer).html);
      return reply;
    },
  };
}

/** A page shown per country is kept per country. */
function countryKeyed(url: string, country: string | null): string {
  return country ? `${country}:${url}` : url;
}

/** Tells the web app the visitor's country (COUNTRY_COOKIE, read by useVisitorCountry) when it is not already told. */
function sendCountryCookie(request: FastifyRequest, reply: FastifyReply, country: string | null, secure: boolean): void {
  const sent = new RegExp(`(?:^|;\\s*)${COUNTRY_COOKIE}=([A-Z]{2})`).exec(request.headers.cookie ?? '')?.[1] ?? null;
  if (sent === country) return;
  if (country) void reply.setCookie(COUNTRY_COOKIE, country, { path: '/', sameSite: 'lax', secure, maxAge: 24 * 3600 });
  else void reply.clearCookie(COUNTRY_COOKIE, { path: '/' });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function pageKey(url: string, coarsePointer: boolean, locale: Locale): string {
  return `page:${locale}:${coarsePointer ? 'touch:' : ''}${url}`;
}

/**
 * Whether the visitor is likely on a touch screen: lists put the games it can play first
 * (useTouchFirst), and a page hydrated with another order would render every list twice. From
 * the mobile client hint (Chromium) or the user agent (Safari, Firefox); a wrong guess costs
 * only that second render. iPads ask for desktop pages, so they are taken for desktops here.
 */
function guessCoarsePointer(request: FastifyRequest): boolean {
  const mobileHint = request.headers['sec-ch-ua-mobile'];
  if (mobileHint !== undefined) return mobileHint === '?1';
  return /Mobi|Android|iPhone|iPod/.test(request.headers['user-agent'] ?? '');
}
