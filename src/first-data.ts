/**
 * The data the server renders a page with, sent in the HTML as JSON (entry-server.tsx writes
 * it, main.tsx hydrates react-query from it) so the page paints before the app has loaded.
 */
import type { DehydratedState } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` element that carries the first data. */
export const FIRST_DATA_ID = 'playfree-first-data';

/** On the root element of a page the server rendered for a touch screen (useCoarsePointer). */
export const COARSE_POINTER_ATTRIBUTE = 'data-coarse-pointer';

/**
 * True when this page arrived rendered by the server and the app hydrates it. The first render
 * must then match the server's, which knows nothing of this browser's storage (a stored session
 * token, say): such state comes from useSyncExternalStore with a server snapshot, or after mount.
 */
export const serverRendered = typeof document !== 'undefined' && document.getElementById(FIRST_DATA_ID) !== null;

/** tRPC's react-query key of a query: `[['games', 'bySlug'], { input, type: 'query' }]`. */
export function procedureOfQueryKey(queryKey: readonly unknown[]): { path: string; input: unknown } | null {
  const [path, meta] = queryKey;
  if (!Array.isArray(path) || !path.every((part) => typeof part === 'string')) return null;
  if (typeof meta !== 'object' || meta === null || (meta as { type?: unknown }).type !== 'query') return null;
  return { path: path.join('.'), input: (meta as { input?: unknown }).input };
}

/** JSON safe inside a `<script>` element: `<` is escaped, so no `</script>` can end it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The first data without the times it was fetched at, its queries in one order: the same data
 * renders the same bytes, so a page made again is revalidated by its ETag (304) like the one before.
 * The browser puts the times back from the page's age (`withFetchTimes`).
 */
export function withoutFetchTimes(state: DehydratedState): DehydratedState {
  const queries = state.queries
    .map((query) => ({ ...query, dehydratedAt: 0, state: { ...query.state, dataUpdatedAt: 0, errorUpdatedAt: 0 } }))
    .sort((a, b) => (a.queryHash < b.queryHash ? -1 : a.queryHash > b.queryHash ? 1 : 0));
  return { ...state, queries };
}

/** The first data as fetched when the page was rendered, `renderedAt` by this browser's clock. */
export function withFetchTimes(state: DehydratedState, renderedAt: number): DehydratedState {
  const queries = state.queries.map((query) => ({
    ...query,
    dehydratedAt: renderedAt,
    state: { ...query.state, dataUpdatedAt: query.state.data === undefined ? 0 : renderedAt, errorUpdatedAt: query.state.status === 'error' ? renderedAt : 0 },
  }));
  return { ...state, queries };
}
