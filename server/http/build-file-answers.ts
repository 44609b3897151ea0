/**
 * Sends one file of a build on the games origin (build-files.ts finds which): its headers from the
 * origin's table (game-headers.ts), a 304 by its ETag, a range, or its body — compressed on the way
 * out when the client takes it, or, for a file stored pre-compressed (`game.wasm.br`), as stored.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pipeline, type Readable } from 'node:stream';
import { constants, createBrotliCompress, createBrotliDecompress, createGunzip, createGzip } from 'node:zlib';
import { acceptedEncodings, compressInPool, negotiateEncoding, type ContentEncoding } from './compression';
import { compressible, gameHeadersOf, servedFormOf } from './game-headers';
import type { BlobStore } from '../domains/builds/storage/blob-store';

/** Compressed bodies are kept for files up to this size (larger ones are compressed as they stream), up to this much in all. */
const MAX_KEPT_COMPRESSED_FILE_BYTES = 4 * 1024 * 1024;
const MAX_KEPT_COMPRESSED_BYTES = 64 * 1024 * 1024;

/** The ETag of a pre-compressed file sent decoded: another representation, so another tag (the stored bytes' is `"{hash}"`). */
export function decodedEtagOf(hash: string): string {
  return `"${hash}.decoded"`;
}

/** A single `bytes=` range of a file of `size` bytes; null when absent, 'invalid' when it cannot be served. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 ? 'invalid' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? 'invalid' : { start, end };
}

function matches(request: FastifyRequest, etag: string): boolean {
  return request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
}

export type FileToSend = { path: string; hash: string; size: number; preview: boolean; threads: boolean };

export class BuildFileAnswers {
  /** Compressed bodies by `encoding:hash`, the least recently sent first out; a blob never changes under its hash. */
  private readonly compressed = new Map<string, { body: Promise<Buffer | null>; bytes: number }>();
  private compressedBytes = 0;

  constructor(private readonly store: BlobStore) {}

  /** Sends one file of a build: its headers, a 304, a range (206/416), or its body. */
  async send(request: FastifyRequest, reply: FastifyReply, file: FileToSend): Promise<FastifyReply> {
    const headers = gameHeadersOf({ preview: file.preview, threads: file.threads, file: { path: file.path } });
    void reply.headers(headers);
    const stored = servedFormOf(file.path).storedEncoding;
    if (stored) return this.sendPreCompressed(request, reply, file, stored);
    const etag = `"${file.hash}"`;
    void reply.header('etag', etag);
    if (matches(request, etag)) return reply.code(304).send();

    const range = rangeOf(request.headers.range, file.size);
    if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
    if (range) return this.sendRange(request, reply, file, range);

    const encoding = compressible(headers['content-type']!) && file.size > 1024 ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
    if (encoding) void reply.header('vary', 'Accept-Encoding').header('content-encoding', encoding);
    else void reply.header('content-length', file.size);
    if (request.method === 'HEAD') return reply.send();
    if (encoding && file.size <= MAX_KEPT_COMPRESSED_FILE_BYTES) {
      const compressed = await this.compressedBody(file.hash, encoding);
      if (compressed) return reply.header('content-length', compressed.length).send(compressed);
    }
    const body = await this.store.read(file.hash);
    if (!body) return reply.code(404).type('text/plain').send('Not found');
    if (!encoding) return reply.send(body);
    // A large file is compressed as it streams: brotli 5 is about gzip -9's size at a fraction of brotli's best time.
    const compressor =
      encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: file.size } }) : createGzip({ level: 6 });
    return this.sendThrough(reply, body, compressor);
  }

  /**
   * A file stored compressed: its bytes as stored, with its Content-Encoding (never compressed
   * again), ranges of those bytes included; to a client that does not take that encoding, the
   * decoded bytes, streamed (no length known, no ranges), under another ETag.
   */
  private async sendPreCompressed(request: FastifyRequest, reply: FastifyReply, file: FileToSend, stored: ContentEncoding): Promise<FastifyReply> {
    const asStored = acceptedEncodings(request.headers['accept-encoding']).has(stored);
    const etag = asStored ? `"${file.hash}"` : decodedEtagOf(file.hash);
    void reply.header('etag', etag);
    if (matches(request, etag)) return reply.code(304).send();
    if (asStored) {
      const range = rangeOf(request.headers.range, file.size);
      if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
      if (range) return this.sendRange(request, reply, file, range);
      void reply.header('content-length', file.size);
      if (request.method === 'HEAD') return reply.send();
      const body = await this.store.read(file.hash);
      return body ? reply.send(body) : reply.code(404).type('text/plain').send('Not found');
    }
    void reply.removeHeader('content-encoding');
    void reply.removeHeader('accept-ranges');
    if (request.method === 'HEAD') return reply.send();
    const body = await this.store.read(file.hash);
    if (!body) return reply.code(404).type('text/plain').send('Not found');
    return this.sendThrough(reply, body, stored === 'br' ? createBrotliDecompress() : createGunzip());
  }

  private async sendRange(request: FastifyRequest, reply: FastifyReply, file: FileToSend, range: { start: number; end: number }): Promise<FastifyReply> {
    void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`).header('content-length', range.end - range.start + 1);
    if (request.method === 'HEAD') return reply.send();
    const part = await this.store.read(file.hash, range);
    return part ? reply.send(part) : reply.code(404).type('text/plain').send('Not found');
  }

  /** A storage read that fails midway, or bytes that do not decode, end the answer: the client sees a cut body, never a wrong one. */
  private sendThrough(reply: FastifyReply, body: Readable, transform: NodeJS.ReadWriteStream): FastifyReply {
    pipeline(body, transform, () => {});
    return reply.send(transform);
  }

  /**
   * A file's body compressed once (brotli 9 or gzip 9, in zlib's thread pool) and kept for every
   * later request: a game's scripts are asked for by every player. Null when the blob is missing.
   */
  private compressedBody(hash: string, encoding: ContentEncoding): Promise<Buffer | null> {
    const key = `${encoding}:${hash}`;
    const kept = this.compressed.get(key);
    if (kept) {
      // Most recently sent last: the first in the map is the first to go.
      this.compressed.delete(key);
      this.compressed.set(key, kept);
      return kept.body;
    }
    const entry = { body: this.compress(hash, encoding), bytes: 0 };
    this.compressed.set(key, entry);
    entry.body.then(
      (result) => {
        if (!result) return void this.compressed.delete(key);
        if (this.compressed.get(key) !== entry) return;
        entry.bytes = result.length;
        this.compressedBytes += result.length;
        for (const [oldest, { bytes }] of this.compressed) {
          if (this.compressedBytes <= MAX_KEPT_COMPRESSED_BYTES) break;
          // Bodies still being compressed (0 bytes counted) stay.
          if (bytes === 0) continue;
          this.compressed.delete(oldest);
          this.compressedBytes -= bytes;
        }
      },
      // A failed read is not kept: the next request tries again.
      () => this.compressed.delete(key),
    );
    return entry.body;
  }

  private async compress(hash: string, encoding: ContentEncoding): Promise<Buffer | null> {
    const stream = await this.store.read(hash);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    // Brotli 9: near its best size, at a fraction of 11's time for a script of a few MB.
    return compressInPool(Buffer.concat(chunks), encoding, 9);
  }
}
