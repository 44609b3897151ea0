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

/**
 * The routes of the operations that take a file (`uploads: true`) or of the others; the two go in
 * scopes of their own (app.ts: only the first reads multipart forms).
 */
export function registerRestRoutes(app: FastifyInstance, services: Services, { uploads }: { uploads: boolean }, prefix = '/api'): void {
  const headers = apiHeaders(services.env);
  // The API reads JSON only: a text/plain body (Fastify reads one by default) is a 415, as docs/API.md says.
  if (app.hasContentTypeParser('text/plain')) app.removeContentTypeParser('text/plain');
  for (const { operation } of operations) {
    if (Boolean(operation.upload) !== uploads) continue;
    const takesInput = !operation.input.safeParse(undefined).success || operation.path.includes('{');
    // Public catalog reads, remembered for anonymous callers (answerRememberedReads).
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
      handler: answer,
    });
  }
}

/**
 * Public catalog reads remembered by the routes above (`answersFromMemory`): an anonymous caller
 * asking for a URL answered a moment ago gets the same shared answer straight from memory
 * (CatalogCache.answerFor), with no context, no input parsing and no operation run. Answered as
 * the request arrives, after the hooks before it (load shedding, the CORS header) and before
 * Fastify's later stages, which cost a hot read a good part of its time. Signed-in callers always
 * run the operation (favourite marks).
 */
export function answerRememberedReads(app: FastifyInstance, services: Services): void {
  const headers = apiHeaders(services.env);
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && tokenFromRequest(request) === null) {
      const remembered = services.catalogCache.answerFor(request.url);
      // Answered here: Fastify goes on to the answer's own hooks (onSend, onResponse), not to `done`.
      if (remembered !== undefined) return void sendJson(request, reply, 200, remembered, headers);
    }
    done();
  });
}
