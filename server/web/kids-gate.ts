/**
 * The Kids Zone's lock on the server (issue #26). A device paired with a parent's account and
 * held in the zone (its httpOnly device cookie, looked up here) gets only the zone: any other page
 * address is answered with a redirect to the PIN gate, /kids/locked, before anything of the page is
 * sent, so it holds before hydration and without JavaScript. A game's own address on the games
 * origin comes here first on a top-level visit (server/games-origin.ts): a held device is sent back
 * to the zone, anyone else gets a play ticket and goes on to the game.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KIDS_DEVICE_COOKIE, PLAY_TICKET_PARAM } from '../../shared/kids-family';
import { slugSchema } from '../../shared/schemas';
import { localizedPath, splitLocalePath } from '../../src/i18n/addresses';
import { gameOriginOf } from '../../shared/urls';
import { hashToken } from '../domains/auth/tokens';
import { deviceHeld } from '../domains/kids/queries';
import { PlayTickets } from '../domains/kids/tickets';
import type { Services } from '../services';

export const KIDS_GATE_PATH = '/kids/locked';
/** Under /api: the portal's service worker answers every other navigation with the app's shell. */
export const GAME_GATE_PATH = '/api/kids/game-gate';

/** The Kids Zone's own addresses, in any language: /kids and everything under it (not /kids-safety). */
export function isKidsPath(pathname: string): boolean {
  const { path } = splitLocalePath(pathname);
  return path === '/kids' || path.startsWith('/kids/');
}

export function createKidsGate(services: Services) {
  const tickets = new PlayTickets(services.orm);

  async function held(request: FastifyRequest): Promise<boolean> {
    const header = request.headers.cookie;
    if (!header || !header.includes(KIDS_DEVICE_COOKIE)) return false;
    const token = request.server.parseCookie(header)[KIDS_DEVICE_COOKIE];
    return token ? deviceHeld(services.orm.em.fork(), hashToken(token)) : false;
  }

  return {
    /**
     * Answers a held device's request for a page outside the zone with the PIN gate; false when the
     * page may be sent. A device that carries a Kids Zone token gets its pages as no-store: browsers
     * keep no such page in the back-forward cache, so Back asks the server (issue #38).
     */
    async gatePage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const path = request.url.split('?')[0]!;
      if (request.headers.cookie?.includes(KIDS_DEVICE_COOKIE)) void reply.header('Cache-Control', 'no-store');
      if (isKidsPath(path) || !(await held(request))) return false;
      const gate = localizedPath(splitLocalePath(path).locale, KIDS_GATE_PATH);
      void reply.header('Cache-Control', 'no-store').redirect(`${gate}?next=${encodeURIComponent(request.url)}`, 303);
      return true;
    },

    register(app: FastifyInstance): void {
      app.get<{ Querystring: { game?: string; path?: string } }>(GAME_GATE_PATH, async (request, reply) => {
        const slug = slugSchema.safeParse(request.query.game);
        if (!slug.success) return reply.code(400).send({ message: 'game: Invalid slug' });
        const path = typeof request.query.path === 'string' && /^\/(?!\/)/.test(request.query.path) ? request.query.path : '/';
        void reply.header('Cache-Control', 'no-store');
        if (await held(request)) return reply.redirect('/kids', 303);
        const target = new URL(path, gameOriginOf(services.env.GAMES_PUBLIC_URL, slug.data));
        target.searchParams.set(PLAY_TICKET_PARAM, await tickets.sign(slug.data));
        return reply.redirect(target.href, 303);
      });
    },
  };
}
