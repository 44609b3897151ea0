import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { CATALOG_FRESH_MS } from '../shared/constants';
import { App } from './App';
// Before the router mounts: the Kids Zone's Back button guard (popstate-guard.ts says why).
import './features/popstate-guard';
import { COARSE_POINTER_ATTRIBUTE, FIRST_DATA_ID, serverRendered, withFetchTimes } from './first-data';
import { AppRoutes, preloadMatchedPages, preloadRoutesAfterFirstInteraction } from './routes';
import { loadMessages, MESSAGES_ID, type Messages } from './i18n/catalogs';
import { localizedPath, splitLocalePath } from './i18n/addresses';
import { LocaleRouter } from './i18n/LocaleRouter';
import { DEFAULT_LOCALE, isLocale, type Locale } from './i18n/locales';
import { browserLocale } from './i18n/negotiate';
import { holdQueryUpdates, releaseQueryUpdatesWhenIdle } from './query-updates-after-hydration';
import { createQueryClient } from './trpc';
import { whenIdle } from './when-idle';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const queryClient = createQueryClient();
// Hydration starts from the server's guess of a touch screen, as the page was rendered with it.
const coarsePointer = root.hasAttribute(COARSE_POINTER_ATTRIBUTE);
const app = (locale: Locale, messages: Messages) => (
  <StrictMode>
    <App queryClient={queryClient} coarsePointer={coarsePointer} locale={locale} messages={messages}>
      <LocaleRouter>
        <AppRoutes />
      </LocaleRouter>
    </App>
  </StrictMode>
);

if (serverRendered) {
  // The server rendered this page (entry-server.tsx): start from the data it used and the page's
  // chunk (linked in the head, so already on its way), then take over its markup; also when the
  // chunk failed to load (the page then says so). Not a top-level await: the bundler would split
  // the entry into dozens of small chunks to keep its evaluation order.
  void (async () => {
    // Each step in a task of its own: evaluating the app's code is already a long task on a phone.
    await nextTask();
    const pageLoaded = preloadMatchedPages(window.location.pathname).catch(() => undefined);
    await nextTask();
    holdQueryUpdates();
    const firstData = JSON.parse(document.getElementById(FIRST_DATA_ID)?.textContent ?? '{"queries":[]}') as DehydratedState;
    const ageMs = renderingAge();
    hydrate(queryClient, withFetchTimes(firstData, Date.now() - ageMs));
    // The page was rendered in this language, with this catalog (server/web/pages.ts).
    const renderedLocale = document.documentElement.lang;
    const locale = isLocale(renderedLocale) ? renderedLocale : splitLocalePath(location.pathname).locale;
    const inlineMessages = document.getElementById(MESSAGES_ID)?.textContent;
    const messages = inlineMessages ? (JSON.parse(inlineMessages) as Messages) : await loadMessages(locale);
    await pageLoaded;
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (a phone's taps and scrolling stay answered meanwhile).
    startTransition(() => void hydrateRoot(root, app(locale, messages)));
    releaseQueryUpdatesWhenIdle(10_000);
    refreshIfRenderedLongAgo(firstData, ageMs);
  })();
} else {
  // The service worker's cached shell (repeat and offline visits), or a page the server did not
  // render: the language is the address's, an English address sent on to the visitor's language as
  // the server does (server/web/language-redirect.ts), and its catalog loaded first.
  const locale = addressLocale();
  // A catalog that cannot load (offline and not cached) leaves the app in English, not blank.
  void loadMessages(locale).then(
    (messages) => createRoot(root).render(app(locale, messages)),
    () => createRoot(root).render(app('en', {})),
  );
}

preloadRoutesAfterFirstInteraction();

/** The page's language, by the server's rules: its address's, else the visitor's (the address then changed to it). */
function addressLocale(): Locale {
  const { locale, prefixed } = splitLocalePath(location.pathname);
  if (prefixed) return locale;
  const wanted = browserLocale();
  if (wanted !== DEFAULT_LOCALE) history.replaceState(history.state, '', localizedPath(wanted, location.pathname + location.search) + location.hash);
  return wanted;
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The server may send a rendering made up to half a minute ago (server/web/pages.ts) and says how
 * old it is (`Server-Timing: page-age`). Data older than the catalog's freshness is asked for again
 * once the page is live and the browser idle; unchanged data renders nothing again.
 */
function refreshIfRenderedLongAgo(firstData: DehydratedState, ageMs: number): void {
  if (ageMs <= CATALOG_FRESH_MS || !navigator.onLine) return;
  const rendered = new Set(firstData.queries.map((query) => query.queryHash));
  const refresh = () => {
    if (navigator.onLine) void queryClient.invalidateQueries({ predicate: (query) => rendered.has(query.queryHash) });
  };
  whenIdle(refresh, 3000);
}

/** How old the server's rendering of this page was when sent (`Server-Timing: page-age`), in ms. */
function renderingAge(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.serverTiming?.find((entry) => entry.name === 'page-age')?.duration ?? 0;
}
