/**
 * The Kids Zone's parent lock and daily play budget, kept on this device only (localStorage), so
 * it works signed out and offline. The PIN itself is never stored: only SHA-256 of a random
 * per-device salt and the PIN.
 *
 * Plain functions over plain data here; the React side (subscriptions, hooks) is in
 * parent-lock-store.ts.
 */

export const PARENT_SETTINGS_KEY = 'playfree.kids.parent';
export const PLAY_USAGE_KEY = 'playfree.kids.usage';
/** Set while a locked device is in the Kids Zone: opening the site elsewhere returns it there. */
export const KIDS_SESSION_KEY = 'playfree.kids.session';

import { pinWaitSeconds } from '../../../shared/kids-family';

export const PIN_LENGTH = 4;
export const PIN_PATTERN = /^\d{4}$/;
export const BUDGET_MAX_MINUTES = 600;
/** A tick of play counts at most this much: a device that slept mid-game does not spend the day. */
export const MAX_TICK_MS = 5_000;

export interface ParentSettings {
  salt: string;
  pinHash: string;
  /** Minutes of play a day; null: no limit. */
  budgetMinutes: number | null;
}

export interface PlayUsage {
  /** The local calendar day (YYYY-MM-DD) the time was played on. */
  day: string;
  ms: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of `date` as YYYY-MM-DD: the budget starts again at local midnight. */
export function localDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Milliseconds from `date` to the next local midnight. */
export function msUntilNextDay(date: Date = new Date()): number {
  const next = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
  return next.getTime() - date.getTime();
}

function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function newSalt(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

export async function hashPin(pin: string, salt: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${pin}`));
  return toHex(digest);
}

export async function createSettings(pin: string, budgetMinutes: number | null): Promise<ParentSettings> {
  if (!PIN_PATTERN.test(pin)) throw new Error(`The PIN must be ${PIN_LENGTH} digits`);
  const salt = newSalt();
  return { salt, pinHash: await hashPin(pin, salt), budgetMinutes: normalizeBudget(budgetMinutes) };
}

export async function verifyPin(settings: ParentSettings, pin: string): Promise<boolean> {
  if (!PIN_PATTERN.test(pin)) return false;
  return (await hashPin(pin, settings.salt)) === settings.pinHash;
}

/** A whole number of minutes in 1..BUDGET_MAX_MINUTES, or null (no limit) for anything else. */
export function normalizeBudget(minutes: number | null | undefined): number | null {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return null;
  const whole = Math.round(minutes);
  if (whole < 1) return null;
  return Math.min(whole, BUDGET_MAX_MINUTES);
}

/** Stored settings, or null when there are none or they are not ours (edited by hand, an old shape). */
export function parseSettings(raw: string | null): ParentSettings | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ParentSettings> | null;
    if (!value || typeof value.salt !== 'string' || typeof value.pinHash !== 'string' || !/^[0-9a-f]{64}$/.test(value.pinHash)) {
      return null;
    }
    return { salt: value.salt, pinHash: value.pinHash, budgetMinutes: normalizeBudget(value.budgetMinutes) };
  } catch {
    return null;
  }
}

export function parseUsage(raw: string | null): PlayUsage | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PlayUsage> | null;
    if (!value || typeof value.day !== 'string' || typeof value.ms !== 'number' || !Number.isFinite(value.ms)) return null;
    return { day: value.day, ms: Math.max(0, value.ms) };
  } catch {
    return null;
  }
}

/** Play time counted for `day`: what was stored for an earlier day no longer counts. */
export function playedMs(usage: PlayUsage | null, day: string): number {
  return usage && usage.day === day ? usage.ms : 0;
}

/** Adds a tick of play on `day`, starting the count again when the day has changed. */
export function addPlay(usage: PlayUsage | null, ms: number, day: string): PlayUsage {
  const tick = Math.min(Math.max(0, ms), MAX_TICK_MS);
  return { day, ms: playedMs(usage, day) + tick };
}

/** Milliseconds of play left on `day`; null when there is no budget. */
export function remainingMs(settings: ParentSettings | null, usage: PlayUsage | null, day: string): number | null {
  if (!settings || settings.budgetMinutes === null) return null;
  return Math.max(0, settings.budgetMinutes * 60_000 - playedMs(usage, day));
}

export function budgetSpent(settings: ParentSettings | null, usage: PlayUsage | null, day: string): boolean {
  return remainingMs(settings, usage, day) === 0;
}


/** The Kids Zone's own addresses: /kids and everything under /kids/ (not /kids-safety). */
export function isKidsPath(pathname: string): boolean {
  return pathname === '/kids' || pathname.startsWith('/kids/');
}

/** Wrong PINs on this device (device-only mode): the same limit the server keeps for paired devices. */
export const PIN_TRIES_KEY = 'playfree.kids.pin-tries';

export interface PinTries {
  failures: number;
  /** Epoch ms before which no PIN is checked; 0: none. */
  waitUntil: number;
}

export function parseTries(raw: string | null): PinTries {
  try {
    const value = raw ? (JSON.parse(raw) as Partial<PinTries> | null) : null;
    if (value && typeof value.failures === 'number' && typeof value.waitUntil === 'number') return { failures: value.failures, waitUntil: value.waitUntil };
  } catch {
    // Not ours: no tries counted.
  }
  return { failures: 0, waitUntil: 0 };
}

/** The tries after one more wrong PIN at `now`: five free, then a wait doubling from 30 s (pinWaitSeconds). */
export function afterWrongPin(tries: PinTries, now: number): PinTries {
  const failures = tries.failures + 1;
  const wait = pinWaitSeconds(failures);
  return { failures, waitUntil: wait > 0 ? now + wait * 1000 : 0 };
}
