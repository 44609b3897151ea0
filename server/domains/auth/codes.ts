/**
 * E-mail sign-in codes (OWASP ASVS 5.0, 6.5.x): 8 digits from a secure random
 * source, stored as a salted SHA-256 hash, single use, bound to the latest
 * sign-in request for the address, valid 10 minutes, 5 wrong tries at most.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LoginChallenge } from '../../../entities';
import { Unauthorized } from '../errors';
import { text } from '../../i18n/translate';

export const CODE_DIGITS = 8;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_CODES = 5;

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** Opens a new challenge for `email`, superseding any earlier one; answers the code to mail. */
export async function openChallenge(em: EntityManager, email: string, ip: string | null): Promise<string> {
  const code = newCode();
  const salt = randomBytes(16).toString('hex');
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(LoginChallenge, { email, consumedAt: null }, { consumedAt: new Date() });
    tx.create(LoginChallenge, {
      email,
      codeSalt: salt,
      codeHash: hashCode(salt, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
      requestIp: ip?.slice(0, 64) ?? null,
    });
  });
  return code;
}

const invalidCode = () => new Unauthorized(text('auth.codeInvalid'));

/**
 * Consumes the code if it matches the live challenge for `email`. A wrong code
 * counts against the challenge (committed even though the call fails); the 5th
 * wrong code closes it, so a new code must be requested.
 */
export async function consumeChallenge(em: EntityManager, email: string, code: string): Promise<void> {
  const challenge = await em.findOne(
    LoginChallenge,
    { email, consumedAt: null, expiresAt: { $gt: new Date() }, failedAttempts: { $lt: MAX_WRONG_CODES } },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );
  if (!challenge) throw invalidCode();
  const expected = Buffer.from(challenge.codeHash, 'hex');
  const actual = Buffer.from(hashCode(challenge.codeSalt, code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    challenge.failedAttempts += 1;
    if (challenge.failedAttempts >= MAX_WRONG_CODES) challenge.consumedAt = new Date();
    await em.flush();
    throw invalidCode();
  }
  // Single use, even under concurrent verifies: only one update can flip consumed_at.
  const claimed = await em.nativeUpdate(LoginChallenge, { id: challenge.id, consumedAt: null }, { consumedAt: new Date() });
  if (claimed !== 1) throw invalidCode();
}
