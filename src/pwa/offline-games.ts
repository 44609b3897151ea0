/**
 * Games saved for offline play. A game runs in a frame on another origin than the portal's, and a
 * frame's requests only reach its own origin's service worker, so the portal's worker cannot keep
 * them:
 *  - built-in games, at `<games origin>/<slug>/`, are kept by the games origin's worker
 *    (games/offline-sw.js), installed by a hidden helper page (games/offline/), which reports every
 *    game its cache holds;
 *  - games the portal serves from an origin of their own (`{slug}.<games host>`, uploaded builds)
 *    each have their own worker there (/__playfree/offline-sw.js), installed by that origin's
 *    helper (/__playfree/offline.html), which reports whether that one game is kept.
 * The portal keeps both lists here to show "Play offline".
 */
import { useSyncExternalStore } from 'react';

export const OFFLINE_GAMES_KEY = 'offline_games';
/** Games kept on their own origins: `{ slug, origin }`, the origin their frame opens. */
export const OWN_ORIGIN_OFFLINE_GAMES_KEY = 'offline_own_origin_games';
const CHANGE_EVENT = 'playfree:offline-games';

/** At most this many own-origin games are listed (the oldest saved first out); each origin's files stay until its worker drops them. */
const MAX_OWN_ORIGIN_GAMES = 100;

type OwnOriginGame = { slug: string; origin: string };

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

/**
 * The origin of a game played from an origin of its own, `{slug}.<host>`, from its frame's address
 * (its root, or its index.html), or null. Whether the portal serves that origin is the caller's to know.
 */
export function ownGameOrigin(src: string, slug: string): string | null {
  try {
    const url = new URL(src);
    if (!/^\/(?:index\.html)?$/.test(url.pathname) || url.search) return null;
    return url.hostname.startsWith(`${slug}.`) ? url.origin : null;
  } catch {
    return null;
  }
}

function readKey(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '[]';
  } catch {
    return '[]';
  }
}

/** Both lists as one snapshot string (useSyncExternalStore compares snapshots by value). */
function read(): string {
  return `${readKey(OFFLINE_GAMES_KEY)}\n${readKey(OWN_ORIGIN_OFFLINE_GAMES_KEY)}`;
}

function parseArray(raw: string): unknown[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function builtInSlugs(raw: string): string[] {
  return parseArray(raw).filter((item): item is string => typeof item === 'string');
}

function ownOriginGames(raw: string): OwnOriginGame[] {
  return parseArray(raw).filter(
    (item): item is OwnOriginGame =>
      typeof item === 'object' && item !== null && typeof (item as OwnOriginGame).slug === 'string' && typeof (item as OwnOriginGame).origin === 'string',
  );
}

function write(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Replaces the built-in games' list with what the games origin's cache reports (it evicts the oldest games). */
export function setOfflineGames(slugs: readonly string[]): void {
  write(OFFLINE_GAMES_KEY, [...new Set(slugs)]);
}

/** Records whether the game at `origin` is kept on its own origin (its helper said so), the latest last. */
export function setOwnOriginGameSaved(slug: string, origin: string, saved: boolean): void {
  const others = ownOriginGames(readKey(OWN_ORIGIN_OFFLINE_GAMES_KEY)).filter((game) => game.slug !== slug);
  const games = saved ? [...others, { slug, origin }].slice(-MAX_OWN_ORIGIN_GAMES) : others;
  write(OWN_ORIGIN_OFFLINE_GAMES_KEY, games);
}

/** Whether the game at `origin` is listed as kept on its own origin. */
export function isOwnOriginGameSaved(slug: string, origin: string): boolean {
  return ownOriginGames(readKey(OWN_ORIGIN_OFFLINE_GAMES_KEY)).some((game) => game.slug === slug && game.origin === origin);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === OFFLINE_GAMES_KEY || event.key === OWN_ORIGIN_OFFLINE_GAMES_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the game `slug` is saved for offline play, built in or on its own origin. */
export function isOfflineGame(snapshot: string, slug: string): boolean {
  const [builtIn = '[]', own = '[]'] = snapshot.split('\n');
  return builtInSlugs(builtIn).includes(slug) || ownOriginGames(own).some((game) => game.slug === slug);
}

export function useIsOfflineGame(slug: string): boolean {
  const snapshot = useSyncExternalStore(subscribe, read, () => '[]\n[]');
  return isOfflineGame(snapshot, slug);
}

/**
 * The slug a game frame's address shows "Play offline" for: a built-in game's, or a game's kept on
 * its own origin (listed with that very origin), else null.
 */
export function offlineGameSlugOfFrame(snapshot: string, src: string): string | null {
  const builtIn = builtInGameSlug(src);
  if (builtIn) return builtIn;
  try {
    const url = new URL(src);
    if (!/^\/(?:index\.html)?$/.test(url.pathname)) return null;
    const own = snapshot.split('\n')[1] ?? '[]';
    return ownOriginGames(own).find((game) => game.origin === url.origin)?.slug ?? null;
  } catch {
    return null;
  }
}

/** Whether the game a frame opens is saved for offline play (see offlineGameSlugOfFrame). */
export function useIsOfflineFrame(src: string): boolean {
  const snapshot = useSyncExternalStore(subscribe, read, () => '[]\n[]');
  const slug = offlineGameSlugOfFrame(snapshot, src);
  return slug !== null && isOfflineGame(snapshot, slug);
}
