/**
 * Uploaded builds of a game (issue #24): a zip is read and refused or accepted whole
 * (archive.ts), each of its files stored once by content in the build storage (storage/), and the
 * build recorded with its files in one transaction, so a build is never half there. Then its
 * automatic checks run (check-worker.ts); a build that passed them may be submitted, an admin
 * approves it, and approving swaps it live in one statement. An earlier approved build can be put
 * back live at any time (rollback).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Game } from '../../../entities';
import { allowSourceOrigin } from '../games/writer';
import type { Build, V1Build } from '../../../shared/schemas';
import type { CompressedFilesSetting } from '../../../shared/schemas/builds';
import { gameOriginOf, previewOriginOf } from '../../../shared/urls';
import type { Env } from '../../env';
import type { UploadedFile } from '../uploaded-file';
import type { AuthedContext } from '../context';
import { audit } from '../admin/audit';
import { Conflict, NotFound, Validation } from '../errors';
import { THUMBNAIL_NAMES, thumbnailPathOf, thumbnailUrlOf } from './thumbnails';
import { extractBuild } from './archive';
import { setBuildThreads, threadsEvidenceOf } from './threads';
import { sendBuildDecision } from './decision-mail';
import { storeMissing } from './storage/blob-store';
import { compressBuildFiles } from './storage/compression';
import { compressedFilesFoundOf, setBuildCompressedFiles, setCompressedFilesFound } from './compressed-files';
import { compressedFilesServingOf } from './serving-queries';
import {
  buildById,
  buildFiles,
  buildsOfGame,
  gameOfBuilds,
  insertBuild,
  isOwnGame,
  setBuildStatus,
  submittedBuildOf,
  submittedBuilds,
  type BuildGame,
  type BuildRow,
} from './queries';
import { text } from '../../i18n/translate';
import type { Locale } from '../../../src/i18n/locales';
import { localizedChecks } from './checks/verdicts';

/** A build as the developer portal and the admin see it, its checks' fixed texts in `locale`. */
export function toBuild(env: Pick<Env, 'GAMES_PUBLIC_URL'>, row: BuildRow, locale: Locale): Build {
  return {
    id: row.id,
    gameId: row.game_id,
    version: row.version,
    status: row.status,
    live: row.live,
    fileCount: row.file_count,
    totalBytes: row.total_bytes,
    newFiles: row.new_files,
    newBytes: row.new_bytes,
    checks: row.checks && localizedChecks(row.checks, locale),
    reviewNote: row.review_note,
    threads: row.threads,
    compressedFiles: row.compressed_files,
    compressedFilesServed: row.compressed_files_found === null ? null : compressedFilesServingOf(row.compressed_files, row.compressed_files_found),
    previewUrl: `${previewOriginOf(env.GAMES_PUBLIC_URL, row.preview_token)}/`,
    createdAt: new Date(row.created_at).toISOString(),
    reviewedAt: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
  };
}

/** The same build as /api/v1 answers it. */
export function toV1Build(build: Build): V1Build {
  return {
    id: build.id,
    game_id: build.gameId,
    version: build.version,
    status: build.status,
    live: build.live,
    file_count: build.fileCount,
    total_bytes: build.totalBytes,
    new_files: build.newFiles,
    new_bytes: build.newBytes,
    checks: build.checks,
    review_note: build.reviewNote,
    threads: build.threads,
    compressed_files: build.compressedFiles,
    compressed_files_served: build.compressedFilesServed,
    preview_url: build.previewUrl,
    created_at: build.createdAt,
    reviewed_at: build.reviewedAt,
  };
}

/**
 * Makes the build the game's live build (one UPDATE of the game's row: players get the old build
 * or the new one, never a mix) and lets the portal frame the game's own origin, which a game
 * linked elsewhere until now did not have. Flushed with the caller's transaction.
 */
async function putLive(tx: EntityManager, gameId: number, buildId: number, gamesPublicUrl: string): Promise<void> {
  const game = await tx.findOneOrFail(Game, { id: gameId }, { populate: ['origins'] });
  game.liveBuildId = buildId;
  game.srcUrl = `${gameOriginOf(gamesPublicUrl, game.slug)}/`;
  allowSourceOrigin(tx, game);
}

/** Once a new build is live: pages show its version, and the portal may frame its origin. */
async function afterGoingLive(ctx: AuthedContext, gameId: number): Promise<void> {
  await ctx.services.catalogCache.invalidateCommitted(ctx.em, [gameId]);
  await ctx.services.frameOrigins.refresh(ctx.em);
}

/** The caller's game (any other game is a 404, whoever owns it: its existence is not told). */
async function ownGame(ctx: AuthedContext, gameId: number, em: EntityManager = ctx.em, lock = false): Promise<BuildGame> {
  const game = await gameOfBuilds(em, gameId, { lock });
  if (!game || game.owner_id !== ctx.user.id) throw new NotFound(text('games.notFound'));
  return game;
}

async function requireBuildOf(em: EntityManager, gameId: number, buildId: number): Promise<BuildRow> {
  const build = await buildById(em, buildId);
  if (!build || build.game_id !== gameId) throw new NotFound(text('builds.notFound'));
  return build;
}

/** The build as a decision just left it (its game's ownership was checked inside that decision). */
async function buildAsItIs(ctx: AuthedContext, gameId: number, buildId: number): Promise<Build> {
  return toBuild(ctx.services.env, await requireBuildOf(ctx.em.fork(), gameId, buildId), ctx.locale);
}

/** Stores a build of one of the caller's games; its checks start at once (status CHECKING). */
export async function uploadBuild(ctx: AuthedContext, gameId: number, upload: UploadedFile): Promise<Build> {
  if (!(await isOwnGame(ctx.em, gameId, ctx.user.id))) throw new NotFound(text('games.notFound'));
  const workDir = await mkdtemp(join(tmpdir(), 'playfree-build-'));
  let buildId: number;
  try {
    const files = await extractBuild(upload.path, workDir);
    // A threaded export (SharedArrayBuffer) is served cross-origin isolated from the start. Read
    // before storing: the storage may take the extracted files away.
    const threads = await threadsEvidenceOf(files);
    // Whether its loader inflates its own .br/.gz files or needs the browser to (compressed-files.ts).
    const compressed = await compressedFilesFoundOf(files);
    // Compressed once, here, so no player's request ever compresses a file (storage/compression.ts).
    await compressBuildFiles(ctx.services.orm, ctx.services.buildStorage, files.map((file) => ({ ...file, file: file.tempPath })));
    const added = await storeMissing(ctx.services.buildStorage, files.map((file) => ({ ...file, file: file.tempPath })));
    // Blobs first, then the rows naming them: a build recorded is a build whose bytes are all there.
    buildId = await ctx.em.fork().transactional(async (tx) => {
      const id = await insertBuild(tx, {
        gameId,
        uploadedById: ctx.user.id,
        previewToken: randomBytes(10).toString('hex'),
        status: 'CHECKING',
        totalBytes: files.reduce((sum, file) => sum + file.size, 0),
        ...added,
        files: files.map(({ path, hash, size }) => ({ path, hash, size })),
      });
      if (threads) await setBuildThreads(tx, id, 'DETECTED');
      if (compressed) await setCompressedFilesFound(tx, id, compressed.found);
      return id;
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  // Read before the checks are started: a quick check could otherwise finish before this read,
  // and the upload's answer would not be the build it stored.
  const stored = toBuild(ctx.services.env, (await buildById(ctx.em.fork(), buildId))!, ctx.locale);
  ctx.services.buildChecks.kick();
  return stored;
}

/**
 * The developer says whether a build needs threads (SharedArrayBuffer): it is then served
 * cross-origin isolated, its game page too, within a few seconds. Any build but a rejected one:
 * isolation changes no other game's or player's data, only what the build's own pages may embed.
 */
export async function setBuildThreadsOf(ctx: AuthedContext, gameId: number, buildId: number, threads: boolean): Promise<Build> {
  await ownGame(ctx, gameId);
  const build = await requireBuildOf(ctx.em, gameId, buildId);
  if (build.status === 'REJECTED') throw new Conflict(text('builds.rejected'));
  await setBuildThreads(ctx.em, buildId, threads ? 'DEVELOPER' : null);
  return buildAsItIs(ctx, gameId, buildId);
}

/**
 * The developer says how the build's own .br/.gz files go (AUTO: as its scan and checks found):
 * the games origin follows within a few seconds. Any build but a rejected one; a build with no such
 * file keeps the setting for nothing.
 */
export async function setBuildCompressedFilesOf(ctx: AuthedContext, gameId: number, buildId: number, setting: CompressedFilesSetting): Promise<Build> {
  await ownGame(ctx, gameId);
  const build = await requireBuildOf(ctx.em, gameId, buildId);
  if (build.status === 'REJECTED') throw new Conflict(text('builds.rejected'));
  await setBuildCompressedFiles(ctx.em, buildId, setting);
  return buildAsItIs(ctx, gameId, buildId);
}

export async function listBuilds(ctx: AuthedContext, gameId: number): Promise<{ liveBuildId: number | null; builds: Build[] }> {
  const game = await ownGame(ctx, gameId);
  const rows = await buildsOfGame(ctx.em, gameId);
  return { liveBuildId: game.live_build_id, builds: rows.map((row) => toBuild(ctx.services.env, row, ctx.locale)) };
}

export async function getBuild(ctx: AuthedContext, gameId: number, buildId: number): Promise<Build> {
  await ownGame(ctx, gameId);
  return toBuild(ctx.services.env, await requireBuildOf(ctx.em, gameId, buildId), ctx.locale);
}

/**
 * Sends a checked build to review. A failing check blocks it; warnings go to the reviewer. A build
 * submitted earlier and not yet reviewed is withdrawn (back to READY): the reviewer sees the newest.
 */
export async function submitBuild(ctx: AuthedContext, gameId: number, buildId: number): Promise<Build> {
  await ctx.em.fork().transactional(async (tx) => {
    const game = await ownGame(ctx, gameId, tx, true);
    const build = await requireBuildOf(tx, gameId, buildId);
    if (build.status === 'CHECKING') throw new Conflict(text('builds.checksRunning'));
    if (build.status === 'FAILED') throw new Conflict(text('builds.checkFailed'));
    if (build.status !== 'READY') throw new Conflict(text('builds.alreadySubmitted', { status: build.status }));
    if (game.thumb_url === thumbnailUrlOf(ctx.services.env.GAMES_PUBLIC_URL, game.slug)) {
      const files = await buildFiles(tx, buildId);
      if (!thumbnailPathOf(files.map((file) => file.path))) {
        throw new Validation('thumb.png', text('builds.noThumbnail', { names: THUMBNAIL_NAMES.slice(0, 3).join(', ') }));
      }
    }
    const earlier = await submittedBuildOf(tx, gameId);
    if (earlier) await setBuildStatus(tx, earlier.id, { status: 'READY' });
    await setBuildStatus(tx, buildId, { status: 'SUBMITTED', submittedAt: new Date() });
  });
  return buildAsItIs(ctx, gameId, buildId);
}

/** Puts an earlier approved build of a published game back live (or a newer approved one again). */
export async function setLive(ctx: AuthedContext, gameId: number, buildId: number): Promise<Build> {
  await ctx.em.fork().transactional(async (tx) => {
    const game = await ownGame(ctx, gameId, tx, true);
    const build = await requireBuildOf(tx, gameId, buildId);
    if (game.status !== 'APPROVED') throw new Conflict(text('builds.notPublished'));
    if (build.status !== 'APPROVED') throw new Conflict(text('builds.notApproved'));
    if (build.live) return;
    await putLive(tx, gameId, buildId, ctx.services.env.GAMES_PUBLIC_URL);
    audit(tx, ctx, 'BUILD_ROLLED_BACK', 'build', buildId, { gameId, version: build.version, from: game.live_build_id });
    await tx.flush();
  });
  await afterGoingLive(ctx, gameId);
  return buildAsItIs(ctx, gameId, buildId);
}

/** Builds waiting for review, for the admin. */
export async function listSubmittedBuilds(ctx: AuthedContext) {
  const rows = await submittedBuilds(ctx.em);
  return rows.map((row) => ({
    ...toBuild(ctx.services.env, row, ctx.locale),
    gameTitle: row.game_title,
    gameSlug: row.game_slug,
    gameStatus: row.game_status,
    developer: row.studio,
  }));
}

async function requireSubmitted(tx: EntityManager, buildId: number): Promise<{ build: BuildRow; game: BuildGame }> {
  const found = await buildById(tx, buildId);
  if (!found) throw new NotFound(text('builds.notFound'));
  const game = (await gameOfBuilds(tx, found.game_id, { lock: true }))!;
  // Read again under the game's lock: a decision made meanwhile is seen.
  const build = (await buildById(tx, buildId))!;
  if (build.status !== 'SUBMITTED') throw new Conflict(text('admin.buildNotWaiting', { status: build.status }));
  return { build, game };
}

/**
 * Approves a submitted build of a published game: it becomes the live build in the same
 * transaction (one UPDATE of the game's row: players get the old build or the new one, never a mix).
 * A game still waiting for its own review is approved from Pending Games, which puts its build live.
 */
export async function approveBuild(ctx: AuthedContext, buildId: number): Promise<Build> {
  const decided = await ctx.em.fork().transactional(async (tx) => {
    const { build, game } = await requireSubmitted(tx, buildId);
    if (game.status !== 'APPROVED') throw new Conflict(text('admin.gameWaits'));
    await setBuildStatus(tx, buildId, { status: 'APPROVED', reviewedAt: new Date(), reviewNote: null });
    await putLive(tx, game.id, buildId, ctx.services.env.GAMES_PUBLIC_URL);
    audit(tx, ctx, 'BUILD_APPROVED', 'build', buildId, { gameId: game.id, version: build.version, replaced: game.live_build_id });
    await tx.flush();
    return { game, version: build.version };
  });
  await afterGoingLive(ctx, decided.game.id);
  await sendBuildDecision(ctx, decided.game, { version: decided.version, approved: true });
  return buildAsItIs(ctx, decided.game.id, buildId);
}

export async function rejectBuild(ctx: AuthedContext, buildId: number, reason: string): Promise<Build> {
  const decided = await ctx.em.fork().transactional(async (tx) => {
    const { build, game } = await requireSubmitted(tx, buildId);
    await setBuildStatus(tx, buildId, { status: 'REJECTED', reviewedAt: new Date(), reviewNote: reason });
    audit(tx, ctx, 'BUILD_REJECTED', 'build', buildId, { gameId: game.id, version: build.version, reason });
    await tx.flush();
    return { game, version: build.version };
  });
  await sendBuildDecision(ctx, decided.game, { version: decided.version, approved: false, reason });
  return buildAsItIs(ctx, decided.game.id, buildId);
}

/** Whether the game is played from its own origin here (its files uploaded), rather than linked. */
export function isHostedHere(gamesPublicUrl: string, game: Pick<Game, 'slug' | 'srcUrl'>): boolean {
  return game.srcUrl === `${gameOriginOf(gamesPublicUrl, game.slug)}/`;
}

/**
 * On a game's approval (inside its transaction): its submitted build, if any, is approved and
 * goes live with it. A game hosted here with no build to put live cannot be approved.
 */
export async function publishSubmittedBuild(tx: EntityManager, game: Game, gamesPublicUrl: string): Promise<void> {
  const submitted = await submittedBuildOf(tx, game.id);
  if (!submitted) {
    if (isHostedHere(gamesPublicUrl, game) && !game.liveBuildId) throw new Conflict(text('builds.nothingToPlay'));
    return;
  }
  await setBuildStatus(tx, submitted.id, { status: 'APPROVED', reviewedAt: new Date(), reviewNote: null });
  game.liveBuildId = submitted.id;
  game.srcUrl = `${gameOriginOf(gamesPublicUrl, game.slug)}/`;
}
