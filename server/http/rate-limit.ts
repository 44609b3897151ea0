/**
 * Rate limits per IP and per account for the operations that write or sign in,
 * built on @fastify/rate-limit's checkers, so the counters live in its store:
 * in memory, or in Redis (REDIS_URL) when several instances must share them.
 */
import { createHash } from 'node:crypto';
import '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The rule's standing after this call: what the public API reports in its X-RateLimit-* headers. */
type RateLimitStanding = { limit: number; remaining: number; resetSeconds: number };

export type RateLimitCheck = RateLimitStanding & ({ allowed: true } | { allowed: false; retryAfterSeconds: number });

export type RateLimiter = (
  request: FastifyRequest,
  rule: { group: string; kind: 'ip' | 'account'; key: string; max: number; windowMs: number },
) => Promise<RateLimitCheck>;

export function createRateLimiter(app: FastifyInstance, multiplier: number): RateLimiter {
  type Checker = ReturnType<FastifyInstance['createRateLimit']>;
  const checkers = new Map<string, Checker>();
  // The checker asks for the key through keyGenerator; each call sets it just before asking.
  const keys = new WeakMap<FastifyRequest, string>();
  return async (request, { group, kind, key, max, windowMs }) => {
    const name = `${group}:${kind}`;
    let checker = checkers.get(name);
    if (!checker) {
      checker = app.createRateLimit({
        max: Math.max(1, Math.round(max * multiplier)),
        timeWindow: windowMs,
        keyGenerator: (req) => keys.get(req) ?? req.ip,
      });
      checkers.set(name, checker);
    }
    // Accounts are e-mail addresses: the store (possibly a shared Redis) sees only a hash.
    const storedKey = kind === 'account' ? createHash('sha256').update(key).digest('base64url').slice(0, 22) : key;
    keys.set(request, `${name}:${storedKey}`);
    const result = await checker(request);
    // `isAllowed` only means "on the allow list" (none is configured); the count decides through `isExceeded`.
    if (result.isAllowed) return { allowed: true, limit: Number.MAX_SAFE_INTEGER, remaining: Number.MAX_SAFE_INTEGER, resetSeconds: 0 };
    const standing = { limit: result.max, remaining: Math.max(0, result.remaining), resetSeconds: Math.max(1, result.ttlInSeconds) };
    if (!result.isExceeded) return { allowed: true, ...standing };
    return { allowed: false, retryAfterSeconds: standing.resetSeconds, ...standing };
  };
}
