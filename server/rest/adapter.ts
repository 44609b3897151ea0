/**
 * The documented /api paths, generated from the tRPC router: every procedure
 * defined with `defineQuery`/`defineMutation` carries its HTTP method, path,
 * access level and zod schemas in its meta, and becomes one Fastify route that
 * runs the same operation directly (tRPC's HTTP pipeline costs ~9x, see STACK.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyOperation, Meta } from '../trpc/init';
import { authorize } from '../trpc/init';
import type { AnyRouter } from '@trpc/server';
import { createRequestContext, tokenFromRequest, type Services } from '../trpc/context';
import { logServerError, toHttpError } from '../http/errors';
import { apiHeaders } from '../http/security';
import { sendJson } from '../http/json-answer';
import { LIMITS } from '../../shared/constants';

type ProcedureLike = { _def: { meta?: Meta } };

/** Every procedure defined with defineQuery/defineMutation, by its tRPC path ("games.list"). */
export function proceduresOf(appRouter: AnyRouter): { name: string; operation: AnyOperation }[] {
  return Object.entries(appRouter._def.procedures as Record<string, ProcedureLike>).flatMap(([name, procedure]) => {
    const operation = procedure._def.meta?.operation;
    return operation ? [{ name, operation }] : [];
  });
}

export function operationsOf(appRouter: AnyRouter): AnyOperation[] {
  return proceduresOf(appRouter).map(({ operation }) => operation);
}

/** `/games/{slug}` → `/games/:slug` */
function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function rawInput(request: FastifyRequest): Record<string, unknown> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  // Fastify answers HEAD with the GET handler: both read their input from the query string.
  if (request.method === 'GET' || request.method === 'HEAD') return { ...(request.query as Record<string, unknown>), ...params };
  const body = request.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    return { __invalidBody: true };
  }
  return { ...(body as Record<string, unknown> | undefined), ...params };
}

export function registerRestRoutes(app: FastifyInstance, appRouter: AnyRouter, services: Services, prefix = '/api'): void {
  const headers = apiHeaders(services.env);
  for (const operation of operationsOf(appRouter)) {
    const takesInput = !operation.input.safeParse(undefined).success || operation.path.includes('{');
    // Public catalog reads: an anonymous caller asking for a URL answered a moment ago gets
    // the same shared answer straight from memory (CatalogCache.answerFor), with no context,
    // no input parsing and no operation run. Signed-in callers always run it (favourite marks).
    const answersFromMemory = operation.method === 'GET' && operation.access === 'public' && !operation.rateLimit;
    const runOperation = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      try {
        const ctx = createRequestContext(services, request, reply);
        const authorized = await authorize(ctx, operation.access);
        const raw = rawInput(request);
        if ('__invalidBody' in raw) {
          sendJson(request, reply, 400, { message: 'body: Expected a JSON object' }, headers);
          return;
        }
        const input = takesInput ? operation.input.parse(raw) : undefined;
        const result = await operation.run({ ctx: authorized as never, input });
        const status =
          typeof operation.successStatus === 'function' ? operation.successStatus(result) : (operation.successStatus ?? 200);
        if (answersFromMemory && ctx.token === null && status === 200) services.catalogCache.rememberAnswer(request.url, result);
        sendJson(request, reply, status, result, headers);
      } catch (error) {
        const { statusCode, message, retryAfterSeconds } = toHttpError(error);
        logServerError(request.log, error, statusCode, 'api operation failed');
        if (retryAfterSeconds) void reply.header('Retry-After', String(retryAfterSeconds));
        sendJson(request, reply, statusCode, { message }, headers);
      }
    };
    app.route({
      method: operation.method,
      url: `${prefix}${fastifyPath(operation.path)}`,
      bodyLimit: operation.maxBodyBytes ?? LIMITS.bodyBytes,
      handler: answersFromMemory
        ? (request, reply) => {
            const remembered = tokenFromRequest(request) === null ? services.catalogCache.answerFor(request.url) : undefined;
            if (remembered === undefined) return runOperation(request, reply);
            sendJson(request, reply, 200, remembered, headers);
            return reply;
          }
        : runOperation,
    });
  }
}
