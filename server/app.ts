/**
 * Builds the portal's Fastify app (it never listens: server/index.ts does).
 * Order as in Fastify's demo app: plugins, then error handling, then routes.
 */
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { resolve } from 'node:path';
import { LIMITS, SAVE_LIMITS, TRPC_MAX_URL_LENGTH } from '../shared/constants';
import type { Env } from './env';
import { INVALID_JSON_CODE, logServerError, RETRY_AFTER_SECONDS, toHttpError } from './http/errors';
import { OneLineRequestLog, requestLoggerFactory } from './request-log';
import { createRateLimiter } from './http/rate-limit';
import { registerLoadShedding } from './http/load-shedding';
import { apiHeaders, registerCsrfGuard, registerPublicApiCors, registerSecurityHeaders } from './http/security';
import { registerHealthRoutes, withHealthPaths } from './health/routes';
import { answerRememberedReads, registerRestRoutes } from './rest/adapter';
import { buildOpenApiDocument } from './rest/openapi';
import { registerV1Routes } from './rest/v1';
import { registerCheckerRoutes } from './http/checker-routes';
import { acceptFileBodies, readMultipartForms } from './http/uploads';
import { createRequestContext } from './http/context';
import type { Services } from './services';
import { TooManyRequests } from './domains/errors';
import { registerPublicReadsFastPath } from './trpc/public-reads';
import { appRouter, type AppRouter } from './trpc/router';
import { registerWebApp } from './web/pages';
import { registerFeedThumbnailRoute } from './http/feed-thumbnails';

export type BuildAppOptions = {
  services: Services;
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp({ services, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    logController: new OneLineRequestLog(),
    childLoggerFactory: requestLoggerFactory,
    // /trpc hosts every operation, so it takes the largest body any of them needs; each /api
    // route has its own limit (rest/adapter.ts).
    bodyLimit: Math.max(LIMITS.largeBodyBytes, SAVE_LIMITS.bodyBytes),
    // A client gets 30 s to send its whole request (slow-loris senders are cut off); idle
    // keep-alive connections close after 65 s, longer than the 60 s of common load balancers.
    requestTimeout: 30_000,
    keepAliveTimeout: 65_000,
    // Only configured proxies may say who the client is (TRUST_PROXY); otherwise the peer's address counts.
    trustProxy: trustedProxies(services.env.TRUST_PROXY),
    // A tRPC batch names every procedure it asks in the path (`/trpc/home.get,games.trending,…`):
    // a French home asks one listing translation a card, past 200 characters (414 for the whole
    // batch). The client splits batches past TRPC_MAX_URL_LENGTH; a whole URL is bounded by Node's
    // 16 KB header limit anyway.
    routerOptions: { maxParamLength: TRPC_MAX_URL_LENGTH },
    // Registering the web app loads its server renderer, a module of a few MB: on a busy 2-core
    // machine that took longer than Fastify's default 10 s, and the app refused to start.
    pluginTimeout: 120_000,
    // Errors the router raises before any handler (a malformed %-escape, an overlong path
    // parameter) get the same JSON {message} as everything else.
    frameworkErrors: (error, _request, reply) => {
      const { statusCode, message } = toHttpError(error);
      void (reply as FastifyReply).code(statusCode).send({ message });
    },
  });
  services.metrics.measureRequests(app);
  await registerLoadShedding(app, services.env);
  // Cookies are parsed on demand (only the auth token is ever read), not on every request.
  await app.register(cookie, { hook: false });
  registerCsrfGuard(app, services);
  const redis = services.env.REDIS_URL ? new Redis(services.env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 }) : undefined;
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: services.env.REDIS_KEY_PREFIX } : {}) });
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  // Plays still being group-committed are written before the database closes.
  app.addHook('onClose', () => services.plays.flush());
  // The search index's look for other servers' writes stops before the database closes.
  app.addHook('onClose', async () => services.catalogCache.searchIndex.stop());
  // Webhook deliveries are worked while the app runs; closing waits for the attempts in flight.
  app.addHook('onReady', async () => services.webhooks.start());
  app.addHook('onClose', () => services.webhooks.stop());
  app.addHook('onClose', () => services.thumbnails.stop());
  // So is the queue of uploaded builds' checks. Stopped before the server closes: checkers waiting
  // for work (long-polled claims) are answered at once instead of holding the close up.
  app.addHook('onReady', async () => services.buildChecks.start());
  app.addHook('preClose', () => services.buildChecks.stop());
  services.rateLimiter = createRateLimiter(app, services.env.RATE_LIMIT_MULTIPLIER);

  app.setErrorHandler((error, request, reply) => {
    const { statusCode, message, retryAfterSeconds } = toHttpError(error, request);
    logServerError(request.log, error, statusCode, 'request failed');
    if (retryAfterSeconds) void reply.header('Retry-After', String(retryAfterSeconds));
    void reply.code(statusCode).send({ message });
  });

  // The documented REST API, in its own scope so its JSON parser can accept empty bodies
  // (POST /api/games/{id}/play is sent with no body).
  await app.register(async (api) => {
    api.removeContentTypeParser('application/json');
    api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('body: Invalid JSON'), { statusCode: 400, code: INVALID_JSON_CODE }), undefined);
      }
    });
    registerPublicApiCors(api);
    answerRememberedReads(api, services);
    acceptFileBodies(api);
    registerRestRoutes(api, services, { uploads: false });
    registerV1Routes(api, services, { uploads: false });
    await api.register(async (uploads) => {
      await readMultipartForms(uploads);
      registerRestRoutes(uploads, services, { uploads: true });
      registerV1Routes(uploads, services, { uploads: true });
    });
    registerHealthRoutes(api, services.orm, redis);
    registerCheckerRoutes(api, services);
    const openApiDocument = JSON.stringify(withHealthPaths(buildOpenApiDocument(services.env.PUBLIC_URL)));
    api.get('/api/openapi.json', (_request, reply) => {
      void reply.type('application/json; charset=utf-8').send(openApiDocument);
    });
  });

  // tRPC is JSON only, like /api: its answers get the same fixed headers (apiHeaders), set
  // once per request, not helmet's per-request document headers, which cost the web app's hot
  // reads (home, lists) a good part of their throughput. Its own scope, because tRPC replaces
  // the JSON parser of the scope it is in (docs/DECISIONS.md).
  await app.register(async (trpcScope) => {
    const headers = apiHeaders(services.env);
    trpcScope.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
    registerPublicReadsFastPath(trpcScope, services);
    await trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => createRequestContext(services, req, res),
        onError: ({ error, req }) => {
          if (error.code === 'SERVICE_UNAVAILABLE') logServerError(req.log, error, 503, 'database unavailable');
          else if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error }, 'trpc procedure failed');
        },
        // A database outage or a spent rate limit: say when to come back (the web app shows "we'll be right back").
        responseMeta: ({ errors }) => {
          if (errors.some((error) => error.code === 'SERVICE_UNAVAILABLE')) return { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } };
          const limited = errors.find((error) => error.cause instanceof TooManyRequests)?.cause as TooManyRequests | undefined;
          return limited ? { headers: { 'Retry-After': String(limited.retryAfterSeconds) } } : {};
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
    // tRPC's own httpLink sends a mutation without input as an empty JSON body, which its
    // server side then fails to parse: read an empty body as JSON null ("no input").
    trpcScope.addHook('preHandler', async (request) => {
      if (request.method === 'POST' && request.body === '') request.body = 'null';
    });
  });

  // Everything else a browser loads as the portal (pages, assets) gets helmet's document
  // headers and the frame CSP; the JSON-only /api above sends its own fixed set (apiHeaders),
  // so its hot reads do not pay for helmet's per-request hooks.
  await app.register(async (web) => {
    await registerSecurityHeaders(web, services);
    registerFeedThumbnailRoute(web, services);
    await registerWebApp(web, resolve(services.env.WEB_DIST_DIR), services);
  });
  return app;
}

/** Fastify's trustProxy for TRUST_PROXY: a hop count trusts that many proxies nearest the portal. */
function trustedProxies(setting: Env['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
