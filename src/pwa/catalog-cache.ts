/**
 * How the service worker keeps the catalog's tRPC answers for offline use.
 *
 * tRPC's batch link joins whatever queries a render fires at once (`/trpc/auth.me,home.get?batch=1`),
 * so the same answer travels in different batches from one visit to the next. The worker therefore
 * stores each procedure's answer on its own, under the URL a lone call would have, and rebuilds a
 * batch answer from those entries when the network is gone. Pure functions: unit-tested in Node.
 */

/** Public catalog queries: the same answer for everyone, safe to keep on the device. */
export const CACHEABLE_PROCEDURES: ReadonlySet<string> = new Set([
  'home.get',
  'categories.list',
  'games.list',
  'games.bySlug',
  // Per country in its input, never per person.
  'games.trending',
  'kids.games',
  'kids.categories',
  'scores.top',
  // A game's listing in the reader's language (issue #59).
  'translations.listing',
]);

export interface TrpcCall {
  path: string;
  /** The URL a single, unbatched GET of this call would have: the cache key. */
  key: string;
}

export interface TrpcGet {
  batch: boolean;
  calls: TrpcCall[];
}

/** Splits a tRPC GET URL into its calls; null if it is not a well-formed tRPC query URL. */
export function parseTrpcGet(url: URL): TrpcGet | null {
  if (!url.pathname.startsWith('/trpc/')) return null;
  let paths: string[];
  let inputs: unknown[];
  const batch = url.searchParams.get('batch') === '1';
  try {
    paths = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
    const raw = url.searchParams.get('input');
    if (batch) {
      const byIndex = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      inputs = paths.map((_, index) => byIndex[String(index)]);
    } else {
      inputs = [raw === null ? undefined : JSON.parse(raw)];
    }
  } catch {
    return null;
  }
  if (paths.some((path) => !/^[\w.]+$/.test(path)) || (!batch && paths.length !== 1)) return null;
  return {
    batch,
    calls: paths.map((path, index) => ({ path, key: callKey(url.origin, path, inputs[index]) })),
  };
}

export function callKey(origin: string, path: string, input: unknown): string {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return `${origin}/trpc/${path}${query}`;
}

/** One call's answer as tRPC sends it: `{ result: { data } }` or `{ error: {...} }`. */
export type TrpcEntry = { result?: unknown; error?: unknown };

/** The answer the worker gives for a call it cannot serve offline (tRPC's own error shape). */
export function offlineEntry(path: string): TrpcEntry {
  return {
    error: {
      message: 'You are offline',
      code: -32603,
      data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 503, path, offline: true },
    },
  };
}

/**
 * A batch answer from stored entries, or null when the page's own data is missing (then the
 * request fails like any offline fetch and the page shows its offline screen). Calls that are
 * never stored (the session check) answer with an error entry so the cached ones still arrive.
 */
export function assembleOffline(request: TrpcGet, stored: readonly (TrpcEntry | undefined)[]): { status: number; body: unknown } | null {
  const entries: TrpcEntry[] = [];
  for (const [index, call] of request.calls.entries()) {
    const entry = stored[index];
    if (entry) entries.push(entry);
    else if (CACHEABLE_PROCEDURES.has(call.path)) return null;
    else entries.push(offlineEntry(call.path));
  }
  if (!entries.some((entry) => entry.result !== undefined)) return null;
  const status = entries.every((entry) => entry.result !== undefined) ? 200 : 207;
  return { status, body: request.batch ? entries : entries[0] };
}
