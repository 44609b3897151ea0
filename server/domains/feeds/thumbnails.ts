/**
 * An imported game's thumbnail is fetched once (and again only when the feed names another
 * image), made a WebP at the size the game cards show (card-webp.ts, in the thumbnail process) and
 * stored in the portal's database; pages then load it from the portal, never from the distributor,
 * so no third-party image is shown before consent.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { safeFetch, type FetchLimits } from './fetcher';
import type { ThumbnailProcess } from './thumbnail-process';

export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

/** Where the portal serves an imported game's stored thumbnail; `version` changes with the image, so it is cached for good. */
export function storedThumbnailUrl(slug: string, webp: Buffer): string {
  return `/media/thumbs/${slug}.webp?v=${createHash('sha256').update(webp).digest('hex').slice(0, 10)}`;
}

export async function fetchThumbnail(address: string, limits: Omit<FetchLimits, 'maxBytes' | 'what'>, maker: ThumbnailProcess): Promise<Buffer> {
  const { body } = await safeFetch(address, { ...limits, maxBytes: THUMBNAIL_MAX_BYTES, what: 'thumbnail' });
  return maker.make(body);
}

/** An imported game's stored WebP thumbnail, by the game's slug, or null. */
export async function storedThumbnail(em: EntityManager, slug: string): Promise<Buffer | null> {
  const { rows } = await sql<{ webp: Buffer | Uint8Array }>`select t.webp from game_thumbnails t join games g on g.id = t.game_id where g.slug = ${slug}`.execute(em.getKysely());
  return rows[0] ? Buffer.from(rows[0].webp) : null;
}
