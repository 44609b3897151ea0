/**
 * The games origin: the built-in games (games/) served on their own port, so
 * that untrusted game code never shares the portal's origin, cookies or storage; and uploaded
 * games, each on a host name of its own under it, `{slug}.<games host>`, with every build's
 * preview on `build--{token}.<games host>` (http/build-files.ts). Those host names are also
 * answered under `localhost:GAMES_PORT`, whatever GAMES_PUBLIC_URL is: the server's own checks
 * load previews in a local browser.
 * Every answer carries the games' Content-Security-Policy and sets no cookies; every header rule is
 * in http/game-headers.ts.
 */
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from './env';
import { gameHostOf } from '../shared/urls';
import type { BuildServer } from './http/build-files';
import { everyAnswerHeaders, gameContentSecurityPolicy } from './http/game-headers';
import { PLAY_TICKET_PARAM } from '../shared/kids-family';
import type { PlayTickets } from './domains/kids/tickets';
import { OneLineRequestLog, requestLoggerFactory } from './request-log';

export { frameAncestors, gameContentSecurityPolicy } from './http/game-headers';

export const gamesDir = fileURLToPath(new URL('../games', import.meta.url));

export async function buildGamesOrigin(options: {
  env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV' | 'GAMES_PUBLIC_URL'> & Partial<Pick<Env, 'GAMES_PORT'>>;
  root?: string;
  logger?: FastifyServerOptions['logger'];
  /** Serves uploaded games, each on its own host name under the games origin's, and every build's preview. */
  builds?: BuildServer;
  /**
   * With them, a top-level visit to a game's own address needs a play ticket: without one it goes
   * to the portal first (server/web/kids-gate.ts), which sends a device held in the Kids Zone back
   * there and everyone else on with a ticket.
   */
  playTickets?: PlayTickets;
}): Promise<FastifyInstance> {
  // Requests logged in the portal's shape: one line each, when answered (logging.ts).
  const app = Fastify({ logger: options.logger ?? false, logController: new OneLineRequestLog(), childLoggerFactory: requestLoggerFactory });
  // What every answer carries (a build's answers add theirs in http/build-files.ts).
  const everyAnswer = everyAnswerHeaders(gameContentSecurityPolicy(options.env));
  const builds = options.builds;
  if (builds) {
    app.addHook('onRequest', async (request, reply) => {
      const host = gameHostOf(request.headers.host, options.env.GAMES_PUBLIC_URL, options.env.GAMES_PORT);
      if (!host) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(405).header('allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
      if (host.kind === 'game' && options.playTickets && request.headers['sec-fetch-dest'] === 'document') {
        const url = new URL(request.url, 'http://game.invalid');
        if (!(await options.playTickets.verify(host.slug, url.searchParams.get(PLAY_TICKET_PARAM) ?? undefined))) {
          url.searchParams.delete(PLAY_TICKET_PARAM);
          const gate = new URL('/api/kids/game-gate', options.env.PUBLIC_URL);
          gate.searchParams.set('game', host.slug);
          gate.searchParams.set('path', `${url.pathname}${url.search}`);
          return reply.code(303).header('Cache-Control', 'no-store').header('Location', gate.href).send();
        }
      }
      await builds.serve(request, reply, host);
      // A player who leaves mid-file (a page going away while its index.html or style.css is sent)
      // ends the answer without its end: Fastify would then take the request as unanswered and go on
      // to the routes, whose 404 is a second answer ("Reply was already sent"). It was answered.
      if (!reply.sent) reply.hijack();
      return reply;
    });
  }
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(everyAnswer);
    reply.removeHeader('Set-Cookie');
  });
  // The games origin's own host serves no game (each is on its own host): only the games'
  // thumbnails, and the SDK for games linked from elsewhere (`<games origin>/sdk/playfree-sdk.js`).
  if (builds) {
    app.get<{ Params: { slug: string } }>('/thumbs/:slug', (request, reply) => builds.serveThumbnail(request, reply, request.params.slug));
  }
  await app.register(fastifyStatic, {
    root: join(options.root ?? gamesDir, 'sdk'),
    prefix: '/sdk/',
    allowedPath: (path) => path === '/playfree-sdk.js',
    setHeaders(res) {
      res.header('Cache-Control', 'public, max-age=300');
    },
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).type('text/plain').send('Not found');
  });
  return app;
}
