/**
 * Serves uploaded games on the games origin, each from its own host name
 * (`{slug}.<games host>`: space-rocks.localhost:3001 locally, space-rocks.games.example.org in
 * production), so one developer's game can never read another's storage, cookies or service
 * worker caches: browsers keep those per origin. The files are the game's live build, read from
 * the build storage by content hash.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import mime from 'mime';
import { pipeline } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { compressInPool, negotiateEncoding } from './compression';
import type { BlobStore } from '../domains/builds/storage/blob-store';
import { buildFiles, liveBuildIdOf } from '../domains/builds/queries';

/** Compressed bodies are kept for files up to this size (larger ones are compressed as they stream), up to this much in all. */
const MAX_KEPT_COMPRESSED_FILE_BYTES = 4 * 1024 * 1024;
const MAX_KEPT_COMPRESSED_BYTES = 64 * 1024 * 1024;

/** How long a game's live build is trusted: an approved new build or a rollback shows within this. */
const LIVE_BUILD_FRESH_MS = 5_000;
/** Games whose live build, and builds whose file lists, are kept (a build's files never change). */
const MAX_KEPT_GAMES = 1_000;

type BuildFiles = Map<string, { hash: string; size: number }>;

/** Drops the oldest entry of `map` once it holds `max`: maps iterate in insertion order. */
function makeRoom(map: Map<unknown, unknown>, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value);
}

/** Bodies worth compressing: text formats and WebAssembly (images, audio and video already are). */
function compressible(type: string): boolean {
  return /^text\/|javascript|json|xml|svg|wasm/.test(type);
}

/** Files whose names carry a content hash (`index-3f9a1c2b.js`, a bundler's output) never change under that name. */
function looksHashed(path: string): boolean {
  return /[.-](?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i.test(path);
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

export class BuildServer {
  private readonly liveBuilds = new Map<string, { until: number; buildId: Promise<number | null> }>();
  private readonly filesOfBuilds = new Map<number, Promise<BuildFiles>>();
  /** Compressed bodies by `encoding:hash`, the least recently sent first out; a blob never changes under its hash. */
  private readonly compressed = new Map<string, { body: Promise<Buffer | null>; bytes: number }>();
  private compressedBytes = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly store: BlobStore,
  ) {}

  /** The files of `slug`'s live build by path, or null when it has none. */
  private async liveBuild(slug: string): Promise<BuildFiles | null> {
    const now = Date.now();
    let live = this.liveBuilds.get(slug);
    if (!live || live.until <= now) {
      makeRoom(this.liveBuilds, MAX_KEPT_GAMES);
      const asked = { until: now + LIVE_BUILD_FRESH_MS, buildId: liveBuildIdOf(this.orm.em.fork(), slug) };
      // A failed read is not kept: the next request asks again.
      asked.buildId.catch(() => {
        if (this.liveBuilds.get(slug) === asked) this.liveBuilds.delete(slug);
      });
      this.liveBuilds.set(slug, asked);
      live = asked;
    }
    const buildId = await live.buildId;
    if (buildId === null) return null;
    let files = this.filesOfBuilds.get(buildId);
    if (!files) {
      makeRoom(this.filesOfBuilds, MAX_KEPT_GAMES);
      files = buildFiles(this.orm.em.fork(), buildId).then((rows) => new Map(rows.map(({ path, hash, size }) => [path, { hash, size }])));
      files.catch(() => this.filesOfBuilds.delete(buildId));
      this.filesOfBuilds.set(buildId, files);
    }
    return files;
  }

  /**
   * A file's body compressed once (brotli 9 or gzip 9, in zlib's thread pool) and kept for every
   * later request: a game's scripts are asked for by every player. Null when the blob is missing.
   */
  private compressedBody(hash: string, encoding: 'br' | 'gzip'): Promise<Buffer | null> {
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

  private async compress(hash: string, encoding: 'br' | 'gzip'): Promise<Buffer | null> {
    const stream = await this.store.read(hash);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    // Brotli 9: near its best size, at a fraction of 11's time for a script of a few MB.
    return compressInPool(Buffer.concat(chunks), encoding, 9);
  }

  /** Answers a GET or HEAD for `slug`'s live build: the file, 304, a range (206/416), or 404. */
  async serve(request: FastifyRequest, reply: FastifyReply, slug: string): Promise<FastifyReply> {
    const files = await this.liveBuild(slug);
    if (!files) return reply.code(404).type('text/plain').send('No such game');
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0]!).replace(/^\/+/, '');
    } catch {
      return reply.code(400).type('text/plain').send('Bad path');
    }
    if (path === '' || path.endsWith('/')) path += 'index.html';
    const file = files.get(path.normalize('NFC'));
    if (!file) return reply.code(404).type('text/plain').send('Not found');

    const type = mime.getType(path) ?? 'application/octet-stream';
    const etag = `"${file.hash}"`;
    void reply
      .header('content-type', /^text\/|javascript|json/.test(type) ? `${type}; charset=utf-8` : type)
      .header('etag', etag)
      .header('accept-ranges', 'bytes')
      .header('cache-control', type === 'text/html' ? 'no-cache' : looksHashed(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();

    const range = rangeOf(request.headers.range, file.size);
    if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
    if (range) {
      void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`).header('content-length', range.end - range.start + 1);
      if (request.method === 'HEAD') return reply.send();
      const part = await this.store.read(file.hash, range);
      return part ? reply.send(part) : reply.code(404).type('text/plain').send('Not found');
    }

    const encoding = compressible(type) && file.size > 1024 ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
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
    // A storage read that fails midway ends the answer (the client sees a cut body, never a wrong one).
    pipeline(body, compressor, () => {});
    return reply.send(compressor);
  }
}
