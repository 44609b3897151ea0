/**
 * The public API /api/v1 (the operations of `v1Registry`, server/domains/registry.ts): one Fastify
 * route per operation, like /api, but made with an API key sent as `Authorization: Bearer <key>`
 * (never the portal's cookie), and counted per key with X-RateLimit-Limit, -Remaining and -Reset
 * (seconds until the window starts again) on every answer, 429 past the limit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyRequests } from '../domains/errors';
import { authorize, checkOutput, type AnyOperation } from '../domains/operation';
import type { ApiKeyContext } from '../domains/context';
import { v1Operations } from '../domains/registry';
import { createRequestContext, type RequestContext } from '../http/context';
import { logServerError, toHttpError } from '../http/errors';
import { sendJson } from '../http/json-answer';
import { apiHeaders } from '../http/security';
import { receiveUpload } from '../http/uploads';
import type { Services } from '../services';
import { LIMITS } from '../../shared/constants';
import { fastifyPath, rawInput } from './adapter';

export const V1_PREFIX = '/api/v1';

/** Browsers may read the limit headers of a cross-origin answer (the docs' JavaScript client runs anywhere). */
const EXPOSED_HEADERS = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After';

function bearerKey(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** Counts the call against its key's limit and reports the standing; TooManyRequests (429) past it. */
async function countCall(ctx: RequestContext, operation: AnyOperation, reply: FastifyReply): Promise<void> {
  const limit = operation.rateLimit;
  const limiter = ctx.services.rateLimiter;
  if (!limit || !limiter) return;
  const key = limit.account({ ctx: ctx as ApiKeyContext, input: undefined });
  if (!key) return;
  const check = await limiter(ctx.request, { group: limit.group, kind: 'account', key, max: limit.perAccount, windowMs: limit.windowMs });
  void reply.headers({
    'x-ratelimit-limit': String(check.limit),
    'x-ratelimit-remaining': String(check.remaining),
    'x-ratelimit-reset': String(check.resetSeconds),
  });
  if (!check.allowed) throw new TooManyRequests(check.retryAfterSeconds);
}

/** The routes of the operations that take a file (`uploads: true`) or of the others, as registerRestRoutes. */
export function registerV1Routes(app: FastifyInstance, services: Services, { uploads }: { uploads: boolean }): void {
  const headers = apiHeaders(services.env);
  for (const { operation } of v1Operations) {
    if (Boolean(operation.upload) !== uploads) continue;
    app.route({
      method: operation.method,
      url: `${V1_PREFIX}${fastifyPath(operation.path)}`,
      bodyLimit: operation.upload?.maxBytes ?? operation.maxBodyBytes ?? LIMITS.bodyBytes,
      handler: async (request, reply) => {
        if (request.headers.origin) void reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
        try {
          const ctx = createRequestContext(services, request, reply);
          ctx.token = bearerKey(request);
          await authorize(ctx, operation.access);
          await countCall(ctx, operation, reply);
          const raw = rawInput(request, Boolean(operation.upload));
          if ('__invalidBody' in raw) {
            return sendJson(request, reply, 400, { message: 'body: Expected a JSON object' }, headers);
          }
          // A file body is received only once the caller is known and within its limit.
          const upload = operation.upload ? await receiveUpload(request, operation.upload.maxBytes) : undefined;
          let result: unknown;
          try {
            const input = operation.input.parse(upload ? { ...raw, file: upload.file } : raw);
            result = await operation.run({ ctx: ctx as ApiKeyContext, input });
          } finally {
            await upload?.discard();
          }
          checkOutput(operation, result);
          const status = typeof operation.successStatus === 'function' ? operation.successStatus(result) : (operation.successStatus ?? 200);
          return sendJson(request, reply, status, result, headers);
        } catch (error) {
          const { statusCode, message, retryAfterSeconds } = toHttpError(error, request);
          logServerError(request.log, error, statusCode, 'api v1 operation failed');
          if (retryAfterSeconds) void reply.header('Retry-After', String(retryAfterSeconds));
          return sendJson(request, reply, statusCode, { message }, headers);
        }
      },
    });
  }
}
