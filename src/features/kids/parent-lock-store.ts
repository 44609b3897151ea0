import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  addPlay,
  KIDS_SESSION_KEY,
  localDay,
  msUntilNextDay,
  PARENT_SETTINGS_KEY,
  parseSettings,
  parseTries,
  PIN_TRIES_KEY,
  type PinTries,
  parseUsage,
  PLAY_USAGE_KEY,
  type ParentSettings,
  type PlayUsage,
} from './parent-lock';

/**
 * The parent lock's state in this browser's storage, for React. Pages are rendered on the server
 * with no storage, so the server snapshot is "no lock, nothing played" and the browser's first
 * render (hydration) matches it; the stored state follows at once after.
 */

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled (a private window): the lock then lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the Kids Zone locking, unlocking or playing.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('playfree.kids.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Parsed values cached by their stored text, so snapshots stay the same object until it changes. */
function cachedReader<T>(key: string, parse: (raw: string | null) => T): () => T {
  let lastRaw: string | null | undefined;
  let last: T;
  return () => {
    const raw = read(key);
    if (raw !== lastRaw) {
      lastRaw = raw;
      last = parse(raw);
    }
    return last;
  };
}

const readSettings = cachedReader(PARENT_SETTINGS_KEY, parseSettings);
const readUsage = cachedReader(PLAY_USAGE_KEY, parseUsage);
const serverNull = () => null;

export function useParentSettings(): ParentSettings | null {
  return useSyncExternalStore(subscribe, readSettings, serverNull);
}

export function usePlayUsage(): PlayUsage | null {
  return useSyncExternalStore(subscribe, readUsage, serverNull);
}

export function saveParentSettings(settings: ParentSettings | null): void {
  write(PARENT_SETTINGS_KEY, settings ? JSON.stringify(settings) : null);
  if (!settings) write(KIDS_SESSION_KEY, null);
}

export function readPinTries(): PinTries {
  return parseTries(read(PIN_TRIES_KEY));
}

export function savePinTries(tries: PinTries): void {
  write(PIN_TRIES_KEY, tries.failures === 0 ? null : JSON.stringify(tries));
}

export function addPlayTime(ms: number): void {
  write(PLAY_USAGE_KEY, JSON.stringify(addPlay(readUsage(), ms, localDay())));
}

export function resetPlayToday(): void {
  write(PLAY_USAGE_KEY, JSON.stringify({ day: localDay(), ms: 0 }));
}

/** Marks that a locked device is in the Kids Zone (or has been let out of it with the PIN). */
export function setKidsSession(active: boolean): void {
  if ((read(KIDS_SESSION_KEY) === '1') !== active) write(KIDS_SESSION_KEY, active ? '1' : null);
}

/** A locked device that was in the Kids Zone and has not been let out: the rest of the site sends it back. */
export function heldInKidsZone(): boolean {
  return read(KIDS_SESSION_KEY) === '1' && readSettings() !== null;
}

/** Today's local date, which changes at local midnight while the page stays open. */
export function useToday(): string {
  const [day, setDay] = useState(() => localDay());
  useEffect(() => {
    let timer: number;
    const schedule = () => {
      timer = window.setTimeout(() => {
        setDay(localDay());
        schedule();
      }, Math.min(msUntilNextDay() + 1_000, 60 * 60_000));
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, []);
  return day;
}
