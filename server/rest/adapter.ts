/**
 * The documented /api paths, one Fastify route per operation of the registry
 * (server/domains/registry.ts): each carries its HTTP method, path, access level and zod
 * schemas, and its route runs the operation directly (tRPC's HTTP pipeline costs ~9x: docs/DECISIONS.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorize } from '../domains/operation';
import { operations } from '../domains/registry';
import { createRequestContext, tokenFromRequest } from '../http/context';
import { HttpError, logServerError, toHttpError, UNSUPPORTED_TYPE_MESSAGE } from '../http/errors';
import { runOperation, runUploadOperation } from '../http/operations';
import { FILE_BODY_TYPES } from '../http/uploads';
import { apiHeaders } from '../http/security';
import { sendJson } from '../http/json-answer';
import type { Services } from '../services';
import { LIMITS } from '../../shared/constants';

/** `/games/{slug}` → `/games/:slug` */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * The operation's raw input: the query string (GET, HEAD) or the JSON body, with the path's
 * parameters. A file or multipart body is left unread for uploads (server/http/uploads.ts); sent to
 * any other operation it is a 415, not a body taken for empty.
 */
export function rawInput(request: FastifyRequest, takesFile = false): Record<string, unknown> {
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!takesFile && (FILE_BODY_TYPES.includes(mediaType) || mediaType.startsWith('multipart/'))) throw new HttpError(415, UNSUPPORTED_TYPE_MESSAGE);
  const params = (request.params ?? {}) as Record<string, unknown>;
  // Fastify answers HEAD with the GET handler: both read their input from the query string.
  if (request.method === 'GET' || request.method === 'HEAD') return { ...(request.query as Record<string, unknown>), ...params };
  const body = request.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    return { __invalidBody: true };
  }
  return { ...(body as Record<string, unknown> | undefined), ...params };
}

export function registerRestRoutes(app: FastifyInstance, services: Services, prefix = '/api'): void {
  const headers = apiHeaders(services.env);
  // The API reads JSON only: a text/plain body (Fastify reads one by default) is a 415, as docs/API.md says.
  app.removeContentTypeParser('text/plain');
  for (const { operation } of operations) {
    const takesInput = !operation.input.safeParse(undefined).success || operation.path.includes('{');
    // Public catalog reads: an anonymous caller asking for a URL answered a moment ago gets
    // the same shared answer straight from memory (CatalogCache.answerFor), with no context,
    // no input parsing and no operation run. Signed-in callers always run it (favourite marks).
    const answersFromMemory = operation.method === 'GET' && operation.access === 'public' && !operation.rateLimit;
    const answer = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      // Read before the answer is made: one begun before the catalog cache dropped its answers is not remembered.
      const since = services.catalogCache.generation;
      try {
        const ctx = createRequestContext(services, request, reply);
        await authorize(ctx, operation.access);
        const raw = rawInput(request, Boolean(operation.upload));
        if ('__invalidBody' in raw) {
          return sendJson(request, reply, 400, { message: 'body: Expected a JSON object' }, headers);
        }
        const result = operation.upload ? await runUploadOperation(operation, ctx, request, raw) : await runOperation(operation, ctx, takesInput ? operation.input.parse(raw) : undefined);
        const status =
          typeof operation.successStatus === 'function' ? operation.successStatus(result) : (operation.successStatus ?? 200);
        if (answersFromMemory && ctx.token === null && status === 200) services.catalogCache.rememberAnswer(request.url, result, undefined, { since });
        if (operation.attachmentName) void reply.header('content-disposition', `attachment; filename="${operation.attachmentName(result)}"`);
        return sendJson(request, reply, status, result, headers);
      } catch (error) {
        const { statusCode, message, retryAfterSeconds } = toHttpError(error, request);
        logServerError(request.log, error, statusCode, 'api operation failed');
        if (retryAfterSeconds) void reply.header('Retry-After', String(retryAfterSeconds));
        return sendJson(request, reply, statusCode, { message }, headers);
      }
    };
    app.route({
      method: operation.method,
      url: `${prefix}${fastifyPath(operation.path)}`,
      bodyLimit: operation.upload?.maxBytes ?? operation.maxBodyBytes ?? LIMITS.bodyBytes,
      handler: answersFromMemory
        ? (request, reply) => {
            const remembered = tokenFromRequest(request) === null ? services.catalogCache.answerFor(request.url) : undefined;
            if (remembered === undefined) return answer(request, reply);
            return sendJson(request, reply, 200, remembered, headers);
          }
        : answer,
    });
  }
}
