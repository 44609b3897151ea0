/**
 * Games saved for offline play. Every game the portal serves, the built-in ones too, is played from
 * an origin of its own (`{slug}.<games host>`), in a frame on another origin than the portal's, and
 * a frame's requests only reach its own origin's service worker, so the portal's worker cannot keep
 * them: each game origin has its own worker there (/__playfree/offline-sw.js), installed by that
 * origin's helper (/__playfree/offline.html), which reports whether that one game is kept.
 * The portal keeps the list here to show "Play offline".
 */
import { useSyncExternalStore } from 'react';

/** Games kept on their own origins: `{ slug, origin }`, the origin their frame opens. */
export const OWN_ORIGIN_OFFLINE_GAMES_KEY = 'offline_own_origin_games';
const CHANGE_EVENT = 'playfree:offline-games';

/** At most this many games are listed (the oldest saved first out); each origin's files stay until its worker drops them. */
const MAX_OWN_ORIGIN_GAMES = 100;

type OwnOriginGame = { slug: string; origin: string };

/** The query a game page's frame may carry: the version the page says is live (frameSrcOf). */
const FRAME_QUERY = /^(?:\?v=\d+)?$/;

/**
 * The address a game page's frame opens: the game's address, with the version of its live build
 * when the portal serves it (`?v=3`), so the game's own worker and the games origin hand out the
 * build the page names, not one kept from before a rollback or an approval (games/offline/builds/sw.js).
 */
export function frameSrcOf(srcUrl: string, build: { version: number } | null | undefined): string {
  if (!build) return srcUrl;
  try {
    const url = new URL(srcUrl);
    url.searchParams.set('v', String(build.version));
    return url.href;
  } catch {
    return srcUrl; // not an address: the frame's own validation says so to the player
  }
}

/**
 * The origin of a game played from an origin of its own, `{slug}.<host>`, from its frame's address
 * (its root, or its index.html, with the version it asks for or none), or null. Whether the portal
 * serves that origin is the caller's to know.
 */
export function ownGameOrigin(src: string, slug: string): string | null {
  try {
    const url = new URL(src);
    if (!/^\/(?:index\.html)?$/.test(url.pathname) || !FRAME_QUERY.test(url.search)) return null;
    return url.hostname.startsWith(`${slug}.`) ? url.origin : null;
  } catch {
    return null;
  }
}

/** The list as stored (useSyncExternalStore compares snapshots by value, so the raw string is the snapshot). */
function read(): string {
  try {
    return window.localStorage.getItem(OWN_ORIGIN_OFFLINE_GAMES_KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

function ownOriginGames(raw: string): OwnOriginGame[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is OwnOriginGame =>
      typeof item === 'object' && item !== null && typeof (item as OwnOriginGame).slug === 'string' && typeof (item as OwnOriginGame).origin === 'string',
  );
}

/** Records whether the game at `origin` is kept on its own origin (its helper said so), the latest last. */
export function setOwnOriginGameSaved(slug: string, origin: string, saved: boolean): void {
  const others = ownOriginGames(read()).filter((game) => game.slug !== slug);
  const games = saved ? [...others, { slug, origin }].slice(-MAX_OWN_ORIGIN_GAMES) : others;
  try {
    window.localStorage.setItem(OWN_ORIGIN_OFFLINE_GAMES_KEY, JSON.stringify(games));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Whether the game at `origin` is listed as kept on its own origin. */
export function isOwnOriginGameSaved(slug: string, origin: string): boolean {
  return ownOriginGames(read()).some((game) => game.slug === slug && game.origin === origin);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === OWN_ORIGIN_OFFLINE_GAMES_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the game `slug` is saved for offline play (on its own origin). */
export function isOfflineGame(snapshot: string, slug: string): boolean {
  return ownOriginGames(snapshot).some((game) => game.slug === slug);
}

export function useIsOfflineGame(slug: string): boolean {
  const snapshot = useSyncExternalStore(subscribe, read, () => '[]');
  return isOfflineGame(snapshot, slug);
}

/**
 * The slug a game frame's address shows "Play offline" for: a game kept on its own origin, listed
 * with that very origin (a developer's own host of the same name is another game), else null.
 */
export function offlineGameSlugOfFrame(snapshot: string, src: string): string | null {
  try {
    const url = new URL(src);
    if (!/^\/(?:index\.html)?$/.test(url.pathname)) return null;
    return ownOriginGames(snapshot).find((game) => game.origin === url.origin)?.slug ?? null;
  } catch {
    return null;
  }
}

/** Whether the game a frame opens is saved for offline play (see offlineGameSlugOfFrame). */
export function useIsOfflineFrame(src: string): boolean {
  const snapshot = useSyncExternalStore(subscribe, read, () => '[]');
  return offlineGameSlugOfFrame(snapshot, src) !== null;
}
