/**
 * Reports ad impressions to the server (ads.impression) against the page view the server issued:
 * a slot once half of it was on screen for a second (the IAB's viewable impression), a break by the
 * id the server gave it when it started (useAdBreaks), once it was on screen for a second. Without a
 * page view (offline, or not yet issued) nothing is reported: the server would not count it.
 */
import { VIEWABLE_FRACTION, VIEWABLE_MS, type AdPlace } from '../../../shared/ads';
import { currentPageViewId } from '../analytics/page-view';
import type { createTrpcClient } from '../../trpc';

type Client = ReturnType<typeof createTrpcClient>;
export type Impression = { kind: 'slot'; place: AdPlace; gameId: number | null } | { kind: 'break'; breakId: string; gameId: number };

export function reportImpression(client: Client, impression: Impression): void {
  const pageViewId = currentPageViewId();
  if (!pageViewId) return;
  client.ads.impression.mutate({ pageViewId, ...impression }).catch(() => undefined);
}

/**
 * Calls `onViewable` once `element` has had at least half of itself on screen for a whole second
 * without a break; returns the stop function. A slot scrolled past faster counts nothing.
 */
export function watchViewable(element: Element, onViewable: () => void): () => void {
  let timer: number | undefined;
  const observer = new IntersectionObserver(
    ([entry]) => {
      if (entry?.isIntersecting && entry.intersectionRatio >= VIEWABLE_FRACTION) {
        timer ??= window.setTimeout(() => {
          observer.disconnect();
          onViewable();
        }, VIEWABLE_MS);
      } else if (timer !== undefined) {
        window.clearTimeout(timer);
        timer = undefined;
      }
    },
    { threshold: [0, VIEWABLE_FRACTION] },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
