/** Every query the builds domain sends (the build storage's own are in storage/queries.ts). */
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { BuildChecks, BuildStatus, BuildThreadsSource, CompressedFilesServing, CompressedFilesSetting } from '../../../shared/schemas/builds';
import { queryOf } from '../../db/kysely';

/** A build's row, as the service turns it into answers. */
export type BuildRow = {
  id: number;
  game_id: number;
  version: number;
  status: BuildStatus;
  file_count: number;
  total_bytes: number;
  new_files: number;
  new_bytes: number;
  checks: BuildChecks | null;
  preview_token: string;
  review_note: string | null;
  created_at: string;
  submitted_at: string | null;
  reviewed_at: string | null;
  threads: BuildThreadsSource | null;
  compressed_files: CompressedFilesSetting;
  compressed_files_found: CompressedFilesServing | null;
  live: boolean;
};

/** The game a build belongs to, as its decisions need it. */
export type BuildGame = { id: number; slug: string; title: string; status: string; owner_id: number | null; live_build_id: number | null; thumb_url: string | null };

const BUILD_COLUMNS = [
  'b.id',
  'b.game_id',
  'b.version',
  'b.status',
  'b.file_count',
  'b.total_bytes',
  'b.new_files',
  'b.new_bytes',
  'b.checks',
  'b.preview_token',
  'b.review_note',
  'b.created_at',
  'b.submitted_at',
  'b.reviewed_at',
  'b.threads',
  'b.compressed_files',
  'b.compressed_files_found',
] as const;

function buildsWithLive(em: EntityManager) {
  return queryOf(em)
    .selectFrom('game_builds as b')
    .innerJoin('games as g', 'g.id', 'b.game_id')
    .select([...BUILD_COLUMNS, sql<boolean>`g.live_build_id is not distinct from b.id`.as('live')]);
}

function toRow(row: Record<string, unknown>): BuildRow {
  return { ...(row as BuildRow), total_bytes: Number(row.total_bytes), new_bytes: Number(row.new_bytes) };
}

/** The game and its owner, or undefined. `lock`: the game's row is locked until the caller's transaction ends. */
export async function gameOfBuilds(em: EntityManager, gameId: number, options: { lock?: boolean } = {}): Promise<BuildGame | undefined> {
  let query = queryOf(em)
    .selectFrom('games')
    .select(['id', 'slug', 'title', 'status', 'owner_id', 'live_build_id', 'thumb_url'])
    .where('id', '=', gameId);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst() as Promise<BuildGame | undefined>;
}

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
  build: {
    gameId: number;
    uploadedById: number;
    previewToken: string;
    /** CHECKING for an upload; APPROVED for the portal's own games (built-in.ts). */
    status: 'CHECKING' | 'APPROVED';
    /** A built-in game's recorded verdicts (recorded-checks.ts): the build is then not checked again. */
    checks?: BuildChecks | null;
    totalBytes: number;
    newFiles: number;
    newBytes: number;
    files: readonly { path: string; hash: string; size: number }[];
  },
): Promise<number> {
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
      ...(build.status === 'APPROVED' ? { reviewed_at: new Date() } : {}),
      ...(build.status === 'APPROVED' && build.checks ? { checks: JSON.stringify(build.checks) } : {}),
      uploaded_by_id: build.uploadedById,
      file_count: build.files.length,
      total_bytes: build.totalBytes,
      new_files: build.newFiles,
      new_bytes: build.newBytes,
      preview_token: build.previewToken,
      created_at: new Date(),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  // At most BUILD_LIMITS.maxFiles rows, a few hundred per statement.
  for (let start = 0; start < build.files.length; start += 500) {
    await db
      .insertInto('game_build_files')
      .values(build.files.slice(start, start + 500).map((file) => ({ build_id: row.id, path: file.path, hash: file.hash, size: file.size })) as never)
      .execute();
  }
  return row.id;
}

export async function buildById(em: EntityManager, buildId: number): Promise<BuildRow | undefined> {
  const row = await buildsWithLive(em).where('b.id', '=', buildId).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** The game's builds, newest first. */
export async function buildsOfGame(em: EntityManager, gameId: number): Promise<BuildRow[]> {
  const rows = await buildsWithLive(em).where('b.game_id', '=', gameId).orderBy('b.version', 'desc').execute();
  return rows.map(toRow);
}

/** Builds waiting for review, the longest waiting first, with their games. */
export async function submittedBuilds(em: EntityManager): Promise<(BuildRow & { game_title: string; game_slug: string; game_status: string; studio: string | null })[]> {
  const rows = await buildsWithLive(em)
    .select(['g.title as game_title', 'g.slug as game_slug', 'g.status as game_status', 'g.studio'])
    .where('b.status', '=', 'SUBMITTED')
    .orderBy('b.submitted_at', 'asc')
    .orderBy('b.id', 'asc')
    .limit(200)
    .execute();
  return rows.map((row) => ({ ...toRow(row), game_title: row.game_title, game_slug: row.game_slug, game_status: row.game_status, studio: row.studio ?? null }));
}

/** The game's submitted build, newest first, or undefined. */
export async function submittedBuildOf(em: EntityManager, gameId: number): Promise<{ id: number; version: number } | undefined> {
  return queryOf(em)
    .selectFrom('game_builds')
    .select(['id', 'version'])
    .where('game_id', '=', gameId)
    .where('status', '=', 'SUBMITTED')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function setBuildStatus(
  em: EntityManager,
  buildId: number,
  change: { status: BuildStatus; submittedAt?: Date; reviewedAt?: Date; reviewNote?: string | null },
): Promise<void> {
  await queryOf(em)
    .updateTable('game_builds')
    .set({
      status: change.status,
      ...(change.submittedAt ? { submitted_at: change.submittedAt } : {}),
      ...(change.reviewedAt ? { reviewed_at: change.reviewedAt } : {}),
      ...(change.reviewNote !== undefined ? { review_note: change.reviewNote } : {}),
    } as never)
    .where('id', '=', buildId)
    .execute();
}

/** A build's checks as one checker holds them: `claim` must come back with the verdicts. */
export type ClaimedBuild = {
  id: number;
  preview_token: string;
  claim: string;
  compressed_files: CompressedFilesSetting;
  /** Null when the build has no pre-compressed file (compressed-files.ts). */
  compressed_files_found: CompressedFilesServing | null;
};

/**
 * Claims one build whose checks are due (CHECKING, or a built-in game's build not checked yet, and
 * no checker holds it) for `leaseSeconds`, under a new random `claim`.
 * SKIP LOCKED: checkers sharing the queue never claim the same build.
 */
export async function claimBuildToCheck(em: EntityManager, leaseSeconds: number): Promise<ClaimedBuild | undefined> {
  const claim = randomBytes(32).toString('base64url');
  const { rows } = await sql<ClaimedBuild>`
    update game_builds set checks_claimed_until = now() + make_interval(secs => ${leaseSeconds}), checks_claim = ${claim}
    where id = (
      select id from game_builds
      where (status = 'CHECKING' or (status = 'APPROVED' and checks is null))
        and (checks_claimed_until is null or checks_claimed_until < now())
      -- A developer's upload first: the built-in games' checks (after a start) are for the record and can wait.
      order by (status = 'CHECKING') desc, id limit 1 for update skip locked)
    returning id, preview_token, checks_claim as claim, compressed_files, compressed_files_found`.execute(queryOf(em));
  return rows[0];
}

/** Milliseconds until the first lease of a build still due for checks runs out, or null when none is held. */
export async function msUntilLeaseEnds(em: EntityManager): Promise<number | null> {
  const { rows } = await sql<{ ms: number | null }>`
    select ceil(extract(epoch from min(checks_claimed_until) - now()) * 1000)::int as ms from game_builds
    where (status = 'CHECKING' or (status = 'APPROVED' and checks is null)) and checks_claimed_until > now()`.execute(queryOf(em));
  return rows[0]?.ms ?? null;
}

/**
 * Records a build's checks and what they made of an upload (READY or FAILED), when `claim` is the
 * build's current claim: a checker whose lease ran out and was taken over records nothing, so a
 * build gets exactly one set of verdicts. A built-in game's build, approved when it was made,
 * keeps its status: its checks are for the record and for offline play. Answers whether they were recorded.
 */
export async function recordChecks(em: EntityManager, buildId: number, claim: string, checks: BuildChecks, status: 'READY' | 'FAILED'): Promise<boolean> {
  const result = await queryOf(em)
    .updateTable('game_builds')
    .set({
      checks: JSON.stringify(checks),
      status: sql`case when status = 'CHECKING' then ${status} else status end`,
      checks_claimed_until: null,
      checks_claim: null,
      // What the checks found works for its .br/.gz files, when they tried (compressed-files.ts).
      ...(checks.compressedFiles?.works ? { compressed_files_found: sql`case when compressed_files_found is null then null else ${checks.compressedFiles.works} end` } : {}),
    } as never)
    .where('id', '=', buildId)
    .where('checks_claim', '=', claim)
    .where((eb) => eb.or([eb('status', '=', 'CHECKING'), eb.and([eb('status', '=', 'APPROVED'), eb('checks', 'is', null)])]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives an approved build still waiting for its checks (a built-in game's) its recorded verdicts; a checker checking it meanwhile then records nothing. */
export async function setMissingChecks(em: EntityManager, buildId: number, checks: BuildChecks): Promise<void> {
  await queryOf(em)
    .updateTable('game_builds')
    .set({ checks: JSON.stringify(checks), checks_claimed_until: null, checks_claim: null } as never)
    .where('id', '=', buildId)
    .where('status', '=', 'APPROVED')
    .where('checks', 'is', null)
    .execute();
}

/** The live build (its id and version) of the published game with this slug, or null. */
export async function liveBuildOf(em: EntityManager, slug: string): Promise<{ id: number; version: number } | null> {
  const row = await queryOf(em)
    .selectFrom('games as g')
    .innerJoin('game_builds as b', 'b.id', 'g.live_build_id')
    .select(['b.id', 'b.version'])
    .where('g.slug', '=', slug)
    .where('g.status', '=', 'APPROVED')
    .executeTakeFirst();
  return row ?? null;
}

/** A build's files (they never change once it is recorded). */
export async function buildFiles(em: EntityManager, buildId: number): Promise<{ path: string; hash: string; size: number }[]> {
  const rows = await queryOf(em).selectFrom('game_build_files').select(['path', 'hash', 'size']).where('build_id', '=', buildId).execute();
  return rows.map((row) => ({ path: row.path, hash: row.hash, size: Number(row.size) }));
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
