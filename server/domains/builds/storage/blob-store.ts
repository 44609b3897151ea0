/**
 * The build storage: uploaded builds' files kept once each by the sha256 of their bytes, so a new
 * build stores only the files that changed and identical files of any games are one blob. Two
 * backends, which BUILD_STORAGE chooses: a folder under DATA_DIR (folder-store.ts, nothing to set
 * up) and PostgreSQL itself (postgres-store.ts, shared by several instances of the portal).
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createFolderBlobStore } from './folder-store';
import { createPostgresBlobStore } from './postgres-store';

export interface BlobStore {
  /** 'folder' or 'postgres', for logs and the operator docs. */
  readonly kind: 'folder' | 'postgres';
  /** Which of these sha256 hashes (lower-case hex) are stored, whole. */
  has(hashes: readonly string[]): Promise<Set<string>>;
  /**
   * Stores the file at `path` (its sha256 `hash` and `size` already computed by the caller) unless
   * a blob of that hash is stored. Idempotent and safe when two callers put the same hash at once;
   * a blob is never readable half-written (a crash midway leaves nothing, or a whole blob).
   * Streams the file: never reads it whole into memory. Throws if the file's bytes do not match `hash`/`size`.
   */
  put(hash: string, path: string, size: number): Promise<void>;
  /** The blob's size in bytes, or null when it is not stored. */
  size(hash: string): Promise<number | null>;
  /** The blob's bytes, whole or the inclusive byte range `range` (for HTTP range requests); null when it is not stored. */
  read(hash: string, range?: { start: number; end: number }): Promise<Readable | null>;
  /**
   * Where the blob lies under the store's folder (`ab/cdef…`), for nginx to send it itself
   * (BUILD_FILES_OFFLOAD); only the folder store has one.
   */
  pathInFolder?(hash: string): string;
}

/**
 * The store BUILD_STORAGE names; the folder one keeps its blobs in `<dataDir>/builds/blobs`.
 * The two stores are checked against BlobStore here: they cannot import this file, which imports them.
 */
export function createBlobStore(options: { kind: 'folder' | 'postgres'; dataDir: string; orm: MikroORM }): BlobStore {
  return options.kind === 'postgres' ? createPostgresBlobStore(options.orm) : createFolderBlobStore(join(options.dataDir, 'builds', 'blobs'));
}

/** Files stored at once: the storage's writes overlap a little, without opening hundreds of files. */
const PUT_CONCURRENCY = 4;

/**
 * Stores the files of a build the store does not hold yet (each content once, whatever its paths),
 * from where they lie on disk. Answers what was new: files from any earlier build are not stored again.
 */
export async function storeMissing(store: BlobStore, files: readonly { hash: string; size: number; file: string }[]): Promise<{ newFiles: number; newBytes: number }> {
  const byHash = new Map(files.map((file) => [file.hash, file]));
  const stored = await store.has([...byHash.keys()]);
  const missing = [...byHash.values()].filter((file) => !stored.has(file.hash));
  for (let next = 0; next < missing.length; next += PUT_CONCURRENCY) {
    await Promise.all(missing.slice(next, next + PUT_CONCURRENCY).map((file) => store.put(file.hash, file.file, file.size)));
  }
  return { newFiles: missing.length, newBytes: missing.reduce((sum, file) => sum + file.size, 0) };
}
