import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../server/db/orm';
import { gamesDir } from '../../server/domains/builds/built-in';
import { createBlobStore, type BlobStore } from '../../server/domains/builds/storage/blob-store';
import { openTestDatabase } from './database';

/**
 * Two built-in games (Paddle Duel, Balloon Party) with the kit and SDK they load, copied into a
 * data folder of their own on a fresh database: what the built-in seeding tests write builds
 * from, and may change without touching games/.
 */
export async function openBuiltInGames(prefix: string): Promise<{ db: Database; root: string; storage: BlobStore; close(): Promise<void> }> {
  const db = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const root = join(dataDir, 'games');
  for (const folder of ['paddle-duel', 'balloon-party', 'kit', 'sdk']) cpSync(join(gamesDir, folder), join(root, folder), { recursive: true });
  const storage = createBlobStore({ kind: 'folder', dataDir, orm: db.orm });
  const close = async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { db, root, storage, close };
}
