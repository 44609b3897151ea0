import { isSecureGameUrl } from '../../../shared/urls';

export type SecurityEvent =
  | 'HTTP_BLOCKED'
  | 'ORIGIN_ALLOWED'
  | 'ORIGIN_BLOCKED'
  | 'INVALID_URL'
  | 'ADMIN_BYPASS'
  | 'IFRAME_LOADED'
  | 'IFRAME_ERROR';

export type FrameCheck =
  | { allowed: true; origin: string }
  | { allowed: false; origin: string | null; reason: string; event: SecurityEvent };

/** Spec section 5: a valid URL, HTTPS (or localhost / an IP address), and a lower-cased origin on the allowlist. */
export function checkGameUrl(src: string, allowedOrigins: readonly string[]): FrameCheck {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { allowed: false, origin: null, reason: 'Invalid URL format', event: 'INVALID_URL' };
  }
  const origin = url.origin.toLowerCase();
  if (!isSecureGameUrl(src)) {
    return { allowed: false, origin, reason: 'Only HTTPS origins are allowed', event: 'HTTP_BLOCKED' };
  }
  const allowlist = new Set(allowedOrigins.map((entry) => entry.trim().replace(/\/+$/, '').toLowerCase()));
  if (!allowlist.has(origin)) {
    return { allowed: false, origin, reason: 'Origin not in security allowlist', event: 'ORIGIN_BLOCKED' };
  }
  return { allowed: true, origin };
}

/** Security events are only logged locally (spec section 7). */
export function logSecurityEvent(event: SecurityEvent, details: Record<string, unknown>): void {
  console.info(`[game-frame] ${event}`, details);
}
