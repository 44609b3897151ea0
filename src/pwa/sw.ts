/// <reference lib="webworker" />
/**
 * The portal's service worker (vite-plugin-pwa, injectManifest):
 *  - precaches what a player needs offline (precache.ts): the app shell, boot.js (the stored theme
 *    before first paint) and the player's pages; keeps any other file of the app once fetched
 *    (another language's catalog, a developer's page);
 *  - answers page navigations with the cached index.html (SPA), except /api and /trpc;
 *  - keeps the public catalog queries (network first, 3 s timeout) and the thumbnails;
 *  - never touches mutations (POST) or the signed-in user's own data;
 *  - waits with an update until the page asks it to (SKIP_WAITING from workbox-window).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { assembleOffline, CACHEABLE_PROCEDURES, parseTrpcGet, type TrpcEntry, type TrpcGet } from './catalog-cache';
import { connectAllowed } from './csp';
import { ASSET_LIMITS, CACHE_NAMES, CATALOG_LIMITS, ISOLATED_PAGE_PARAM, NETWORK_TIMEOUT_SECONDS, THUMBNAIL_LIMITS } from './config';

declare let self: ServiceWorkerGlobalScope;

// oxlint-disable-next-line no-underscore-dangle -- the name workbox-build injects the precache list under
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes over the open page at once, so the catalog it loads next is kept.
// (An update still waits for the player: it only activates on SKIP_WAITING.)
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // The APIs and files (/sw.js, /manifest.webmanifest, /screenshots/…) are never the app's routes.
    // A game page asked for isolated must come from the server, with its isolation headers.
    denylist: [/^\/(api|trpc)(\/|$)/, /\/[^/]+\.[a-z0-9]+$/i, new RegExp(`[?&]${ISOLATED_PAGE_PARAM}=`)],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// --- The app's files outside the precache ------------------------------------------------------

// Hashed names never change content: the first copy fetched is kept. Workbox's CACHE_URLS message
// (register.ts sends the reader's catalog) is answered through this route too.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: CACHE_NAMES.assets,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ ...ASSET_LIMITS, purgeOnQuotaError: true })],
  }),
);

// --- Catalog queries ---------------------------------------------------------------------------

const catalogExpiration = new CacheExpiration(CACHE_NAMES.catalog, CATALOG_LIMITS);

function timeout(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms));
}

async function readStored(request: TrpcGet): Promise<(TrpcEntry | undefined)[]> {
  const cache = await caches.open(CACHE_NAMES.catalog);
  return Promise.all(
    request.calls.map(async (call) => {
      if (!CACHEABLE_PROCEDURES.has(call.path)) return undefined;
      if (await catalogExpiration.isURLExpired(call.key)) return undefined;
      const hit = await cache.match(call.key);
      return hit ? ((await hit.json()) as TrpcEntry) : undefined;
    }),
  );
}

async function offlineAnswer(request: TrpcGet): Promise<Response | null> {
  const answer = assembleOffline(request, await readStored(request));
  if (!answer) return null;
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json', 'X-Served-By': 'playfree-sw-cache' },
  });
}

/** Stores each successful cacheable call of a network answer under its own key. */
async function store(request: TrpcGet, response: Response): Promise<void> {
  if (response.status !== 200 && response.status !== 207) return;
  const body = (await response.json()) as TrpcEntry | TrpcEntry[];
  const entries = Array.isArray(body) ? body : [body];
  const cache = await caches.open(CACHE_NAMES.catalog);
  await Promise.all(
    request.calls.map(async (call, index) => {
      const entry = entries[index];
      if (!CACHEABLE_PROCEDURES.has(call.path) || !entry || entry.result === undefined) return;
      await cache.put(call.key, new Response(JSON.stringify(entry), { headers: { 'Content-Type': 'application/json' } }));
      await catalogExpiration.updateTimestamp(call.key);
    }),
  );
  await catalogExpiration.expireEntries();
}

async function catalogQuery(event: ExtendableEvent, fetchRequest: Request, request: TrpcGet): Promise<Response> {
  const network = fetch(fetchRequest).then((response) => {
    event.waitUntil(store(request, response.clone()).catch(() => undefined));
    return response;
  });
  const first = await Promise.race([network.catch(() => 'failed' as const), timeout(NETWORK_TIMEOUT_SECONDS * 1000)]);
  if (first instanceof Response) return first;
  const cached = await offlineAnswer(request);
  if (cached) return cached;
  // Nothing stored: wait for the network after all (a slow answer beats no answer).
  return network;
}

// Routes match GET only: mutations (POST) always go straight to the network.
registerRoute(
  ({ url }) => {
    if (url.origin !== self.location.origin) return false;
    const trpcGet = parseTrpcGet(url);
    return trpcGet !== null && trpcGet.calls.some((call) => CACHEABLE_PROCEDURES.has(call.path)) ? trpcGet : false;
  },
  ({ event, request, params }) => catalogQuery(event, request, params as unknown as TrpcGet),
);

// --- Thumbnails --------------------------------------------------------------------------------

/**
 * Thumbnails live on the games origin (and developers' hosts). The worker may fetch them only if
 * its own CSP's connect-src allows it; until that is known, or when it is not, the browser loads
 * them itself (uncached) rather than the worker failing them.
 */
let workerPolicy: string | null | undefined;
void fetch(self.location.href, { cache: 'no-store' })
  .then((response) => {
    workerPolicy = response.headers.get('Content-Security-Policy');
  })
  .catch(() => undefined);

registerRoute(
  ({ request, url }) =>
    request.destination === 'image' &&
    url.origin !== self.location.origin &&
    workerPolicy !== undefined &&
    connectAllowed(workerPolicy, url, new URL(self.location.href)),
  new NetworkFirst({
    cacheName: CACHE_NAMES.thumbnails,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ ...THUMBNAIL_LIMITS, purgeOnQuotaError: true }),
    ],
  }),
);
