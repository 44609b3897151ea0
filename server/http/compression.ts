/**
 * Compressed bodies for the shared, cached /api answers (home, lists, game pages).
 * They are compressed once per cached object, not once per request: the catalog
 * cache hands the same object to every anonymous caller until it is refreshed.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** Below this size compression saves less than it costs the client to undo. */
export const MIN_COMPRESSED_BYTES = 1024;

/** The encoding to answer with for an Accept-Encoding header: br, then gzip, or none (q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    if (token === 'br') return 'br';
    if (token === 'gzip' || token === '*') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

export function compress(body: Buffer, encoding: ContentEncoding): Buffer {
  // Brotli quality 5 compresses a 20 KB answer in about a millisecond, and better than gzip -9.
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

const brotliCompressAsync = promisify(brotliCompress);

/**
 * Brotli at its best quality (11), in zlib's thread pool: about 15 ms of CPU for a 28 KB answer,
 * for a body about 14% smaller than quality 5 gives. Worth it only for answers sent many times.
 */
export function compressBest(body: Buffer): Promise<Buffer> {
  return brotliCompressAsync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}
