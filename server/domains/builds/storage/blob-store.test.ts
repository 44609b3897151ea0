/**
 * Both build stores against the one BlobStore contract: put, has, size and read (whole and in
 * ranges, across the PostgreSQL store's chunk boundaries), idempotent and concurrent puts, refused
 * files and hashes. The PostgreSQL store runs on the test run's engine (PGlite, or PostgreSQL
 * under `npm run test:pg`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/orm';
import { openTestDatabase } from '../../../../tests/support/database';
import { engineName, testDatabaseUrl } from '../../../../tests/support/engine';
import { createBlobStore, type BlobStore } from './blob-store';
import { BLOB_CHUNK_BYTES } from './postgres-store';
import { insertBlob, insertBlobChunk, tryLockBlobPut } from './queries';

const CHUNK = BLOB_CHUNK_BYTES;

type Sample = { path: string; hash: string; size: number; bytes: Buffer };

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function readAll(stream: Readable | null): Promise<Buffer> {
  expect(stream).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let samplesDir: string;
let samples = 0;

/** A file of these bytes to put, with its hash and size. */
async function sample(bytes: Buffer): Promise<Sample> {
  const path = join(samplesDir, `sample-${samples++}`);
  await writeFile(path, bytes);
  return { path, hash: sha256(bytes), size: bytes.length, bytes };
}

beforeAll(async () => {
  samplesDir = await mkdtemp(join(tmpdir(), 'playfree-blob-samples-'));
});
afterAll(async () => {
  await rm(samplesDir, { recursive: true, force: true });
});

type OpenedStore = {
  store: BlobStore;
  /** What the store holds for a hash (a file's identity, or the rows and chunks), null when nothing at all. */
  footprint(hash: string): Promise<unknown>;
  close(): Promise<void>;
};

const backends: Record<BlobStore['kind'], () => Promise<OpenedStore>> = {
  async folder() {
    const dataDir = await mkdtemp(join(tmpdir(), 'playfree-blob-store-'));
    const root = join(dataDir, 'builds', 'blobs');
    return {
      store: createBlobStore({ kind: 'folder', dataDir, orm: undefined as never }),
      async footprint(hash) {
        const leftovers = await readdir(join(root, 'tmp')).catch(() => []);
        const file = await stat(join(root, hash.slice(0, 2), hash.slice(2))).catch(() => null);
        return file || leftovers.length > 0 ? { inode: file?.ino, modified: file?.mtimeMs, leftovers } : null;
      },
      close: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
  async postgres() {
    const db = await openTestDatabase();
    return {
      store: createBlobStore({ kind: 'postgres', dataDir: '/nonexistent', orm: db.orm }),
      async footprint(hash) {
        const [row] = await db.orm.em
          .fork()
          .getConnection()
          .execute<{ blobs: number; chunks: number; created: string | null }[]>(
            `select (select count(*)::int from build_blobs where hash = ?) as blobs,
                    (select count(*)::int from build_blob_chunks where hash = ?) as chunks,
                    (select created_at::text from build_blobs where hash = ?) as created`,
            [hash, hash, hash],
          );
        return row!.blobs + row!.chunks > 0 ? row : null;
      },
      close: () => db.close(),
    };
  },
};

describe.each(['folder', 'postgres'] as const)(`%s blob store (${engineName})`, (kind) => {
  let opened: OpenedStore;
  let store: BlobStore;
  /** A little over two PostgreSQL chunks. */
  let large: Sample;

  beforeAll(async () => {
    opened = await backends[kind]();
    store = opened.store;
    large = await sample(randomBytes(Math.floor(2.5 * CHUNK)));
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('says which kind it is', () => {
    expect(store.kind).toBe(kind);
  });

  it('stores a file, then has it, knows its size and reads it whole and in ranges', async () => {
    const unknown = sha256(Buffer.from('never stored'));
    expect(await store.has([large.hash, unknown])).toEqual(new Set());
    await store.put(large.hash, large.path, large.size);

    expect(await store.has([large.hash, unknown])).toEqual(new Set([large.hash]));
    expect(await store.size(large.hash)).toBe(large.size);
    expect((await readAll(await store.read(large.hash))).equals(large.bytes)).toBe(true);
    const ranges = {
      'the first byte': { start: 0, end: 0 },
      'the last byte': { start: large.size - 1, end: large.size - 1 },
      'across the first chunk boundary': { start: CHUNK - 10, end: CHUNK + 9 },
      'over three chunks': { start: CHUNK - 1, end: 2 * CHUNK },
      'all of it': { start: 0, end: large.size - 1 },
    };
    for (const [name, range] of Object.entries(ranges)) {
      const bytes = await readAll(await store.read(large.hash, range));
      expect(bytes.equals(large.bytes.subarray(range.start, range.end + 1)), name).toBe(true);
    }
    await expect(store.read(large.hash, { start: large.size - 1, end: large.size })).rejects.toThrow(RangeError);
    await expect(store.read(large.hash, { start: 5, end: 4 })).rejects.toThrow(RangeError);
    if (kind === 'postgres') expect(await opened.footprint(large.hash)).toMatchObject({ blobs: 1, chunks: 3 });
  });

  it('does nothing on a second put of a stored blob, without even reading the file', async () => {
    const again = await sample(randomBytes(3000));
    await store.put(again.hash, again.path, again.size);
    const before = await opened.footprint(again.hash);
    expect(before).not.toBeNull();
    await store.put(again.hash, again.path, again.size);
    await store.put(again.hash, join(samplesDir, 'no-such-file'), again.size);
    expect(await opened.footprint(again.hash)).toEqual(before);
    expect((await readAll(await store.read(again.hash))).equals(again.bytes)).toBe(true);
  });

  it('lets two puts of the same new blob run at once: both succeed and the blob reads back whole', async () => {
    const twice = await sample(randomBytes(Math.floor(2.5 * CHUNK)));
    await Promise.all([store.put(twice.hash, twice.path, twice.size), store.put(twice.hash, twice.path, twice.size)]);
    expect(await store.has([twice.hash])).toEqual(new Set([twice.hash]));
    expect((await readAll(await store.read(twice.hash))).equals(twice.bytes)).toBe(true);
    if (kind === 'postgres') expect(await opened.footprint(twice.hash)).toMatchObject({ blobs: 1, chunks: 3 });
  });

  it('refuses a file whose bytes are not the blob, and keeps nothing of it', async () => {
    const file = await sample(randomBytes(Math.floor(1.5 * CHUNK)));
    const otherHash = sha256(Buffer.from('other bytes'));
    const attempts = {
      'another hash': [otherHash, file.size],
      'a larger size': [file.hash, file.size + 1],
      'a smaller size': [file.hash, file.size - 1],
    } as const;
    for (const [name, [hash, size]] of Object.entries(attempts)) {
      await expect(store.put(hash, file.path, size), name).rejects.toThrow(/is not the blob/);
      expect(await store.has([hash]), name).toEqual(new Set());
      expect(await store.size(hash), name).toBeNull();
      expect(await store.read(hash), name).toBeNull();
      expect(await opened.footprint(hash), name).toBeNull();
    }
  });

  it('refuses anything but a lower-case hex sha256 as a hash', async () => {
    const { hash, path, size } = large;
    const invalid = ['', 'abc', hash.toUpperCase(), `${hash.slice(0, 62)}/x`, `../../${hash.slice(6)}`, `${hash}0`, `${hash}\n`, 'g'.repeat(64)];
    for (const bad of invalid) {
      await expect(store.put(bad, path, size), bad).rejects.toThrow(TypeError);
      await expect(store.has([hash, bad]), bad).rejects.toThrow(TypeError);
      await expect(store.size(bad), bad).rejects.toThrow(TypeError);
      await expect(store.read(bad), bad).rejects.toThrow(TypeError);
    }
  });

  it('answers null for a blob it does not hold', async () => {
    const unknown = sha256(Buffer.from('not here'));
    expect(await store.size(unknown)).toBeNull();
    expect(await store.read(unknown)).toBeNull();
    expect(await store.read(unknown, { start: 0, end: 0 })).toBeNull();
    expect(await store.has([])).toEqual(new Set());
  });

  it('stores an empty file', async () => {
    const empty = await sample(Buffer.alloc(0));
    await store.put(empty.hash, empty.path, 0);
    expect(await store.has([empty.hash])).toEqual(new Set([empty.hash]));
    expect(await store.size(empty.hash)).toBe(0);
    expect((await readAll(await store.read(empty.hash))).length).toBe(0);
  });
});

describe('folder blob store layout', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'playfree-blob-layout-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a blob as <dataDir>/builds/blobs/ab/cdef…, with no temporary file left behind', async () => {
    const store = createBlobStore({ kind: 'folder', dataDir, orm: undefined as never });
    const file = await sample(randomBytes(5000));
    await store.put(file.hash, file.path, file.size);
    await expect(store.put(sha256(Buffer.from('x')), file.path, file.size)).rejects.toThrow(/is not the blob/);
    const root = join(dataDir, 'builds', 'blobs');
    expect((await stat(join(root, file.hash.slice(0, 2), file.hash.slice(2)))).size).toBe(file.size);
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });
});

// Only a real PostgreSQL runs two transactions at once: PGlite has one connection, so its puts take turns.
describe.runIf(testDatabaseUrl)('postgres blob store, a put of a hash another put is writing (postgresql)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('waits for the other put to commit, without failing on its lock, then finds the blob stored and writes nothing', async () => {
    const store = createBlobStore({ kind: 'postgres', dataDir: '/nonexistent', orm: db.orm });
    const file = await sample(randomBytes(5000));
    let lockTaken!: () => void;
    let commit!: () => void;
    const locked = new Promise<void>((resolve) => (lockTaken = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const otherPut = db.orm.em.fork().transactional(async (tx) => {
      expect(await tryLockBlobPut(tx, file.hash)).toBe(true);
      await insertBlob(tx, file.hash, file.size);
      await insertBlobChunk(tx, file.hash, 0, file.bytes);
      lockTaken();
      await committing;
    });
    await locked;
    let done = false;
    const put = store.put(file.hash, file.path, file.size).then(() => (done = true));
    await sleep(500);
    expect(done).toBe(false);
    commit();
    await otherPut;
    await put;
    const [row] = await db.orm.em.fork().getConnection().execute<{ chunks: number }[]>('select count(*)::int as chunks from build_blob_chunks where hash = ?', [file.hash]);
    expect(row!.chunks).toBe(1);
    expect((await readAll(await store.read(file.hash))).equals(file.bytes)).toBe(true);
  });
});
