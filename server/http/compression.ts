/**
 * Compressed bodies for the shared, cached /api answers (home, lists, game pages).
 * They are compressed once per cached object, not once per request: the catalog
 * cache hands the same object to every anonymous caller until it is refreshed.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { ContentEncoding } from '../domains/builds/file-forms';

export { MIN_COMPRESSED_BYTES, type ContentEncoding } from '../domains/builds/file-forms';

const NO_ENCODING: ReadonlySet<ContentEncoding> = new Set();
/** Accept-Encoding headers read so far: a browser sends the same few on every request. */
const acceptedByHeader = new Map<string, ReadonlySet<ContentEncoding>>();
/** Distinct headers remembered; past it they are parsed each time (someone sending made-up ones). */
const ACCEPTED_HEADERS_KEPT = 64;

/** The encodings an Accept-Encoding header takes among brotli and gzip (q=0 refuses). */
export function acceptedEncodings(acceptEncoding: string | undefined): ReadonlySet<ContentEncoding> {
  if (!acceptEncoding) return NO_ENCODING;
  let accepted = acceptedByHeader.get(acceptEncoding);
  if (!accepted) {
    accepted = parseAcceptEncoding(acceptEncoding);
    if (acceptedByHeader.size < ACCEPTED_HEADERS_KEPT) acceptedByHeader.set(acceptEncoding, accepted);
  }
  return accepted;
}

function parseAcceptEncoding(acceptEncoding: string): Set<ContentEncoding> {
  const accepted = new Set<ContentEncoding>();
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    if (token === 'br') accepted.add('br');
    if (token === 'gzip' || token === '*') accepted.add('gzip');
  }
  return accepted;
}

/** The encoding to answer with for an Accept-Encoding header: br, then gzip, or none. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/**
 * The bytes of a text being compressed, written into one buffer kept for it. A fresh Buffer of a
 * 16 KB answer, a few thousand times a second, counts as "external" memory to V8, and its growth
 * started a full garbage collection every 0.6 s under a search mix (each pausing requests
 * 10-20 ms); text written here allocates nothing. Safe because compress() is synchronous.
 */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

function bytesOf(text: string): Buffer {
  const size = Buffer.byteLength(text);
  if (size > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.max(size, scratch.length * 2));
  return scratch.subarray(0, scratch.write(text));
}

/**
 * zlib's output buffer: 4 KB or less comes from Node's shared buffer pool (no external memory);
 * most compressed answers fit (a 16 KB search answer is about 3 KB), larger ones take more chunks.
 */
const OUTPUT_CHUNK_BYTES = 4096;

/**
 * Compresses on the event loop: zlib's thread pool would spare the loop, but handing a small body
 * to a pool thread and back costs far more than compressing it (measured: about 1.2 ms of CPU per
 * asynchronous call, half of it in the kernel, against 0.13 ms for the synchronous one).
 */
export function compress(text: string, encoding: ContentEncoding): Buffer {
  const body = bytesOf(text);
  // Brotli quality 4 compresses a 16 KB search answer in about 0.1 ms, half the time quality 5
  // takes, for a body 10% larger (still smaller than gzip -6). Most answers are sent a few times
  // only (each different search); the hot ones are recompressed at the best quality later
  // (compressBest). A 64 KB window holds any answer whole and spares allocating the default 4 MB.
  return encoding === 'br'
    ? brotliCompressSync(body, {
        chunkSize: OUTPUT_CHUNK_BYTES,
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 16, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : // gzip at its fastest level: a third of brotli 4's time for a body about 15% larger, for
      // answers most likely sent once (json-answer.ts) and the rare client without brotli.
      gzipSync(body, { level: 1, chunkSize: OUTPUT_CHUNK_BYTES });
}

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses in zlib's thread pool, off the event loop: for bodies compressed once and sent many
 * times (a hot answer, an uploaded game's script), where a slower, smaller encoding pays.
 */
export function compressInPool(body: Buffer, encoding: ContentEncoding, brotliQuality: number): Promise<Buffer> {
  return encoding === 'br'
    ? brotliCompressAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
}

/**
 * Brotli at its best quality (11): about 15 ms of CPU for a 28 KB answer, for a body about 14%
 * smaller than the fast quality (4) gives. Worth it only for answers sent many times.
 */
export function compressBest(text: string): Promise<Buffer> {
  // Its own copy of the bytes: the scratch buffer may be rewritten before the pool thread reads it.
  return compressInPool(Buffer.from(text), 'br', constants.BROTLI_MAX_QUALITY);
}
