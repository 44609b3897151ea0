/**
 * Uploaded builds of a game (issue #24): a zip is read and refused or accepted whole
 * (archive.ts), each of its files stored once by content in the build storage (storage/), and the
 * build recorded with its files in one transaction, so a build is never half there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Game } from '../../../entities';
import type { V1Build } from '../../../shared/schemas';
import type { UploadedFile } from '../uploaded-file';
import type { AuthedContext } from '../context';
import { NotFound } from '../errors';
import { extractBuild } from './archive';
import { insertBuild, isOwnGame, markBuildApproved, newestPublishableBuild } from './queries';
import { gameOriginOf } from '../../../shared/urls';

/** Files stored at once: the storage's writes overlap a little, without opening hundreds of files. */
const PUT_CONCURRENCY = 4;

/** Stores a build of one of the caller's games (any other game is a 404, whoever owns it). */
export async function uploadBuild(ctx: AuthedContext, gameId: number, upload: UploadedFile): Promise<V1Build> {
  if (!(await isOwnGame(ctx.em, gameId, ctx.user.id))) throw new NotFound('Game not found');
  const workDir = await mkdtemp(join(tmpdir(), 'playfree-build-'));
  try {
    const files = await extractBuild(upload.path, workDir);
    const store = ctx.services.buildStorage;
    const byHash = new Map(files.map((file) => [file.hash, file]));
    const stored = await store.has([...byHash.keys()]);
    const missing = [...byHash.values()].filter((file) => !stored.has(file.hash));
    for (let next = 0; next < missing.length; next += PUT_CONCURRENCY) {
      await Promise.all(missing.slice(next, next + PUT_CONCURRENCY).map((file) => store.put(file.hash, file.tempPath, file.size)));
    }
    // Blobs first, then the rows naming them: a build recorded is a build whose bytes are all there.
    const row = await ctx.em.fork().transactional((tx) =>
      insertBuild(tx, {
        gameId,
        uploadedById: ctx.user.id,
        status: 'READY',
        totalBytes: files.reduce((sum, file) => sum + file.size, 0),
        files: files.map(({ path, hash, size }) => ({ path, hash, size })),
      }),
    );
    return {
      id: row.id,
      game_id: row.game_id,
      version: row.version,
      status: row.status as V1Build['status'],
      file_count: row.file_count,
      total_bytes: row.total_bytes,
      new_files: missing.length,
      new_bytes: missing.reduce((sum, file) => sum + file.size, 0),
      created_at: new Date(row.created_at).toISOString(),
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * On a game's approval (inside its transaction): its newest build that may go live becomes the
 * game's live build, and the game is played from its own origin on the games origin. Review of
 * each build on its own, with swap and rollback, is still to come (issue #24).
 */
export async function publishNewestBuild(tx: EntityManager, game: Game, gamesPublicUrl: string): Promise<void> {
  const build = await newestPublishableBuild(tx, game.id);
  if (!build) return;
  await markBuildApproved(tx, build.id);
  game.liveBuildId = build.id;
  game.srcUrl = `${gameOriginOf(gamesPublicUrl, game.slug)}/`;
}
