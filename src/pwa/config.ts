/** Names and limits shared by the service worker and the page. */
export const CACHE_NAMES = {
  catalog: 'playfree-catalog',
  thumbnails: 'playfree-thumbnails',
} as const;

/** Network first: after this long without an answer, a stored copy is used. */
export const NETWORK_TIMEOUT_SECONDS = 3;

const DAY = 24 * 60 * 60;

/** One entry per query (a game page, a list page, the home payload…). */
export const CATALOG_LIMITS = { maxEntries: 200, maxAgeSeconds: 14 * DAY };

/** Opaque cross-origin images weigh heavily in the storage quota: keep the count modest. */
export const THUMBNAIL_LIMITS = { maxEntries: 120, maxAgeSeconds: 30 * DAY };
