/** Names and limits shared by the service worker and the page. */
export const CACHE_NAMES = {
  catalog: 'playfree-catalog',
  thumbnails: 'playfree-thumbnails',
  assets: 'playfree-assets',
} as const;

/** Network first: after this long without an answer, a stored copy is used. */
export const NETWORK_TIMEOUT_SECONDS = 3;

const DAY = 24 * 60 * 60;

/** One entry per query (a game page, a list page, the home payload…). */
export const CATALOG_LIMITS = { maxEntries: 200, maxAgeSeconds: 14 * DAY };

/** Opaque cross-origin images weigh heavily in the storage quota: keep the count modest. */
export const THUMBNAIL_LIMITS = { maxEntries: 120, maxAgeSeconds: 30 * DAY };

/**
 * The app's files left out of the precache (precache.ts): another language's catalog, a developer's
 * or the admin's pages. Named by their hash, so a kept copy never goes stale; each build's are new
 * names, and the oldest give way.
 */
export const ASSET_LIMITS = { maxEntries: 150, maxAgeSeconds: 30 * DAY };

/**
 * Marks a game page opened again from the server so it comes cross-origin isolated (a game that
 * needs threads, GameFrame): the service worker leaves such a navigation to the network, which
 * sends the isolation headers its cached index.html lacks.
 */
export const ISOLATED_PAGE_PARAM = 'isolated';
