/**
 * Built-in games saved for offline play. They run on the games origin, which the portal's worker
 * cannot serve (a frame's requests go to its own origin's worker), so the games origin has its own
 * worker (games/offline-sw.js), installed by a hidden helper page (games/offline/). The helper
 * reports which games its cache holds; the portal keeps that list here to show "Play offline".
 */
import { useSyncExternalStore } from 'react';

export const OFFLINE_GAMES_KEY = 'offline_games';
const CHANGE_EVENT = 'playfree:offline-games';

/** A built-in game lives at `<games origin>/<slug>/`; returns that slug, or null for any other URL. */
export function builtInGameSlug(src: string): string | null {
  try {
    const url = new URL(src);
    const match = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)\/(?:index\.html)?$/.exec(url.pathname);
    return match && !url.search ? (match[1] ?? null) : null;
  } catch {
    return null;
  }
}

function read(): string {
  try {
    return window.localStorage.getItem(OFFLINE_GAMES_KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

function parse(raw: string): readonly string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Replaces the list with what the games origin's cache reports (it evicts the oldest games). */
export function setOfflineGames(slugs: readonly string[]): void {
  try {
    window.localStorage.setItem(OFFLINE_GAMES_KEY, JSON.stringify([...new Set(slugs)]));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === OFFLINE_GAMES_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useIsOfflineGame(slug: string): boolean {
  const raw = useSyncExternalStore(subscribe, read, () => '[]');
  return parse(raw).includes(slug);
}
