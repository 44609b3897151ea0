/**
 * A build stored and made a game's live build directly, without an upload or its checks: for tests
 * of how the games origin serves files (tests/api/build-compression, engine-builds-serving).
 */
import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { queryOf } from '../../server/db/kysely';
import type { TestApp } from './app';

export const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** Stores `files` (through `dataDir`), records them as an approved build of `gameId` with `columns` set, and makes it live. */
export async function seedLiveBuild(t: TestApp, dataDir: string, gameId: number, files: Record<string, Buffer>, columns: Record<string, unknown> = {}): Promise<{ id: number; token: string }> {
  for (const content of Object.values(files)) {
    const path = join(dataDir, `upload-${randomBytes(6).toString('hex')}`);
    await writeFile(path, content);
    await t.services.buildStorage.put(sha256(content), path, content.length);
  }
  const token = randomBytes(10).toString('hex');
  const db = queryOf(t.db.orm.em.fork());
  const { id } = await db
    .insertInto('game_builds')
    .values({
      game_id: gameId,
      version: 1,
      status: 'APPROVED',
      file_count: Object.keys(files).length,
      total_bytes: Object.values(files).reduce((sum, content) => sum + content.length, 0),
      preview_token: token,
      created_at: new Date(),
      reviewed_at: new Date(),
      ...columns,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('game_build_files')
    .values(Object.entries(files).map(([path, content]) => ({ build_id: id, path, hash: sha256(content), size: content.length })) as never)
    .execute();
  await db.updateTable('games').set({ live_build_id: id } as never).where('id', '=', gameId).execute();
  return { id, token };
}
