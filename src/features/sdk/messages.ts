/**
 * The portal's side of the PlayFree SDK protocol (games/sdk/README.md): which messages from a
 * game frame it accepts, and what it sends back. Pure functions, no DOM and no React.
 */
import { MAX_SCORE } from '../../../shared/constants';

export const SDK_SOURCE = 'playfree-sdk';
export const SDK_VERSION = 1;
export const PORTAL_SOURCE = 'playfree-portal';

export const SDK_EVENT_TYPES = ['loaded', 'gameplayStart', 'gameplayStop', 'score', 'level', 'happyMoment', 'gameOver', 'unlockMedal'] as const;
export type SdkEventType = (typeof SDK_EVENT_TYPES)[number];

export type SdkEvent =
  | { type: 'score' | 'level'; value: number }
  | { type: 'gameOver'; value?: number }
  | { type: 'unlockMedal'; medal: string }
  | { type: 'loaded' | 'gameplayStart' | 'gameplayStop' | 'happyMoment' };

export const PORTAL_COMMANDS = ['pause', 'resume', 'mute', 'unmute'] as const;
export type PortalCommand = (typeof PORTAL_COMMANDS)[number];
export interface PortalMessage {
  source: typeof PORTAL_SOURCE;
  type: PortalCommand;
}

const eventTypes: ReadonlySet<string> = new Set(SDK_EVENT_TYPES);
const allowedKeys: ReadonlySet<string> = new Set(['source', 'version', 'type', 'value', 'medal']);
/** A medal's id as games declare it (shared/schemas/medals.ts medalKeySchema). */
const MEDAL_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MEDAL_KEY_MAX = 40;

function isPlainObject(data: unknown): data is Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const proto: unknown = Object.getPrototypeOf(data);
  // Structured clones of object literals arrive with this realm's Object.prototype (or none).
  return proto === Object.prototype || proto === null;
}

/**
 * Reads one message posted by a game, or null when it is not exactly an SDK v1 message:
 * `{ source: 'playfree-sdk', version: 1, type, value? }` with no other keys, a known type and,
 * when present, a finite numeric value (score and level need one); or
 * `{ source, version, type: 'unlockMedal', medal }` with a medal id and no value. Never throws.
 */
export function parseSdkMessage(data: unknown): SdkEvent | null {
  try {
    if (!isPlainObject(data)) return null;
    const keys = Object.keys(data);
    if (keys.some((key) => !allowedKeys.has(key))) return null;
    if (data.source !== SDK_SOURCE || data.version !== SDK_VERSION) return null;
    const { type } = data;
    if (typeof type !== 'string' || !eventTypes.has(type)) return null;
    if (type === 'unlockMedal') {
      const { medal } = data;
      if (keys.includes('value') || typeof medal !== 'string' || medal.length > MEDAL_KEY_MAX || !MEDAL_KEY.test(medal)) return null;
      return { type: 'unlockMedal', medal };
    }
    if (keys.includes('medal')) return null;
    const hasValue = keys.includes('value');
    const { value } = data;
    if (hasValue && (typeof value !== 'number' || !Number.isFinite(value))) return null;
    switch (type as SdkEventType) {
      case 'score':
      case 'level':
        return typeof value === 'number' ? { type: type as 'score' | 'level', value } : null;
      case 'gameOver':
        return typeof value === 'number' ? { type: 'gameOver', value } : { type: 'gameOver' };
      default:
        return { type: type as 'loaded' | 'gameplayStart' | 'gameplayStop' | 'happyMoment' };
    }
  } catch {
    return null;
  }
}

/** The allowlist form of an origin: trimmed, lower-cased, without a trailing slash (as GameFrame/validate does). */
export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

/** Whether a message's `event.origin` is one of the game's allowlisted origins. */
export function isAllowedOrigin(origin: unknown, allowlist: readonly string[]): boolean {
  if (typeof origin !== 'string' || origin === '' || origin === 'null') return false;
  const wanted = normalizeOrigin(origin);
  return allowlist.some((entry) => normalizeOrigin(entry) === wanted);
}

/** The origin the portal posts to: the frame's own (lower-cased) origin, never '*'. */
export function frameOrigin(src: string): string | null {
  try {
    const origin = new URL(src).origin;
    return origin === 'null' ? null : origin.toLowerCase();
  } catch {
    return null;
  }
}

export function portalMessage(type: PortalCommand): PortalMessage {
  return { source: PORTAL_SOURCE, type };
}

/** A final score as the server takes it (a whole number from 0 to MAX_SCORE), or null for none. */
export function submittableScore(value: number | undefined): number | null {
  if (value === undefined || !Number.isFinite(value) || value < 0) return null;
  return Math.min(Math.floor(value), MAX_SCORE);
}

/** The server takes at most an hour of play per report. */
export const PLAY_TIME_CHUNK_SECONDS = 3600;

/** Splits whole seconds of play into reports of 1..3600 seconds. */
export function playTimeChunks(seconds: number): number[] {
  const total = Number.isFinite(seconds) ? Math.floor(seconds) : 0;
  const chunks: number[] = [];
  for (let left = total; left > 0; left -= PLAY_TIME_CHUNK_SECONDS) chunks.push(Math.min(left, PLAY_TIME_CHUNK_SECONDS));
  return chunks;
}

/**
 * Measures play time: runs between start() and stop(); take() hands over the whole seconds
 * measured so far and keeps the remainder for the next report.
 */
export class PlayClock {
  private startedAt: number | null = null;
  private pendingMs = 0;

  constructor(private readonly now: () => number) {}

  get running(): boolean {
    return this.startedAt !== null;
  }

  start(): void {
    if (this.startedAt === null) this.startedAt = this.now();
  }

  stop(): void {
    if (this.startedAt === null) return;
    this.pendingMs += Math.max(0, this.now() - this.startedAt);
    this.startedAt = null;
  }

  /** Whole seconds measured and not yet taken (the clock keeps running if it was). */
  take(): number {
    if (this.startedAt !== null) {
      const now = this.now();
      this.pendingMs += Math.max(0, now - this.startedAt);
      this.startedAt = now;
    }
    const seconds = Math.floor(this.pendingMs / 1000);
    this.pendingMs -= seconds * 1000;
    return seconds;
  }
}
