/**
 * Sends one file of a build on the games origin (build-files.ts finds which): its headers from the
 * origin's table (game-headers.ts), a 304 by its ETag, a range, or its body. Nothing is compressed
 * here: a file that gains from it was compressed once when stored (builds/storage/compression.ts)
 * and its brotli or gzip form goes as it is; a file stored pre-compressed (`game.wasm.br`) goes as
 * stored, with its encoding or without, as its build's loader needs. Every body carries its
 * length and answers ranges, but one: a pre-compressed file decoded for a client that does not
 * take its encoding, which streams. With nginx in front (BUILD_FILES_OFFLOAD), nginx sends the
 * folder store's files itself: this answers with their headers and where the file is.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CompressedFilesServing } from '../../shared/schemas/builds';
import type { Env } from '../env';
import { acceptedEncodings, type ContentEncoding } from './compression';
import { servedFormOf, worthCompressing } from '../domains/builds/file-forms';
import { gameHeadersOf } from './game-headers';
import type { BlobStore } from '../domains/builds/storage/blob-store';
import { BackgroundCompressor, blobCompressions, type BlobCompressions } from '../domains/builds/storage/compression';

/** Blobs whose compressed forms are kept in memory (a blob's forms never change once recorded). */
const MAX_KEPT_FORMS = 10_000;
/** How long a blob found not compressed yet is taken as such before the database is asked again. */
const UNCOMPRESSED_RECHECK_MS = 5_000;

/** The ETag of a pre-compressed file sent decoded: another representation, so another tag (the stored bytes' is `"{hash}"`). */
export function decodedEtagOf(hash: string): string {
  return `"${hash}.decoded"`;
}

/** The ETag of a file's compressed form: each representation has its own. */
export function compressedEtagOf(hash: string, encoding: ContentEncoding): string {
  return `"${hash}.${encoding}"`;
}

/**
 * A single `bytes=` range of a body of `size` bytes: null when there is none or several (the whole
 * body is then sent, as RFC 9110 allows), 'invalid' when it cannot be satisfied.
 */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header || header.includes(',')) return null;
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

/**
 * Whether a Range applies: with If-Range, only while the body is still the one the client holds
 * part of (its strong ETag; no Last-Modified is ever sent, so a date never matches).
 */
function rangeApplies(request: FastifyRequest, etag: string): boolean {
  const ifRange = request.headers['if-range'];
  return ifRange === undefined || String(ifRange).trim() === etag;
}

export type FileToSend = {
  path: string;
  hash: string;
  size: number;
  preview: boolean;
  threads: boolean;
  /** How its build's own .br/.gz files go (default: with their encoding). */
  compressedFiles?: CompressedFilesServing;
};

/** The bytes of one representation of a file: a blob, its size and its ETag. */
type Body = { hash: string; size: number; etag: string };

/**
 * nginx in front of the games origin sends the folder store's files (BUILD_FILES_OFFLOAD=x-accel-redirect):
 * `location` is its `internal` location whose `alias` is the store's folder (docs/OPERATIONS.md).
 */
export type FileOffload = { location: string };

/** The offload the settings ask for, or null (the portal streams every file). */
export function fileOffloadOf(env: Pick<Env, 'BUILD_FILES_OFFLOAD' | 'BUILD_FILES_OFFLOAD_LOCATION'>): FileOffload | null {
  return env.BUILD_FILES_OFFLOAD === 'x-accel-redirect' ? { location: env.BUILD_FILES_OFFLOAD_LOCATION } : null;
}

/**
 * The request header nginx sets on what it passes on, as Rack::Sendfile and others read it: only
 * such a request may be answered without its bytes. The local checker's browser, and anyone
 * reaching the games port directly, get the bytes from here.
 */
const OFFLOAD_REQUEST_HEADER = 'x-sendfile-type';

export class BuildFileAnswers {
  /** Compressed forms by blob; null (not compressed yet) is asked again after UNCOMPRESSED_RECHECK_MS. */
  private readonly forms = new Map<string, { until: number; forms: Promise<BlobCompressions | null> }>();
  private readonly backfill: BackgroundCompressor;

  constructor(
    private readonly store: BlobStore,
    private readonly orm: MikroORM,
    private readonly offload: FileOffload | null = null,
  ) {
    this.backfill = new BackgroundCompressor(orm, store, (hash) => this.forms.delete(hash));
  }

  /** Resolves once blobs found not compressed have been (tests and the bench). */
  compressedAll(): Promise<void> {
    return this.backfill.idle();
  }

  /** Sends one file of a build: its headers, a 304, a range (206/416), or its body. */
  async send(request: FastifyRequest, reply: FastifyReply, file: FileToSend): Promise<FastifyReply> {
    void reply.headers(gameHeadersOf({ preview: file.preview, threads: file.threads, file: { path: file.path, compressedFiles: file.compressedFiles } }));
    const stored = servedFormOf(file.path, file.compressedFiles).storedEncoding;
    if (stored) return this.sendPreCompressed(request, reply, file, stored);
    if (!worthCompressing(file.path, file.size)) return this.sendBody(request, reply, { hash: file.hash, size: file.size, etag: `"${file.hash}"` });

    void reply.header('vary', 'Accept-Encoding');
    // The database out of reach: the file goes uncompressed rather than not at all.
    const forms = await this.formsOf(file).catch(() => null);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = forms?.br && accepted.has('br') ? 'br' : forms?.gzip && accepted.has('gzip') ? 'gzip' : null;
    if (!encoding) return this.sendBody(request, reply, { hash: file.hash, size: file.size, etag: `"${file.hash}"` });
    void reply.header('content-encoding', encoding);
    return this.sendBody(request, reply, { ...forms![encoding]!, etag: compressedEtagOf(file.hash, encoding) });
  }

  /**
   * A file stored compressed, sent with its encoding: its bytes as stored (never compressed again),
   * ranges of those bytes included; to a client that does not take that encoding, the decoded
   * bytes, streamed (no length known, no ranges), under another ETag.
   */
  private async sendPreCompressed(request: FastifyRequest, reply: FastifyReply, file: FileToSend, stored: ContentEncoding): Promise<FastifyReply> {
    if (acceptedEncodings(request.headers['accept-encoding']).has(stored)) return this.sendBody(request, reply, { hash: file.hash, size: file.size, etag: `"${file.hash}"` });
    const etag = decodedEtagOf(file.hash);
    void reply.header('etag', etag);
    if (matches(request, etag)) return reply.code(304).send();
    void reply.removeHeader('content-encoding');
    void reply.removeHeader('accept-ranges');
    if (request.method === 'HEAD') return reply.send();
    const body = await this.store.read(file.hash);
    if (!body) return reply.code(404).type('text/plain').send('Not found');
    return this.sendThrough(reply, body, stored === 'br' ? createBrotliDecompress() : createGunzip());
  }

  /** One blob as the answer: 304 by its ETag, a range (206, or 416 past its end), or all of it, always with its length. */
  private async sendBody(request: FastifyRequest, reply: FastifyReply, body: Body): Promise<FastifyReply> {
    void reply.header('etag', body.etag);
    if (matches(request, body.etag)) return reply.code(304).send();
    if (this.offloads(request)) return this.sendOffloaded(reply, body.hash);
    const range = rangeApplies(request, body.etag) ? rangeOf(request.headers.range, body.size) : null;
    if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${body.size}`).send();
    if (range) void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${body.size}`);
    void reply.header('content-length', range ? range.end - range.start + 1 : body.size);
    if (request.method === 'HEAD') return reply.send();
    const bytes = await this.store.read(body.hash, range ?? undefined);
    return bytes ? reply.send(bytes) : reply.code(404).type('text/plain').send('Not found');
  }

  /**
   * Whether nginx sends this answer's bytes: a GET it passed on, of a blob of the folder store sent
   * as stored (its length and ranges are then nginx's). Answered here instead: HEAD, 304s and
   * errors (no file to send, and cheap); a pre-compressed file decoded for a client that does not
   * take its encoding (no file holds those bytes; it never reaches sendBody); the portal's own
   * /__playfree/ files (game-host-assets.ts: not blobs, small); PostgreSQL-stored blobs (not files).
   */
  private offloads(request: FastifyRequest): boolean {
    return this.offload !== null && this.store.pathInFolder !== undefined && request.method === 'GET' && String(request.headers[OFFLOAD_REQUEST_HEADER]).toLowerCase() === 'x-accel-redirect';
  }

  /** The file's headers (set by now) and where nginx finds its bytes; a blob missing from the folder gets the portal's 404, as when streamed. */
  private async sendOffloaded(reply: FastifyReply, hash: string): Promise<FastifyReply> {
    if ((await this.store.size(hash)) === null) return reply.code(404).type('text/plain').send('Not found');
    // nginx keeps this header of the answer and adds its own: a client would read "bytes, bytes".
    void reply.removeHeader('accept-ranges');
    return reply.header('x-accel-redirect', `${this.offload!.location}${this.store.pathInFolder!(hash)}`).send();
  }

  /** A storage read that fails midway, or bytes that do not decode, end the answer: the client sees a cut body, never a wrong one. */
  private sendThrough(reply: FastifyReply, body: Readable, transform: NodeJS.ReadWriteStream): FastifyReply {
    pipeline(body, transform, () => {});
    return reply.send(transform);
  }

  /** A blob's compressed forms; null while it has none recorded, when it is queued to be compressed once. */
  private formsOf(file: FileToSend): Promise<BlobCompressions | null> {
    const now = Date.now();
    const kept = this.forms.get(file.hash);
    if (kept && kept.until > now) return kept.forms;
    if (this.forms.size >= MAX_KEPT_FORMS) this.forms.delete(this.forms.keys().next().value!);
    const entry = { until: Number.POSITIVE_INFINITY, forms: blobCompressions(this.orm.em.fork(), [file.hash]).then((found) => found.get(file.hash) ?? null) };
    entry.forms.then(
      (forms) => {
        if (forms) return;
        entry.until = Date.now() + UNCOMPRESSED_RECHECK_MS;
        this.backfill.add({ path: file.path, hash: file.hash, size: file.size });
      },
      // A failed read is not kept: the next request asks again.
      () => this.forms.delete(file.hash),
    );
    this.forms.set(file.hash, entry);
    return entry.forms;
  }
}
