import { defineEntity, p } from '@mikro-orm/core';
import { BUILD_STATUSES, BUILD_THREADS_SOURCES, COMPRESSED_FILES_FOUND, COMPRESSED_FILES_SETTINGS, type BuildChecks } from '../shared/schemas/builds';
import { BaseSchema } from './base';
import { Game } from './Game';
import { User } from './User';

/**
 * One uploaded build of a game: its files are game_build_files, their bytes in the build storage.
 * Its status: CHECKING while the automatic checks run, then READY (may be submitted) or FAILED (a
 * check failed); SUBMITTED waits for review; APPROVED builds can be live (games.live_build_id) and
 * rolled back to; REJECTED ones never.
 */
export const GameBuildSchema = defineEntity({
  name: 'GameBuild',
  tableName: 'game_builds',
  extends: BaseSchema,
  properties: {
    game: () => p.manyToOne(Game).deleteRule('cascade'),
    /** 1, 2, 3… per game, in upload order. */
    version: p.integer(),
    status: p.enum(BUILD_STATUSES).default('CHECKING'),
    uploadedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    fileCount: p.integer(),
    totalBytes: p.bigint('number'),
    /** The automatic checks' results (what each found, its verdict); null until they have run. */
    checks: p.json<BuildChecks>().nullable(),
    /** Random: names the build's preview host, `build--{previewToken}.<games host>`, which only those shown it can guess. */
    previewToken: p.string().length(32).unique(),
    /** What the upload added to the build storage (files no earlier build had). */
    newFiles: p.integer().default(0),
    newBytes: p.bigint('number').default(0),
    submittedAt: p.datetime().nullable(),
    /** While a portal process runs its checks: another process takes them over only after this. */
    checksClaimedUntil: p.datetime().nullable(),
    /** Random, per claim: only the checker holding the current claim may record the verdicts, so a build gets one set. */
    checksClaim: p.string().length(43).nullable(),
    reviewedAt: p.datetime().nullable(),
    /** The reviewer's reason, when rejected. */
    reviewNote: p.text().nullable(),
    /**
     * Why the build needs SharedArrayBuffer, so its host is cross-origin isolated
     * (server/http/game-headers.ts): DEVELOPER (ticked), DETECTED (its scripts are a threaded
     * export: builds/threads.ts), or null (it does not).
     */
    threads: p.enum(BUILD_THREADS_SOURCES).nullable(),
    /**
     * How the build's own `.br`/`.gz` files are sent (server/http/game-headers.ts): AUTO (as
     * compressedFilesFound says), WITH_ENCODING (with their Content-Encoding: the browser decodes
     * them) or AS_IS (the bytes they are: the build's loader inflates them), as the developer set it.
     */
    compressedFiles: p.enum(COMPRESSED_FILES_SETTINGS).default('AUTO'),
    /** What works for this build, found by the upload's scan of its loader or by its checks; null when it has no such file. */
    compressedFilesFound: p.enum(COMPRESSED_FILES_FOUND).nullable(),
  },
  uniques: [{ properties: ['game', 'version'] }],
  indexes: [{ name: 'game_builds_status_index', properties: ['status', 'submittedAt'] }, { properties: ['uploadedBy'] }],
});

export class GameBuild extends GameBuildSchema.class {}
GameBuildSchema.setClass(GameBuild);
