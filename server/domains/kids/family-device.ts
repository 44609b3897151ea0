/**
 * The child's device: a pairing code it shows (its token goes into an httpOnly cookie), what the
 * server knows of it (paired, its profile's day and rules), and entering the zone, which holds it there.
 */
import { randomInt } from 'node:crypto';
import { PAIRING_CODE_DIGITS, PAIRING_CODE_TTL_MS, type KidAvatar } from '../../../shared/kids-family';
import type { KidsDevice } from '../../../shared/schemas';
import type { DomainContext } from '../context';
import { Unauthorized } from '../errors';
import { text } from '../../i18n/translate';
import { hashToken, newToken } from '../auth/tokens';
import { iso, todayOf } from './family-time';
import * as q from './queries';


/** "Chrome on Android", from the user agent: how the parent tells devices apart (nothing more is kept). */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'A browser';
  const system = /iPad/.test(userAgent)
    ? 'iPad'
    : /iPhone/.test(userAgent)
      ? 'iPhone'
      : /Android/.test(userAgent)
        ? 'Android'
        : /CrOS/.test(userAgent)
          ? 'Chromebook'
          : /Windows/.test(userAgent)
            ? 'Windows'
            : /Mac OS X/.test(userAgent)
              ? 'Mac'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : 'a device';
  return `${browser} on ${system}`;
}

/** A new pairing code for this device: a fresh device token goes into its cookie, the code is shown on its screen. */
export async function requestPairingCode(ctx: DomainContext) {
  const token = newToken();
  let code = '';
  // Two live codes never look alike: the parent's entry pairs exactly one device.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    code = String(randomInt(0, 10 ** PAIRING_CODE_DIGITS)).padStart(PAIRING_CODE_DIGITS, '0');
    if (!(await q.activePairingCodeExists(ctx.em, hashToken(code)))) break;
  }
  const expiresAt = new Date(Date.now() + PAIRING_CODE_TTL_MS);
  await q.insertPairingCode(ctx.em, { codeHash: hashToken(code), tokenHash: hashToken(token), label: deviceLabel(ctx.userAgent), expiresAt });
  ctx.cookies.setKidsDeviceCookie?.(token);
  return { code, expiresAt: expiresAt.toISOString() };
}

async function pairedDevice(ctx: DomainContext): Promise<q.PairedDeviceRow | null> {
  const token = ctx.kidsDeviceToken;
  if (!token) return null;
  return (await q.pairedDeviceOf(ctx.em, hashToken(token))) ?? null;
}

export async function requirePairedDevice(ctx: DomainContext): Promise<q.PairedDeviceRow> {
  const device = await pairedDevice(ctx);
  if (!device) throw new Unauthorized(text('kids.notPaired'));
  return device;
}

/** Whether the device's cookie pairs it with a profile and it is held in the zone (the page gates ask this). */
export async function isHeldInZone(ctx: DomainContext): Promise<boolean> {
  const token = ctx.kidsDeviceToken;
  return token ? q.deviceHeld(ctx.em, hashToken(token)) : false;
}

export async function deviceState(ctx: DomainContext): Promise<KidsDevice> {
  const device = await pairedDevice(ctx);
  if (!device) return { paired: false };
  await q.touchDevice(ctx.em, device.id);
  const released = device.released_until && new Date(device.released_until) > new Date() ? iso(device.released_until) : null;
  const wait = device.parent.pin_blocked_until && new Date(device.parent.pin_blocked_until) > new Date() ? iso(device.parent.pin_blocked_until) : null;
  return {
    paired: true,
    profile: { name: device.profile.name, avatar: device.profile.avatar as KidAvatar },
    releasedUntil: released,
    pinWaitUntil: wait,
    today: await todayOf(ctx.em, device.profile, device.parent.time_zone),
    allowCartoonViolence: device.profile.allow_cartoon_violence,
    approvedOnly: device.profile.approved_only,
    onlinePlay: device.profile.online_play,
  };
}

/** The device is in the zone again: held there until a PIN lets it out. */
export async function enterZone(ctx: DomainContext) {
  const device = await requirePairedDevice(ctx);
  await q.setDeviceRelease(ctx.em, device.id, null);
  ctx.cookies.setKidsHoldCookie?.(true);
  return { ok: true as const };
}
