import { useSyncExternalStore } from 'react';
import { TRPCClientError } from '@trpc/client';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's own online flag, kept current by its online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * True for a request that never reached the server: fetch's TypeError (also what a failed lazy
 * chunk throws), wrapped or not by tRPC, or the stand-in error the service worker answers offline.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    if ((error.data as { offline?: boolean } | undefined)?.offline) return true;
    return error.cause instanceof TypeError || (!error.data && error.cause === undefined && /fetch|network/i.test(error.message));
  }
  return error instanceof TypeError;
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
