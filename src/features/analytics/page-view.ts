/**
 * The current page view (issue #37): the server issues one for each route the app shows
 * (PageViewTracker), and the page's ad and card impressions are reported with its id, so the
 * server counts only impressions of page views it issued to the same visitor. Null while the
 * route's page view is being asked for, offline, or on the server.
 */
import { useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current route's page view id, for code outside React (an ad's impression callback). */
export function currentPageViewId(): string | null {
  return current;
}

/** Set by PageViewTracker only: null when the route changes, the issued id once the server answers. */
export function setCurrentPageViewId(id: string | null): void {
  if (id === current) return;
  current = id;
  for (const listener of listeners) listener();
}

/** Told whenever the current page view changes (the card impressions' queue starts again). */
export function onPageViewChange(listener: () => void): () => void {
  return subscribe(listener);
}

/** The current route's page view id; re-renders when it changes. */
export function usePageViewId(): string | null {
  return useSyncExternalStore(subscribe, currentPageViewId, () => null);
}
