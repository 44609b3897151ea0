/**
 * The build storage in a folder (BUILD_STORAGE=folder, the default): each blob a file named by its
 * hash, `<root>/ab/cdef…` (the first two hex characters a sub-folder, so no folder holds more than
 * a few thousand files). For one instance of the portal: the folder is on its own disk.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobHash, assertRangeWithin, BlobVerifier } from './checks';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Makes a rename in `dir` survive a power cut: until the folder itself is synced, only the file's bytes are sure to be on disk. */
async function syncFolder(dir: string): Promise<void> {
  // Windows cannot open a folder as a file; NTFS journals the rename.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A BlobStore (blob-store.ts) keeping its blobs under `root`. */
export function createFolderBlobStore(root: string) {
  // Temporary files are in the same file system as the blobs, so renaming one into place is atomic.
  const tmpDir = join(root, 'tmp');

  function folderOf(hash: string): string {
    assertBlobHash(hash);
    return join(root, hash.slice(0, 2));
  }

  function fileOf(hash: string): string {
    return join(folderOf(hash), hash.slice(2));
  }

  return {
    kind: 'folder' as const,

    async has(hashes: readonly string[]): Promise<Set<string>> {
      const files = hashes.map(fileOf);
      const sizes = await Promise.all(files.map(sizeOf));
      return new Set(hashes.filter((_, index) => sizes[index] !== null));
    },

    async put(hash: string, path: string, size: number): Promise<void> {
      const dir = folderOf(hash);
      const file = fileOf(hash);
      if ((await sizeOf(file)) !== null) return;
      await mkdir(tmpDir, { recursive: true });
      await mkdir(dir, { recursive: true });
      const tmpFile = join(tmpDir, randomUUID());
      const verifier = new BlobVerifier(hash, size);
      try {
        await pipeline(
          createReadStream(path),
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              verifier.add(chunk);
              yield chunk;
            }
          },
          // flush: the bytes are on disk before the rename makes them the blob.
          createWriteStream(tmpFile, { flags: 'wx', flush: true }),
        );
        verifier.verify();
        // Two puts of the same hash at once both rename: the second replaces identical bytes, atomically.
        await rename(tmpFile, file);
      } catch (error) {
        await unlink(tmpFile).catch(() => {});
        throw error;
      }
      await syncFolder(dir);
    },

    pathInFolder(hash: string): string {
      assertBlobHash(hash);
      return `${hash.slice(0, 2)}/${hash.slice(2)}`;
    },

    async size(hash: string): Promise<number | null> {
      return sizeOf(fileOf(hash));
    },

    async read(hash: string, range?: { start: number; end: number }): Promise<Readable | null> {
      let handle: FileHandle;
      try {
        handle = await open(fileOf(hash), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        if (range) assertRangeWithin(range, (await handle.stat()).size);
      } catch (error) {
        await handle.close();
        throw error;
      }
      // The stream closes the file when it ends or is destroyed.
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
  };
}
