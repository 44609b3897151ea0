/**
 * Renders a page of the web app on the server (built by `vite build --ssr` into dist/.ssr and
 * loaded by server/web/pages.ts), so the HTML a browser gets already shows the page and
 * carries the data it was rendered with; main.tsx then hydrates it.
 *
 * The page asks for its data the way it does in the browser, through react-query: each pass
 * renders, collects the queries the components asked for, and loads them from the server's own
 * catalog reads; a page whose data depends on earlier data (a game's related games) takes one
 * more pass. Queries the server may not answer for everyone (a signed-in user's own lists) stay
 * pending, exactly as the browser's first render has them, and the browser loads them.
 */
import { isValidElement, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, type DehydratedState, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createIntl } from 'react-intl';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { App } from './App';
import { VisitorCountryContext } from './features/games/visitorCountry';
import { createTitleCollector, TitleCollectorContext } from './features/usePageTitle';
import { procedureOfQueryKey, withoutFetchTimes } from './first-data';
import { pageHeadOf, type PageHead, type PageHeadData } from './page-head';
import { reportError } from './i18n/I18nProvider';
import { basenameOf, splitLocalePath } from './i18n/addresses';
import { loadMessages, type Messages } from './i18n/catalogs';
import { DEFAULT_LOCALE, type Locale } from './i18n/locales';
import type { RouteHandle } from './route-handle';
import { AppRoutes, pageSource, routes } from './routes';
import { createQueryClient } from './trpc';
import type { Listing } from '../shared/schemas/translations';

export { redirects } from './routes';

/** The server's answer to one of a page's queries: its data, or that what it asks for does not exist. */
export type QueryAnswer = { data: unknown } | { notFound: string };

/**
 * Loads one query's data on the server: its answer, or `undefined` when the procedure is not one
 * the server renders with (left to the browser). A thrown error fails the render.
 */
export type LoadQuery = (path: string, input: unknown) => Promise<QueryAnswer | undefined>;

export type RenderedPage = {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** react-query's dehydrated cache: the data the markup was rendered with. */
  firstData: DehydratedState;
  /** 404 for an address no route knows, or whose game (collection, …) does not exist. */
  statusCode: number;
  /** The document title the page sets (its `<title>`, as the browser would set it). */
  title: string;
  /** Source files of the code-split pages shown (`src/pages/Home.page.tsx`): their styles go in the head. */
  pages: string[];
  /** What the page tells search engines and link previews (src/page-head.ts). */
  head: PageHead;
  /** The catalog the page was rendered with (empty in English), inlined for hydration. */
  messages: Messages;
};

export type RenderOptions = {
  /** Render for a touch screen (the server's guess from the request; see useCoarsePointer). */
  coarsePointer: boolean;
  /** The visitor's country, for the pages that show its trending games (variesByCountry); null: unknown. */
  country?: string | null;
  /** The page's language: its address's (src/i18n/addresses.ts). */
  locale: Locale;
};

/** Whether the page at `pathname` shows something of the visitor's country (its route's handle says so). */
export function variesByCountry(pathname: string): boolean {
  return (matchRoutes(routes, splitLocalePath(pathname).path) ?? []).some(({ route }) => (route.handle as RouteHandle | undefined)?.byCountry);
}

/** Home and lists need two passes (render, load, render); a game page three (its related games). */
const MAX_PASSES = 4;

/** The page at `url` (path and query), or null when it is not one to render here (the browser then renders it). */
export async function render(url: string, loadQuery: LoadQuery, { coarsePointer, country = null, locale }: RenderOptions): Promise<RenderedPage | null> {
  const { pathname, search } = new URL(url, 'http://localhost');
  // The page's own path: the language's prefix is the router's basename (src/i18n/addresses.ts).
  const { path } = splitLocalePath(pathname);
  const matches = matchRoutes(routes, path) ?? [];
  if (matches.some(({ route }) => (route.handle as RouteHandle | undefined)?.browserOnly)) return null;
  const messages = await loadMessages(locale);
  const queryClient = createQueryClient();
  const wanted = recordWantedQueries(queryClient);
  const tried = new Set<string>();
  let statusCode = matches.at(-1)?.route.path === '*' ? 404 : 200;
  const pages = matches.flatMap(({ route }) => {
    const source = isValidElement(route.element) ? pageSource(route.element.type) : undefined;
    return source ? [source] : [];
  });

  for (let pass = 1; ; pass++) {
    wanted.clear();
    const titles = createTitleCollector();
    const html = await renderToHtml(
      <TitleCollectorContext.Provider value={titles}>
        <VisitorCountryContext.Provider value={country}>
        <App queryClient={queryClient} coarsePointer={coarsePointer} locale={locale} messages={messages}>
          <StaticRouter basename={basenameOf(locale)} location={pathname + search}>
            <AppRoutes />
          </StaticRouter>
        </App>
        </VisitorCountryContext.Provider>
      </TitleCollectorContext.Provider>,
    );
    const missing = [...wanted].filter(([hash]) => !tried.has(hash));
    if (missing.length === 0 || pass === MAX_PASSES) {
      const title = titles.title();
      const intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages, onError: reportError });
      const head = pageHeadOf(new URL(path + search, 'http://localhost'), title, headDataOf(queryClient), intl);
      // A not-found answer goes too: the browser takes the page over showing what the server showed.
      const firstData = withoutFetchTimes(dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error' }));
      return { html, title, head, statusCode, pages, messages, firstData };
    }
    await Promise.all(
      missing.map(async ([hash, queryKey]) => {
        tried.add(hash);
        const procedure = procedureOfQueryKey(queryKey);
        if (!procedure) return;
        const answer = await loadQuery(procedure.path, procedure.input);
        if (!answer) return;
        if ('data' in answer) {
          queryClient.setQueryData(queryKey, answer.data);
          return;
        }
        // Rendered as the browser would once told: its "not found" state, sent as a 404, which
        // the page taken over keeps showing.
        statusCode = 404;
        setNotFound(queryClient, queryKey, answer.notFound);
      }),
    );
  }
}

/** The query failed as tRPC reports NOT_FOUND, in the shape trpcErrorCode (src/trpc.ts) reads. */
function setNotFound(queryClient: QueryClient, queryKey: QueryKey, message: string): void {
  const error = Object.assign(new Error(message), { data: { code: 'NOT_FOUND', httpStatus: 404 } });
  queryClient.getQueryCache().build(queryClient, { queryKey }).setState({ status: 'error', error, errorUpdatedAt: Date.now(), errorUpdateCount: 1, fetchStatus: 'idle' });
}

/** The game and categories the page was rendered with, for its head tags. */
function headDataOf(queryClient: QueryClient): PageHeadData {
  const data: PageHeadData = {};
  const listings = new Map<number, Listing>();
  for (const query of queryClient.getQueryCache().getAll()) {
    const procedure = procedureOfQueryKey(query.queryKey);
    if (query.state.status !== 'success' || !procedure) continue;
    if (procedure.path === 'games.bySlug') data.game = query.state.data as PageHeadData['game'];
    if (procedure.path === 'categories.list') data.categories = query.state.data as PageHeadData['categories'];
    const listing = procedure.path === 'translations.listing' ? (query.state.data as { listing: Listing | null }).listing : null;
    if (listing) listings.set((procedure.input as { id: number }).id, listing);
  }
  // The game's previews (Open Graph, JSON-LD) in the page's language, as the page shows it.
  const listing = data.game && listings.get(data.game.id);
  if (data.game && listing) data.game = { ...data.game, title: listing.title, description: listing.description, instructions: listing.instructions ?? data.game.instructions };
  return data;
}

/**
 * Notes every enabled query a render asks for that has no data yet. react-query builds a query's
 * options through `defaultQueryOptions` while rendering, also on the server (where it never fetches).
 */
function recordWantedQueries(queryClient: QueryClient): Map<string, QueryKey> {
  const wanted = new Map<string, QueryKey>();
  const defaultQueryOptions = queryClient.defaultQueryOptions.bind(queryClient);
  queryClient.defaultQueryOptions = ((options) => {
    const defaulted = defaultQueryOptions(options);
    if (defaulted.enabled !== false && defaulted.queryHash && queryClient.getQueryCache().get(defaulted.queryHash)?.state.data === undefined) {
      wanted.set(defaulted.queryHash, defaulted.queryKey);
    }
    return defaulted;
  }) as QueryClient['defaultQueryOptions'];
  return wanted;
}

/** The full markup once every lazy page chunk has loaded; throws what a component threw. */
async function renderToHtml(element: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    onError: (error) => void errors.push(error),
    // Never split a large Suspense boundary out to be filled in by an inline script (which the
    // CSP forbids): the whole page is in the markup, in place.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  if (errors.length > 0) throw errors[0];
  return Buffer.concat(chunks).toString('utf8');
}
