/**
 * Serves imported games' stored thumbnails from the portal itself (`/media/thumbs/{slug}.webp`),
 * so a page of cards loads no image from a distributor (server/domains/feeds/thumbnails.ts). The
 * address carries the image's version (`?v=`), so an answer may be kept for a year.
 */
import type { FastifyInstance } from 'fastify';
import { storedThumbnail } from '../domains/feeds/thumbnails';
import type { Services } from '../services';

export function registerFeedThumbnailRoute(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { file: string } }>('/media/thumbs/:file', async (request, reply) => {
    const slug = /^([a-z0-9-]{1,120})\.webp$/.exec(request.params.file)?.[1];
    const webp = slug ? await storedThumbnail(services.orm.em.fork(), slug) : null;
    if (!webp) return reply.code(404).type('application/json').send({ message: 'Thumbnail not found' });
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(webp);
  });
}
