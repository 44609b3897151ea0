/**
 * How the HTTP transports (/api and /trpc) run an operation of the registry once its caller is
 * authorized and its input parsed: rate limits first, then the operation, then the output check
 * every transport makes (checkOutput).
 */
import type { AuthedContext } from '../domains/context';
import { TooManyRequests } from '../domains/errors';
import { checkOutput, type AnyOperation } from '../domains/operation';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from './context';
import { receiveUpload } from './uploads';

/** Counts the call against the operation's rate limits; TooManyRequests (429) when one is exhausted. */
async function enforceRateLimit(ctx: RequestContext, operation: AnyOperation, input: unknown): Promise<void> {
  const limit = operation.rateLimit;
  const limiter = ctx.services.rateLimiter;
  if (!limit || !limiter) return;
  const account = limit.account({ ctx: ctx as AuthedContext, input });
  const rules = [
    ...(limit.perIp === undefined ? [] : [{ kind: 'ip' as const, key: ctx.ip, max: limit.perIp }]),
    ...(account ? [{ kind: 'account' as const, key: account, max: limit.perAccount }] : []),
  ];
  for (const rule of rules) {
    const check = await limiter(ctx.request, { group: limit.group, windowMs: limit.windowMs, ...rule });
    if (!check.allowed) throw new TooManyRequests(check.retryAfterSeconds);
  }
}

export async function runOperation(operation: AnyOperation, ctx: RequestContext, input: unknown): Promise<unknown> {
  await enforceRateLimit(ctx, operation, input);
  // `authorize` has already resolved the user for every operation that is not public.
  const result = await operation.run({ ctx: ctx as AuthedContext, input });
  checkOutput(operation, result);
  return result;
}

/**
 * An operation whose body is a file: the file is received only once the caller is known and
 * within its rate limit, handed to the operation, and removed after.
 */
export async function runUploadOperation(operation: AnyOperation, ctx: RequestContext, request: FastifyRequest, raw: Record<string, unknown>): Promise<unknown> {
  await enforceRateLimit(ctx, operation, raw);
  const upload = await receiveUpload(request, operation.upload!.maxBytes);
  try {
    const result = await operation.run({ ctx: ctx as AuthedContext, input: operation.input.parse({ ...raw, file: upload.file }) });
    checkOutput(operation, result);
    return result;
  } finally {
    await upload.discard();
  }
}
