/** Every query the PostgreSQL build storage sends (postgres-store.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../../db/kysely';

/** Which of `hashes` have a blob row: those stored whole, as a row commits with all its chunks. */
export async function storedBlobHashes(em: EntityManager, hashes: readonly string[]): Promise<string[]> {
  if (hashes.length === 0) return [];
  // One array parameter, however many hashes a build has.
  const rows = await queryOf(em)
    .selectFrom('build_blobs')
    .select('hash')
    .where('hash', '=', sql<string>`any(${[...hashes]}::varchar[])`)
    .execute();
  return rows.map((row) => row.hash);
}

export async function blobSize(em: EntityManager, hash: string): Promise<number | null> {
  const row = await queryOf(em).selectFrom('build_blobs').select('size').where('hash', '=', hash).executeTakeFirst();
  return row ? Number(row.size) : null;
}

/** Takes the put lock of `hash` for the caller's transaction without waiting: false while another put of it holds it. */
export async function tryLockBlobPut(tx: EntityManager, hash: string): Promise<boolean> {
  const { locked } = await queryOf(tx)
    .selectNoFrom((eb) => eb.fn<boolean>('pg_try_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`build-blob:${hash}`)])]).as('locked'))
    .executeTakeFirstOrThrow();
  return locked;
}

/** Adds a blob's row in the caller's transaction: false when that hash has one already. */
export async function insertBlob(tx: EntityManager, hash: string, size: number): Promise<boolean> {
  const row = await queryOf(tx)
    .insertInto('build_blobs')
    .values({ hash, size, created_at: new Date() })
    .onConflict((conflict) => conflict.column('hash').doNothing())
    .returning('hash')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertBlobChunk(tx: EntityManager, hash: string, chunk: number, data: Buffer): Promise<void> {
  await queryOf(tx).insertInto('build_blob_chunks').values({ hash, chunk, data }).execute();
}

/**
 * `length` bytes of a blob's chunk from byte `offset` within it, so a range sends only what it asks
 * for; undefined when there is no such chunk.
 */
export async function blobChunkBytes(em: EntityManager, hash: string, chunk: number, offset: number, length: number): Promise<Buffer | undefined> {
  const row = await queryOf(em)
    .selectFrom('build_blob_chunks')
    .select(sql<Uint8Array>`substring(data from ${offset + 1} for ${length})`.as('bytes'))
    .where('hash', '=', hash)
    .where('chunk', '=', chunk)
    .executeTakeFirst();
  // node-postgres gives a Buffer, PGlite a Uint8Array: the same bytes, without a copy.
  return row && Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
}

/** A blob's compressed forms (their own blobs), as build_blob_compressions records them; a null form is not worth sending. */
export type BlobCompressions = { br: { hash: string; size: number } | null; gzip: { hash: string; size: number } | null };

/** The compressed forms recorded for each of `hashes` (a hash not compressed yet is absent). */
export async function blobCompressions(em: EntityManager, hashes: readonly string[]): Promise<Map<string, BlobCompressions>> {
  if (hashes.length === 0) return new Map();
  const rows = await queryOf(em)
    .selectFrom('build_blob_compressions')
    .select(['hash', 'br_hash', 'br_size', 'gzip_hash', 'gzip_size'])
    .where('hash', '=', sql<string>`any(${[...hashes]}::varchar[])`)
    .execute();
  const form = (hash: string | null, size: number | string | null) => (hash === null || size === null ? null : { hash, size: Number(size) });
  return new Map(rows.map((row) => [row.hash, { br: form(row.br_hash, row.br_size), gzip: form(row.gzip_hash, row.gzip_size) }]));
}

/** Records a blob's compressed forms once (a second recording, from another process, changes nothing). */
export async function recordBlobCompressions(em: EntityManager, hash: string, forms: BlobCompressions): Promise<void> {
  await queryOf(em)
    .insertInto('build_blob_compressions')
    .values({
      hash,
      br_hash: forms.br?.hash ?? null,
      br_size: forms.br?.size ?? null,
      gzip_hash: forms.gzip?.hash ?? null,
      gzip_size: forms.gzip?.size ?? null,
      created_at: new Date(),
    } as never)
    .onConflict((conflict) => conflict.column('hash').doNothing())
    .execute();
}
