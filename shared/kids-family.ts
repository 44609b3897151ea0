/**
 * The Kids Zone's parent accounts (issue #26): the limits and words both sides share. The rules
 * themselves are the server's (server/domains/kids/family.ts); the web app only shows them.
 */

export const KID_AGE_BANDS = ['3-5', '6-8', '9-12'] as const;
export type KidAgeBand = (typeof KID_AGE_BANDS)[number];

/** Avatars are pictures from a fixed set, never a photo of the child. */
export const KID_AVATARS = ['fox', 'owl', 'cat', 'dog', 'panda', 'frog', 'bunny', 'bear'] as const;
export type KidAvatar = (typeof KID_AVATARS)[number];

export const KID_AVATAR_EMOJI: Record<KidAvatar, string> = {
  fox: '🦊',
  owl: '🦉',
  cat: '🐱',
  dog: '🐶',
  panda: '🐼',
  frog: '🐸',
  bunny: '🐰',
  bear: '🐻',
};

export const KID_PROFILE_NAME_MAX = 40;
export const KID_DAILY_MINUTES_MAX = 600;
export const KID_PIN_PATTERN = /^\d{4}$/;
/** Digits of the code a child's device shows for pairing. */
export const PAIRING_CODE_DIGITS = 6;
export const PAIRING_CODE_TTL_MS = 10 * 60_000;
/** Wrong PINs before a wait; each wrong PIN after that doubles it, up to an hour. */
export const PIN_FREE_TRIES = 5;
export const PIN_FIRST_WAIT_S = 30;
export const PIN_MAX_WAIT_S = 3_600;
/** The player beats this often while the game is in sight; the server counts at most PLAY_BEAT_CAP_MS per beat. */
export const PLAY_BEAT_MS = 15_000;
export const PLAY_BEAT_CAP_MS = 20_000;
/** How long a PIN lets a paired device out of the zone. */
export const RELEASE_MS = 60 * 60_000;
/** Days of play time kept for a profile (the parent's screen shows today and the last 7 days). */
export const KID_PLAY_RETENTION_DAYS = 35;
/** The httpOnly cookie holding a paired device's token, on the portal only. */
export const KIDS_DEVICE_COOKIE = 'pf_kids_device';
/**
 * A script-readable companion saying "this device is held in the zone": the app's shell, which
 * the service worker may serve without asking the server, checks it before anything renders.
 */
export const KIDS_HOLD_COOKIE = 'pf_kids_hold';
/** The query parameter carrying a signed play ticket to a game's own address. */
export const PLAY_TICKET_PARAM = 'pf_ticket';

/** The wait (seconds) after `failures` wrong PINs in a row: none for the first five, then 30 s doubling to an hour. */
export function pinWaitSeconds(failures: number): number {
  if (failures < PIN_FREE_TRIES) return 0;
  return Math.min(PIN_MAX_WAIT_S, PIN_FIRST_WAIT_S * 2 ** (failures - PIN_FREE_TRIES));
}

/** "HH:MM" ↔ minutes after midnight. */
export function minutesOfClock(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function clockOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Whether `minute` (after midnight) falls in a bedtime from `start` to `end`, which may wrap past midnight. */
export function inBedtime(minute: number, start: number | null, end: number | null): boolean {
  if (start === null || end === null || start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
