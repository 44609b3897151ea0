/**
 * An imported game's thumbnail is fetched once (and again only when the feed names another
 * image), made a WebP at the size the game cards show (400 × 300, as the built-in games' are) and
 * stored in the portal's database; pages then load it from the portal, never from the distributor,
 * so no third-party image is shown before consent. sharp does the decoding and encoding: its
 * prebuilt libvips arrives inside npm packages, and it refuses images past a pixel budget.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import sharp from 'sharp';
import { safeFetch, type FetchLimits } from './fetcher';

export const THUMBNAIL_WIDTH = 400;
export const THUMBNAIL_HEIGHT = 300;
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
/** A 2 MB image file may still unpack to a huge bitmap: refuse those before decoding them. */
const MAX_INPUT_PIXELS = 25_000_000;

/** Where the portal serves an imported game's stored thumbnail; `version` changes with the image, so it is cached for good. */
export function storedThumbnailUrl(slug: string, webp: Buffer): string {
  return `/media/thumbs/${slug}.webp?v=${createHash('sha256').update(webp).digest('hex').slice(0, 10)}`;
}

export async function fetchThumbnail(address: string, limits: Omit<FetchLimits, 'maxBytes' | 'what'>): Promise<Buffer> {
  const { body } = await safeFetch(address, { ...limits, maxBytes: THUMBNAIL_MAX_BYTES, what: 'thumbnail' });
  return toCardWebp(body);
}

export async function toCardWebp(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, { fit: 'cover', position: 'attention' })
    // Effort 2, not sharp's default 4: a third less CPU per thumbnail for about 1 % more bytes
    // (measured on 512 × 384 images), and an import makes thousands of them.
    .webp({ quality: 78, effort: 2 })
    .toBuffer();
}

/** An imported game's stored WebP thumbnail, by the game's slug, or null. */
export async function storedThumbnail(em: EntityManager, slug: string): Promise<Buffer | null> {
  const { rows } = await sql<{ webp: Buffer | Uint8Array }>`select t.webp from game_thumbnails t join games g on g.id = t.game_id where g.slug = ${slug}`.execute(em.getKysely());
  return rows[0] ? Buffer.from(rows[0].webp) : null;
}
