/**
 * The parent's PIN (scrypt; five free tries, then a growing wait counted on the parent's row for
 * every device of the family), the PIN letting a paired device out of the zone, and a forgotten
 * PIN reset with a code mailed to the parent.
 */
import { createHash, randomBytes, randomInt, scrypt as scryptCallback, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { pinWaitSeconds, PIN_FREE_TRIES, RELEASE_MS } from '../../../shared/kids-family';
import type { DomainContext } from '../context';
import { Forbidden, NotFound, TooManyRequests, Validation } from '../errors';
import { requirePairedDevice } from './family-device';
import * as q from './queries';
import { text, translate } from '../../i18n/translate';

const SCRYPT = { N: 16_384, r: 8, p: 1, keylen: 32 } as const;

function scrypt(password: BinaryLike, salt: BinaryLike, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(pin, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('hex')}$${key.toString('hex')}`;
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const key = await scrypt(pin, Buffer.from(salt, 'hex'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(key, expected);
}

/**
 * Checks a PIN against the parent's, counting wrong tries on the parent's row (every paired device
 * of the family shares them, so a second tablet gives no fresh tries). Throws TooManyRequests while
 * a wait runs, Forbidden for a wrong PIN (saying how many tries are left before a wait).
 */
async function checkPin(ctx: DomainContext, parentId: number, pin: string): Promise<void> {
  // The wrong try is committed, so the transaction answers the outcome and the error is thrown after it.
  const outcome = await ctx.em.transactional(async (tx) => {
    const parent = await q.lockParent(tx, parentId);
    if (!parent?.pin_hash) return { kind: 'no-pin' as const };
    const blockedUntil = parent.pin_blocked_until ? new Date(parent.pin_blocked_until) : null;
    if (blockedUntil && blockedUntil > new Date()) return { kind: 'waiting' as const, seconds: Math.ceil((blockedUntil.getTime() - Date.now()) / 1000) };
    if (await pinMatches(pin, parent.pin_hash)) {
      await q.recordPinTry(tx, parentId, 0, null);
      return { kind: 'right' as const };
    }
    const failures = parent.pin_failures + 1;
    const wait = pinWaitSeconds(failures);
    await q.recordPinTry(tx, parentId, failures, wait > 0 ? new Date(Date.now() + wait * 1000) : null);
    return { kind: 'wrong' as const, failures, wait };
  });
  if (outcome.kind === 'right') return;
  if (outcome.kind === 'no-pin') throw new Forbidden(text('kids.noPin'));
  if (outcome.kind === 'waiting') throw new TooManyRequests(outcome.seconds);
  const left = PIN_FREE_TRIES - outcome.failures;
  throw new Forbidden(
    outcome.wait > 0
      ? text('kids.pinWrongWait', { seconds: outcome.wait })
      : text('kids.pinWrongTries', { left }),
  );
}

/** The parent's PIN lets the device out of the zone for an hour (or until it enters the zone again). */
export async function unlockDevice(ctx: DomainContext, pin: string) {
  const device = await requirePairedDevice(ctx);
  await checkPin(ctx, device.parent.user_id, pin);
  await q.setDeviceRelease(ctx.em, device.id, new Date(Date.now() + RELEASE_MS));
  ctx.cookies.setKidsHoldCookie?.(false);
  return { ok: true as const };
}

const RESET_CODE_TTL_MS = 10 * 60_000;
const RESET_MAX_WRONG = 5;

function resetCodeHash(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** Mails the parent a code that sets a new PIN (from the child's device, which never sees the address). */
export async function requestPinReset(ctx: DomainContext) {
  const device = await requirePairedDevice(ctx);
  const email = await q.parentEmail(ctx.em, device.parent.user_id);
  if (!email) throw new NotFound(text('kids.parentGone'));
  const code = String(randomInt(0, 10 ** 8)).padStart(8, '0');
  const salt = randomBytes(16).toString('hex');
  await q.insertPinReset(ctx.em, device.parent.user_id, salt, resetCodeHash(salt, code), new Date(Date.now() + RESET_CODE_TTL_MS));
  // In the language of the device that asked: the family's own.
  const values = { code: `${code.slice(0, 4)} ${code.slice(4)}`, device: device.label, child: device.profile.name, minutes: RESET_CODE_TTL_MS / 60_000 };
  ctx.services.mailer
    .send({ to: email, subject: translate(ctx.locale, 'mail.pinReset.subject', values), text: translate(ctx.locale, 'mail.pinReset.text', values) })
    .catch((error: unknown) => console.error(`Kids Zone PIN reset mail could not be sent: ${error instanceof Error ? error.message : String(error)}`));
  return { ok: true as const };
}

/** Sets a new PIN with a mailed code: single use, 10 minutes, the 5th wrong code closes it. */
export async function confirmPinReset(ctx: DomainContext, input: { code: string; pin: string }) {
  const device = await requirePairedDevice(ctx);
  const parentId = device.parent.user_id;
  const outcome = await ctx.em.transactional(async (tx) => {
    const reset = await q.livePinReset(tx, parentId, RESET_MAX_WRONG);
    if (!reset) return 'none' as const;
    const right = timingSafeEqual(Buffer.from(reset.code_hash, 'hex'), Buffer.from(resetCodeHash(reset.code_salt, input.code), 'hex'));
    if (!right) {
      await q.failPinReset(tx, reset.id, reset.failed_attempts + 1 >= RESET_MAX_WRONG);
      return 'wrong' as const;
    }
    if (!(await q.consumePinReset(tx, reset.id))) return 'none' as const;
    await q.upsertParent(tx, parentId, { pinHash: await hashPin(input.pin) });
    return 'done' as const;
  });
  if (outcome !== 'done') throw new Validation('code', text('kids.resetCodeWrong'));
  return { ok: true as const };
}
