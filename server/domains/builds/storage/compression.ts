/**
 * Files compressed once, when a build is stored (issue #56): each file of a type that gains from
 * it (scripts, pages, WebAssembly, data; game-headers.ts's worthCompressing) gets its brotli and
 * gzip forms, each a blob of its own in the build storage, recorded in build_blob_compressions.
 * The games origin then sends a form as it is, with its length, as it sends any file: a 38 MB
 * wasm costs a file read per player, never a core. A blob stored before this existed is
 * compressed once, in the background, on its first request (BackgroundCompressor); until then it
 * is sent uncompressed, with its length.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { MikroORM } from '@mikro-orm/postgresql';
import { worthCompressing, type ContentEncoding } from '../file-forms';
import type { BlobStore } from './blob-store';
import { blobCompressions, type BlobCompressions, recordBlobCompressions } from './queries';

/**
 * Brotli 6: measured on a 9 MB wasm here, 0.66 s of CPU for 2.94 MB, where 9 took 3.1 s for
 * 2.89 MB (2 % smaller) and 11 far longer; a 38 MB export is compressed in a few seconds of its
 * upload. Gzip 6 is within 0.2 % of 9 for such files.
 */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;
/** A form is kept only when it is at most this share of the original: below, the client's decoding costs more than the bytes saved. */
const KEPT_RATIO = 0.95;
/** Blobs compressed at once: each uses two of zlib's four pool threads (brotli and gzip side by side). */
const COMPRESSING_AT_ONCE = 2;

export type CompressibleFile = { path: string; hash: string; size: number };

/** Streams through, counting and hashing: the compressed form's identity as a blob. */
function measured(): { stream: Transform; result: () => { hash: string; size: number } } {
  const sha256 = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sha256.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ hash: sha256.digest('hex'), size }) };
}

/** One compressed form of `source`'s bytes, stored as a blob; null when it does not gain enough. */
async function storeForm(store: BlobStore, source: () => Promise<Readable>, original: CompressibleFile, encoding: ContentEncoding, dir: string): Promise<{ hash: string; size: number } | null> {
  const file = join(dir, randomUUID());
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: original.size } })
      : createGzip({ level: GZIP_LEVEL });
  const { stream, result } = measured();
  await pipeline(await source(), compressor, stream, createWriteStream(file));
  const form = result();
  if (form.size > original.size * KEPT_RATIO) return null;
  await store.put(form.hash, file, form.size);
  return form;
}

/** Compresses one blob both ways and records its forms. `source` reads its original bytes. */
async function compressBlob(orm: MikroORM, store: BlobStore, file: CompressibleFile, source: () => Promise<Readable>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'playfree-compress-'));
  try {
    const [br, gzip] = await Promise.all([storeForm(store, source, file, 'br', dir), storeForm(store, source, file, 'gzip', dir)]);
    await recordBlobCompressions(orm.em.fork(), file.hash, { br, gzip });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The blob's bytes from the store (a blob stored before; the upload reads its own files from disk). */
function fromStore(store: BlobStore, hash: string): () => Promise<Readable> {
  return async () => {
    const stream = await store.read(hash);
    if (!stream) throw new Error(`Blob ${hash} is not stored`);
    return stream;
  };
}

/**
 * Compresses the files of a build being stored that gain from it and are not compressed yet
 * (a file of an earlier build was compressed then): its upload answers once they are, so its first
 * player and its checks already get the compressed forms. `file`: where the bytes are on disk.
 */
export async function compressBuildFiles(orm: MikroORM, store: BlobStore, files: readonly (CompressibleFile & { file: string })[]): Promise<void> {
  const byHash = new Map(files.filter((file) => worthCompressing(file.path, file.size)).map((file) => [file.hash, file]));
  const done = await blobCompressions(orm.em.fork(), [...byHash.keys()]);
  const missing = [...byHash.values()].filter((file) => !done.has(file.hash));
  for (let next = 0; next < missing.length; next += COMPRESSING_AT_ONCE) {
    await Promise.all(missing.slice(next, next + COMPRESSING_AT_ONCE).map((file) => compressBlob(orm, store, file, async () => createReadStream(file.file))));
  }
}

/**
 * Compresses blobs stored before their forms were made, one at a time in the background, each once
 * per process (another process doing the same records the same forms: the first row stays).
 */
export class BackgroundCompressor {
  private readonly queued = new Map<string, CompressibleFile>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly orm: MikroORM,
    private readonly store: BlobStore,
    /** Told each blob whose forms were just recorded, so that its next request sends them. */
    private readonly compressed: (hash: string) => void,
    private readonly log: (message: string) => void = (message) => console.warn(message),
  ) {}

  /** Queues a blob that has no forms recorded (nothing when it is queued or being compressed). */
  add(file: CompressibleFile): void {
    if (this.queued.has(file.hash)) return;
    this.queued.set(file.hash, file);
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  /** Resolves once nothing is queued (tests, and the bench, wait for the backfill). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (const file of this.queued.values()) {
      try {
        await compressBlob(this.orm, this.store, file, fromStore(this.store, file.hash));
        this.compressed(file.hash);
      } catch (error) {
        // Sent uncompressed meanwhile; its next request queues it again.
        this.log(`compressing blob ${file.hash} (${file.path}) failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.queued.delete(file.hash);
    }
  }
}

export { blobCompressions, type BlobCompressions };
