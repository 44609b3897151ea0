/**
 * The ad break part of the SDK protocol (games/sdk/README.md, Ads). A game asks
 * `{ source: 'playfree-sdk', version: 1, type: 'adBreak', requestId, kind, gesture }` (`gesture`:
 * the game's frame had a tap or key press just now); the portal answers
 * `{ source: 'playfree-portal', type: 'adBreakResult', requestId, shown, rewarded, reason }`.
 */
import { AD_BREAK_KINDS, type AdBreakKind, type AdBreakResult } from '../../../shared/ads';
import { PORTAL_SOURCE, SDK_SOURCE, SDK_VERSION } from '../sdk/messages';

export type AdBreakRequest = { requestId: string; kind: AdBreakKind; gesture: boolean };

const REQUEST_ID = /^[A-Za-z0-9_-]{1,40}$/;
const KEYS: ReadonlySet<string> = new Set(['source', 'version', 'type', 'requestId', 'kind', 'gesture']);

/** The break a game asks for, or null when `data` is not exactly such a message. Never throws. */
export function parseAdBreakRequest(data: unknown): AdBreakRequest | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const message = data as Record<string, unknown>;
  if (message.source !== SDK_SOURCE || message.version !== SDK_VERSION || message.type !== 'adBreak') return null;
  if (Object.keys(message).some((key) => !KEYS.has(key))) return null;
  const { requestId, kind, gesture } = message;
  if (typeof requestId !== 'string' || !REQUEST_ID.test(requestId)) return null;
  if (typeof kind !== 'string' || !(AD_BREAK_KINDS as readonly string[]).includes(kind)) return null;
  return { requestId, kind: kind as AdBreakKind, gesture: gesture === true };
}

export function adBreakResultMessage(requestId: string, result: AdBreakResult) {
  return { source: PORTAL_SOURCE, type: 'adBreakResult' as const, requestId, ...result };
}
