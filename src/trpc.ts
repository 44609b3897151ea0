import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../server/trpc/router';
import { STORAGE_KEYS, TRPC_MAX_URL_LENGTH } from '../shared/constants';
import { isLocale } from './i18n/locales';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

const tokenListeners = new Set<() => void>();

export function setStoredToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(STORAGE_KEYS.token, token);
    else window.localStorage.removeItem(STORAGE_KEYS.token);
  } catch {
    // Storage blocked: the httpOnly cookie still carries the session.
  }
  for (const listener of tokenListeners) listener();
}

/** For useSyncExternalStore: told whenever this page stores or drops the token. */
export function subscribeToStoredToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** Fired when the server no longer accepts the stored token (revoked or expired session). */
export const SESSION_EXPIRED_EVENT = 'playfree:session-expired';

/** Sign-in steps answer UNAUTHORIZED for a wrong code; that is not an expired session. */
const signInPaths = new Set(['auth.me', 'auth.login', 'auth.verify']);

function reportExpiredSession(error: unknown, key: readonly unknown[] | undefined): void {
  if (trpcErrorCode(error) !== 'UNAUTHORIZED') return;
  const path = Array.isArray(key?.[0]) ? (key[0] as string[]).join('.') : '';
  if (signInPaths.has(path) || !getStoredToken()) return;
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

/**
 * The tRPC code of a query's error ('NOT_FOUND', …): from the server's answer, or from a page
 * the server rendered with that answer (src/entry-server.tsx), whose error arrives as plain data.
 */
export function trpcErrorCode(error: unknown): string | undefined {
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Fired when the server answers 503: its database is unavailable for a moment. */
export const SERVICE_UNAVAILABLE_EVENT = 'playfree:service-unavailable';

/** The server said it cannot answer for now (busy, or its database is down): nothing the client did. */
export function isServiceUnavailable(error: unknown): boolean {
  return trpcErrorCode(error) === 'SERVICE_UNAVAILABLE';
}

function reportUnavailable(error: unknown): void {
  if (isServiceUnavailable(error)) window.dispatchEvent(new Event(SERVICE_UNAVAILABLE_EVENT));
}

/** Spec section 7: data is never refreshed automatically. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        reportExpiredSession(error, query.queryKey);
        reportUnavailable(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        reportExpiredSession(error, mutation.options.mutationKey);
        reportUnavailable(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Infinity,
        // Offline, ask anyway: the service worker may hold the answer (react-query would pause).
        networkMode: 'offlineFirst',
      },
      // Offline, fail at once (the app then says "You are offline") rather than wait paused.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The page's language (a /fr/ address sets it even where the cookie says otherwise), for the server to answer its refusals in it. */
export function pageLocaleHeader(): { 'X-Locale'?: string } {
  const locale = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLocale(locale) ? { 'X-Locale': locale } : {};
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        // A page of cards in another language asks a listing a card: split, never refused.
        maxURLLength: TRPC_MAX_URL_LENGTH,
        headers() {
          const token = getStoredToken();
          return { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...pageLocaleHeader() };
        },
        fetch(url, options) {
          return fetch(url, { ...options, credentials: 'include' });
        },
      }),
    ],
  });
}
