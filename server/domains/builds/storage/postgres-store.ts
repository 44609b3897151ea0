/**
 * The build storage in PostgreSQL (BUILD_STORAGE=postgres), which every instance of the portal
 * shares: a blob is a build_blobs row and its bytes in 1 MB rows of build_blob_chunks, all written
 * in one transaction, so a blob is whole or absent. Files stream a chunk at a time both ways.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertBlobHash, assertRangeWithin, BlobVerifier } from './checks';
import { blobChunkBytes, blobSize, insertBlob, insertBlobChunk, storedBlobHashes, tryLockBlobPut } from './queries';

/** Bytes per chunk row: inserting or selecting one stays far inside a request session's 2.5 s statement timeout. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;

/** How often a put looks again whether another put of the same hash has finished. */
const PUT_RETRY_MS = 100;

/** The file in exact BLOB_CHUNK_BYTES pieces (the last one shorter): chunk n is always bytes n × BLOB_CHUNK_BYTES onwards. */
async function* chunksOfFile(path: string): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of createReadStream(path, { highWaterMark: BLOB_CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    pending.push(piece);
    pendingBytes += piece.length;
    while (pendingBytes >= BLOB_CHUNK_BYTES) {
      const joined = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
      yield joined.subarray(0, BLOB_CHUNK_BYTES);
      pending = joined.length > BLOB_CHUNK_BYTES ? [joined.subarray(BLOB_CHUNK_BYTES)] : [];
      pendingBytes -= BLOB_CHUNK_BYTES;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

/**
 * One attempt at a put, in its transaction: false when another put of the hash holds its lock.
 * The row goes first (the chunks reference it), yet no one sees it before it commits with every chunk.
 */
async function putInTransaction(tx: EntityManager, hash: string, path: string, size: number): Promise<boolean> {
  if (!(await tryLockBlobPut(tx, hash))) return false;
  if (!(await insertBlob(tx, hash, size))) return true;
  const verifier = new BlobVerifier(hash, size);
  let chunk = 0;
  for await (const data of chunksOfFile(path)) {
    verifier.add(data);
    await insertBlobChunk(tx, hash, chunk++, data);
  }
  // Throwing rolls back the row and every chunk.
  verifier.verify();
  return true;
}

/** Bytes `start` to `end` (inclusive) of a stored blob, a chunk fetched each time the reader wants more. */
async function* bytesOfBlob(orm: MikroORM, hash: string, start: number, end: number): AsyncGenerator<Buffer> {
  for (let chunk = Math.floor(start / BLOB_CHUNK_BYTES); chunk * BLOB_CHUNK_BYTES <= end; chunk++) {
    const chunkStart = chunk * BLOB_CHUNK_BYTES;
    const from = Math.max(start, chunkStart);
    const to = Math.min(end, chunkStart + BLOB_CHUNK_BYTES - 1);
    const bytes = await blobChunkBytes(orm.em.fork(), hash, chunk, from - chunkStart, to - from + 1);
    // Its row said the blob was whole: it was deleted while being read.
    if (bytes?.length !== to - from + 1) throw new Error(`Blob ${hash} lost bytes ${from}-${to} while being read`);
    yield bytes;
  }
}

/** A BlobStore (blob-store.ts) in the database `orm` opens, an EntityManager of its own per call. */
export function createPostgresBlobStore(orm: MikroORM) {
  async function sizeOf(hash: string): Promise<number | null> {
    assertBlobHash(hash);
    return blobSize(orm.em.fork(), hash);
  }

  return {
    kind: 'postgres' as const,

    async has(hashes: readonly string[]): Promise<Set<string>> {
      hashes.forEach(assertBlobHash);
      return new Set(await storedBlobHashes(orm.em.fork(), hashes));
    },

    async put(hash: string, path: string, size: number): Promise<void> {
      assertBlobHash(hash);
      // Another put of this hash holds its lock until it commits or rolls back, which for a large file takes
      // longer than a request session's lock_timeout (2 s): wait between short transactions, not inside a statement.
      while (!(await orm.em.fork().transactional((tx) => putInTransaction(tx, hash, path, size)))) await sleep(PUT_RETRY_MS);
    },

    size: sizeOf,

    async read(hash: string, range?: { start: number; end: number }): Promise<Readable | null> {
      const total = await sizeOf(hash);
      if (total === null) return null;
      if (range) assertRangeWithin(range, total);
      return Readable.from(bytesOfBlob(orm, hash, range?.start ?? 0, range?.end ?? total - 1), { objectMode: false });
    },
  };
}
