/**
 * A visitor's recently played games, kept on this device (localStorage `recently_played`) while
 * signed out: the server keeps a signed-in player's. At sign-in the list is handed to the account
 * (POST /api/me/recently-played) and emptied. Each entry holds what its card shows, so the row
 * needs no call.
 */
import { RECENTLY_PLAYED_MAX } from '../../../shared/constants';

export type DevicePlay = { id: number; slug: string; title: string; thumbUrl: string | null; playedAt: string };

const KEY = 'recently_played';
const listeners = new Set<() => void>();
let cached: { raw: string | null; plays: DevicePlay[] } = { raw: null, plays: [] };

function isDevicePlay(value: unknown): value is DevicePlay {
  const entry = value as Partial<DevicePlay> | null;
  return (
    typeof entry === 'object' && entry !== null &&
    typeof entry.id === 'number' && typeof entry.slug === 'string' && typeof entry.title === 'string' &&
    (typeof entry.thumbUrl === 'string' || entry.thumbUrl === null) && typeof entry.playedAt === 'string' && !Number.isNaN(Date.parse(entry.playedAt))
  );
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    // Storage refused (a private window's quota, a blocked site): nothing is kept.
    return null;
  }
}

/** The device's list, the latest played first (the same array while the stored text is unchanged). */
export function devicePlays(): DevicePlay[] {
  if (typeof window === 'undefined') return cached.plays;
  const raw = readRaw();
  if (raw === cached.raw) return cached.plays;
  let plays: DevicePlay[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    plays = Array.isArray(parsed) ? parsed.filter(isDevicePlay).slice(0, RECENTLY_PLAYED_MAX) : [];
  } catch {
    plays = [];
  }
  cached = { raw, plays };
  return plays;
}

const NO_PLAYS: DevicePlay[] = [];
/** The server renders signed out with no device: an empty list. */
export const serverDevicePlays = () => NO_PLAYS;

function write(plays: DevicePlay[]): void {
  try {
    if (plays.length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(plays));
  } catch {
    return;
  }
  for (const listener of listeners) listener();
}

export function subscribeToDevicePlays(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Notes a play on this device: the game moves to the front. */
export function notePlayOnDevice(game: { id: number; slug: string; title: string; thumbUrl: string | null }): void {
  const entry: DevicePlay = { id: game.id, slug: game.slug, title: game.title, thumbUrl: game.thumbUrl, playedAt: new Date().toISOString() };
  write([entry, ...devicePlays().filter((play) => play.id !== game.id)].slice(0, RECENTLY_PLAYED_MAX));
}

/**
 * At sign-in: hands the device's list to the account and empties it once the account has it.
 * A failure keeps the list for the next sign-in; the sign-in itself never waits on a failure.
 */
export async function handDevicePlaysToAccount(merge: (games: { id: number; playedAt: string }[]) => Promise<unknown>): Promise<void> {
  const plays = devicePlays();
  if (plays.length === 0) return;
  try {
    await merge(plays.map((play) => ({ id: play.id, playedAt: play.playedAt })));
    write([]);
  } catch {
    return;
  }
}
