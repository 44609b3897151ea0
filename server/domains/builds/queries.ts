/** Every query the builds domain sends (the build storage's own are in storage/queries.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { queryOf } from '../../db/kysely';

export type BuildRow = { id: number; game_id: number; version: number; status: string; file_count: number; total_bytes: number; created_at: string };

/** Whether the game exists and `userId` owns it. */
export async function isOwnGame(em: EntityManager, gameId: number, userId: number): Promise<boolean> {
  const row = await queryOf(em).selectFrom('games').select('id').where('id', '=', gameId).where('owner_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a build and its files, numbered after the game's earlier builds. Run inside the
 * caller's transaction: the game's row is locked first, so two uploads at once get 1 and 2.
 */
export async function insertBuild(
  em: EntityManager,
  build: { gameId: number; uploadedById: number; status: string; totalBytes: number; files: readonly { path: string; hash: string; size: number }[] },
): Promise<BuildRow> {
  const db = queryOf(em);
  await sql`select 1 from games where id = ${build.gameId} for update`.execute(db);
  const { next } = await db
    .selectFrom('game_builds')
    .select(sql<number>`coalesce(max(version), 0) + 1`.as('next'))
    .where('game_id', '=', build.gameId)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('game_builds')
    .values({
      game_id: build.gameId,
      version: next,
      status: build.status,
      uploaded_by_id: build.uploadedById,
      file_count: build.files.length,
      total_bytes: build.totalBytes,
      created_at: new Date(),
    } as never)
    .returning(['id', 'game_id', 'version', 'status', 'file_count', 'total_bytes', 'created_at'])
    .executeTakeFirstOrThrow();
  // At most BUILD_LIMITS.maxFiles rows, a few hundred per statement.
  for (let start = 0; start < build.files.length; start += 500) {
    await db
      .insertInto('game_build_files')
      .values(build.files.slice(start, start + 500).map((file) => ({ build_id: row.id, path: file.path, hash: file.hash, size: file.size })) as never)
      .execute();
  }
  return { ...(row as unknown as BuildRow), total_bytes: Number(row.total_bytes) };
}

/** The live build of the published game with this slug, or null. */
export async function liveBuildIdOf(em: EntityManager, slug: string): Promise<number | null> {
  const row = await queryOf(em).selectFrom('games').select('live_build_id').where('slug', '=', slug).where('status', '=', 'APPROVED').executeTakeFirst();
  return row?.live_build_id ?? null;
}

/** A build's files (they never change once it is recorded). */
export async function buildFiles(em: EntityManager, buildId: number): Promise<{ path: string; hash: string; size: number }[]> {
  const rows = await queryOf(em).selectFrom('game_build_files').select(['path', 'hash', 'size']).where('build_id', '=', buildId).execute();
  return rows.map((row) => ({ path: row.path, hash: row.hash, size: Number(row.size) }));
}

/** The game's newest build that may go live (stored and checked, or submitted for review), or undefined. */
export async function newestPublishableBuild(em: EntityManager, gameId: number): Promise<{ id: number; version: number } | undefined> {
  return queryOf(em)
    .selectFrom('game_builds')
    .select(['id', 'version'])
    .where('game_id', '=', gameId)
    .where('status', 'in', ['READY', 'SUBMITTED'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function markBuildApproved(em: EntityManager, buildId: number): Promise<void> {
  await queryOf(em).updateTable('game_builds').set({ status: 'APPROVED', reviewed_at: new Date() } as never).where('id', '=', buildId).execute();
}

/** The build whose preview host carries `token` (any status but REJECTED: a rejected build is not shown again), or null. */
export async function buildIdOfPreviewToken(em: EntityManager, token: string): Promise<number | null> {
  const row = await queryOf(em)
    .selectFrom('game_builds')
    .select('id')
    .where('preview_token', '=', token)
    .where('status', '!=', 'REJECTED')
    .executeTakeFirst();
  return row?.id ?? null;
}
