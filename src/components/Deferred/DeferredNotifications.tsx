import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';

// Failing to load (offline before the browser prefetched it) leaves the page as it is: no toasts, no crash.
const Notifications = lazy<ComponentType>(() => import('./LoadedNotifications').catch(() => ({ default: () => null })));

let wanted = false;
const listeners = new Set<() => void>();

/**
 * Mounts the toasts' container (src/notify.ts, with the first toast). Its code runs in no page's
 * first load; every page has the browser prefetch it (vite.config.ts, prefetchToasts), so "You are
 * offline" still shows once the network is gone.
 */
export function mountNotifications(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where toasts appear, once the first one is asked for (nothing on the server and at hydration). */
export function DeferredNotifications() {
  const load = useSyncExternalStore(subscribe, () => wanted, () => false);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
