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
import { createRequestContext, type Services } from '../trpc/context';
import { toHttpError } from '../http/errors';
import { apiHeaders } from '../http/security';

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
  if (request.method === 'GET') return { ...(request.query as Record<string, unknown>), ...params };
  const body = request.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    return { __invalidBody: true };
  }
  return { ...(body as Record<string, unknown> | undefined), ...params };
}

/**
 * Serialised answers of shared cached objects (anonymous home, lists, game pages):
 * the same object is turned into JSON once, not once per request.
 */
const serialized = new WeakMap<object, Buffer>();

function sendJson(reply: FastifyReply, statusCode: number, value: unknown, headers: Record<string, string>): void {
  const cacheable = typeof value === 'object' && value !== null;
  let body = cacheable ? serialized.get(value) : undefined;
  if (body === undefined) {
    body = Buffer.from(JSON.stringify(value ?? null));
    if (cacheable) serialized.set(value, body);
  }
  void reply.code(statusCode).headers(headers).type('application/json; charset=utf-8').send(body);
}

export function registerRestRoutes(app: FastifyInstance, appRouter: AnyRouter, services: Services, prefix = '/api'): void {
  const headers = apiHeaders(services.env);
  for (const operation of operationsOf(appRouter)) {
    const takesInput = !operation.input.safeParse(undefined).success || operation.path.includes('{');
    app.route({
      method: operation.method,
      url: `${prefix}${fastifyPath(operation.path)}`,
      helmet: false,
      handler: async (request, reply) => {
        try {
          const ctx = createRequestContext(services, request, reply);
          const authorized = await authorize(ctx, operation.access);
          const raw = rawInput(request);
          if ('__invalidBody' in raw) {
            sendJson(reply, 400, { message: 'body: Expected a JSON object' }, headers);
            return;
          }
          const input = takesInput ? operation.input.parse(raw) : undefined;
          const result = await operation.run({ ctx: authorized as never, input });
          const status =
            typeof operation.successStatus === 'function' ? operation.successStatus(result) : (operation.successStatus ?? 200);
          sendJson(reply, status, result, headers);
        } catch (error) {
          const { statusCode, message } = toHttpError(error);
          if (statusCode >= 500) request.log.error({ err: error }, 'api operation failed');
          sendJson(reply, statusCode, { message }, headers);
        }
      },
    });
  }
}
