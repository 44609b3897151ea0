/**
 * Card impressions for the games' funnel (issue #37): a game card counts once per page view when at
 * least half of it has been on screen. Cards seen are queued and sent together
 * (analytics.cardImpressions) a second after the first, with the current page view; a route change
 * drops what the old page had not sent.
 */
import { useCallback, useEffect, useRef } from 'react';
import { AD_LIMITS } from '../../../shared/constants';
import { trpc } from '../../trpc';
import { currentPageViewId, onPageViewChange } from './page-view';

type Send = (pageViewId: string, gameIds: number[]) => Promise<unknown>;

const SEND_AFTER_MS = 1000;
let send: Send | null = null;
let queued: number[] = [];
let sentThisView = new Set<number>();
let timer: ReturnType<typeof setTimeout> | null = null;
let observer: IntersectionObserver | null = null;
const gameOf = new WeakMap<Element, number>();
const observed = new Set<Element>();

function flush(): void {
  timer = null;
  const pageViewId = currentPageViewId();
  // Not issued yet: sent once it is (onPageViewChange below).
  if (!pageViewId || !send || queued.length === 0) return;
  const batch = queued.splice(0, AD_LIMITS.cardImpressionsMax);
  send(pageViewId, batch).catch(() => undefined);
  if (queued.length > 0) timer = setTimeout(flush, SEND_AFTER_MS);
}

function queue(gameId: number): void {
  if (sentThisView.has(gameId)) return;
  sentThisView.add(gameId);
  queued.push(gameId);
  timer ??= setTimeout(flush, SEND_AFTER_MS);
}

let listening = false;
function listenForPageViews(): void {
  if (listening) return;
  listening = true;
  onPageViewChange(() => {
    if (currentPageViewId() === null) {
      // A new route: what the old page showed and had not sent is dropped; its cards count again here.
      queued = [];
      sentThisView = new Set();
      for (const element of observed) {
        observer?.unobserve(element);
        observer?.observe(element);
      }
    } else if (queued.length > 0) timer ??= setTimeout(flush, SEND_AFTER_MS);
  });
}

function observerFor(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const gameId = gameOf.get(entry.target);
        if (entry.isIntersecting && entry.intersectionRatio >= 0.5 && gameId !== undefined) queue(gameId);
      }
    },
    { threshold: 0.5 },
  );
  return observer;
}

/** A ref for a game card's root element: the card counts as seen once half of it is on screen. */
export function useCardImpression<T extends Element>(gameId: number): (element: T | null) => void {
  const utils = trpc.useUtils();
  const element = useRef<T | null>(null);
  useEffect(() => {
    send = (pageViewId, gameIds) => utils.client.analytics.cardImpressions.mutate({ pageViewId, gameIds });
    listenForPageViews();
  }, [utils]);
  return useCallback(
    (node: T | null) => {
      const watcher = observerFor();
      if (element.current && watcher) {
        watcher.unobserve(element.current);
        observed.delete(element.current);
      }
      element.current = node;
      if (node && watcher) {
        gameOf.set(node, gameId);
        observed.add(node);
        watcher.observe(node);
      }
    },
    [gameId],
  );
}
