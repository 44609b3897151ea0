/**
 * Builds of a game (issue #24): upload, follow the checks, submit for review, put an approved
 * build back live; and the admin's review of each build. The developer portal calls them with its
 * session (/api and tRPC), clients of the public API with a key (/api/v1). An upload's body is the
 * zip itself, which the transport streams to a temporary file (server/http/uploads.ts).
 */
import { z } from 'zod';
import { buildOutput, gameBuildsOutput, idParamSchema, noInput, pendingBuildOutput, v1BuildListOutput, v1BuildOutput } from '../../../shared/schemas';
import { requiredText } from '../../../shared/schemas/fields';
import { COMPRESSED_FILES_SETTINGS } from '../../../shared/schemas/builds';
import { PUBLIC_API } from '../../../shared/constants';
import { UploadedFile } from '../uploaded-file';
import type { ApiKeyContext } from '../context';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { Conflict, NotFound, Validation } from '../errors';
import { BUILD_LIMITS } from './archive';
import { approveBuild, getBuild, listBuilds, listSubmittedBuilds, rejectBuild, setBuildCompressedFilesOf, setBuildThreadsOf, setLive, submitBuild, toV1Build, uploadBuild } from './service';

/** Uploads an account may make in an hour: a developer iterating on a build, not a flood of zips. */
const BUILD_UPLOADS_PER_HOUR = 60;
const MB = 1024 * 1024;
/** The v1 reads and decisions of builds share the budget of the key's other game calls. */
const v1GameCalls = { group: 'v1-games', perAccount: PUBLIC_API.gamesPerHour, windowMs: HOUR_MS, account: ({ ctx }: { ctx: ApiKeyContext }) => String(ctx.apiKeyId) };

const uploadSummary =
  `Upload a build of one of your games: a zip with an index.html (at its root or in its one top folder), sent as the body ` +
  `(Content-Type: application/zip) or as a multipart/form-data file; at most ${BUILD_LIMITS.maxFiles} files and ` +
  `${BUILD_LIMITS.maxTotalBytes / MB} MB unpacked, ${BUILD_LIMITS.maxZipBytes / MB} MB zipped. Files the portal already holds, from any ` +
  `earlier build, are stored once. The automatic checks start at once: the build is CHECKING until they are done.`;

const gameId = idParamSchema.meta({ description: 'The id of your game.' });
const buildId = idParamSchema.meta({ description: 'The id of one of its builds.' });
const uploadInput = z.object({ id: gameId, file: z.instanceof(UploadedFile) });
const buildInput = z.object({ id: gameId, buildId });
const submitSummary = 'Send a checked build (READY) to review; a failing check blocks it (409). A build submitted earlier and not reviewed yet goes back to READY.';
const threadsSummary =
  'Say whether a build needs threads (SharedArrayBuffer: Godot 4 with threads, Emscripten or Unity built with -pthread): its host and its ' +
  'game page are then served cross-origin isolated (COOP same-origin, COEP require-corp), within 5 seconds. The upload sets it by itself ' +
  'when the build’s scripts are a threaded export (`threads`: DETECTED). Any build but a rejected one (409).';
const threadsInput = z
  .object({ id: gameId, buildId, threads: z.boolean().meta({ description: 'true: the build needs threads; false: it runs without.' }) })
  .meta({ examples: [{ threads: true }] });
const compressedFilesSummary =
  'Say how the build’s own pre-compressed files (`index.wasm.br`, `game.data.gz`) are sent: WITH_ENCODING (with their Content-Encoding, ' +
  'so the browser decodes them: Unity without decompression fallback, Godot or Emscripten compressed for a server), AS_IS (the bytes ' +
  'they are, as GitHub Pages sends them, for a loader that inflates them itself: pako, fflate, DecompressionStream), or AUTO (as the ' +
  'upload’s scan of its scripts and its checks found). The games origin follows within 5 seconds. Any build but a rejected one (409).';
const compressedFilesInput = z
  .object({ id: gameId, buildId, compressedFiles: z.enum(COMPRESSED_FILES_SETTINGS).meta({ description: 'AUTO, WITH_ENCODING or AS_IS.' }) })
  .meta({ examples: [{ compressedFiles: 'AS_IS' }] });
const v1CompressedFilesInput = z
  .object({ id: gameId, buildId, compressed_files: z.enum(COMPRESSED_FILES_SETTINGS).meta({ description: 'AUTO, WITH_ENCODING or AS_IS.' }) })
  .meta({ examples: [{ compressed_files: 'AS_IS' }] });
const liveSummary = 'Put an approved build of your published game live again: a rollback to an earlier version, or back to a newer one.';

/**
 * The developer portal's upload, on /api only: its body is a file streamed to disk, which tRPC's
 * transport would read whole into memory (and fetch, which tRPC uses, cannot report upload progress).
 */
export const buildUploadOperations = {
  upload: defineOperation({
    method: 'POST',
    path: '/dev/games/{id}/builds',
    access: 'user',
    summary: uploadSummary,
    tags: ['developer'],
    input: uploadInput,
    output: buildOutput,
    successStatus: 201,
    upload: { maxBytes: BUILD_LIMITS.maxZipBytes },
    rateLimit: { group: 'builds', perIp: BUILD_UPLOADS_PER_HOUR * 2, perAccount: BUILD_UPLOADS_PER_HOUR, windowMs: HOUR_MS, account: signedInAccount },
    errors: [NotFound, Validation],
    run: ({ ctx, input }) => uploadBuild(ctx, input.id, input.file),
  }),
};

export const buildsOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/dev/games/{id}/builds',
    access: 'user',
    summary: 'Your game’s builds, newest first, with their checks and which one is live',
    tags: ['developer'],
    input: z.object({ id: gameId }),
    output: gameBuildsOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => listBuilds(ctx, input.id),
  }),
  get: defineOperation({
    method: 'GET',
    path: '/dev/games/{id}/builds/{buildId}',
    access: 'user',
    summary: 'One build of your game, with its automatic checks once they are done',
    tags: ['developer'],
    input: buildInput,
    output: buildOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => getBuild(ctx, input.id, input.buildId),
  }),
  submit: defineOperation({
    method: 'POST',
    path: '/dev/games/{id}/builds/{buildId}/submit',
    access: 'user',
    summary: submitSummary,
    tags: ['developer'],
    input: buildInput,
    output: buildOutput,
    errors: [NotFound, Conflict, Validation],
    run: ({ ctx, input }) => submitBuild(ctx, input.id, input.buildId),
  }),
  setLive: defineOperation({
    method: 'POST',
    path: '/dev/games/{id}/builds/{buildId}/live',
    access: 'user',
    summary: liveSummary,
    tags: ['developer'],
    input: buildInput,
    output: buildOutput,
    errors: [NotFound, Conflict],
    run: ({ ctx, input }) => setLive(ctx, input.id, input.buildId),
  }),
  setThreads: defineOperation({
    method: 'POST',
    path: '/dev/games/{id}/builds/{buildId}/threads',
    access: 'user',
    summary: threadsSummary,
    tags: ['developer'],
    input: threadsInput,
    output: buildOutput,
    errors: [NotFound, Conflict],
    run: ({ ctx, input }) => setBuildThreadsOf(ctx, input.id, input.buildId, input.threads),
  }),
  setCompressedFiles: defineOperation({
    method: 'POST',
    path: '/dev/games/{id}/builds/{buildId}/compressed-files',
    access: 'user',
    summary: compressedFilesSummary,
    tags: ['developer'],
    input: compressedFilesInput,
    output: buildOutput,
    errors: [NotFound, Conflict],
    run: ({ ctx, input }) => setBuildCompressedFilesOf(ctx, input.id, input.buildId, input.compressedFiles),
  }),
  pending: defineOperation({
    method: 'GET',
    path: '/admin/builds',
    access: 'admin',
    summary: 'Builds waiting for review, the longest waiting first, with their automatic checks',
    tags: ['admin'],
    input: noInput,
    output: z.array(pendingBuildOutput),
    run: ({ ctx }) => listSubmittedBuilds(ctx),
  }),
  approve: defineOperation({
    method: 'POST',
    path: '/admin/builds/{id}/approve',
    access: 'admin',
    summary: 'Approve a submitted build of a published game: it goes live at once, in place of the current one',
    tags: ['admin'],
    input: z.object({ id: idParamSchema }),
    output: buildOutput,
    errors: [NotFound, Conflict],
    run: ({ ctx, input }) => approveBuild(ctx, input.id),
  }),
  reject: defineOperation({
    method: 'POST',
    path: '/admin/builds/{id}/reject',
    access: 'admin',
    summary: 'Reject a submitted build, saying why; the live build stays',
    tags: ['admin'],
    input: z.object({ id: idParamSchema, reason: requiredText(500) }),
    output: buildOutput,
    errors: [NotFound, Conflict],
    run: ({ ctx, input }) => rejectBuild(ctx, input.id, input.reason),
  }),
};

export const v1BuildsOperations = {
  upload: defineOperation({
    method: 'POST',
    path: '/games/{id}/builds',
    access: 'apiKey',
    summary: uploadSummary,
    tags: ['v1'],
    input: uploadInput,
    output: v1BuildOutput,
    successStatus: 201,
    upload: { maxBytes: BUILD_LIMITS.maxZipBytes },
    rateLimit: { group: 'v1-builds', perAccount: BUILD_UPLOADS_PER_HOUR, windowMs: HOUR_MS, account: ({ ctx }) => String(ctx.apiKeyId) },
    errors: [NotFound, Validation],
    run: async ({ ctx, input }) => toV1Build(await uploadBuild(ctx, input.id, input.file)),
  }),
  list: defineOperation({
    method: 'GET',
    path: '/games/{id}/builds',
    access: 'apiKey',
    summary: 'Your game’s builds, newest first, with their checks; `live` marks the one players get',
    tags: ['v1'],
    input: z.object({ id: gameId }),
    output: v1BuildListOutput,
    rateLimit: v1GameCalls,
    errors: [NotFound],
    run: async ({ ctx, input }) => (await listBuilds(ctx, input.id)).builds.map(toV1Build),
  }),
  get: defineOperation({
    method: 'GET',
    path: '/games/{id}/builds/{buildId}',
    access: 'apiKey',
    summary: 'One build of your game: poll it after an upload until `status` leaves CHECKING, then read `checks`',
    tags: ['v1'],
    input: buildInput,
    output: v1BuildOutput,
    rateLimit: v1GameCalls,
    errors: [NotFound],
    run: async ({ ctx, input }) => toV1Build(await getBuild(ctx, input.id, input.buildId)),
  }),
  submit: defineOperation({
    method: 'POST',
    path: '/games/{id}/builds/{buildId}/submit',
    access: 'apiKey',
    summary: submitSummary,
    tags: ['v1'],
    input: buildInput,
    output: v1BuildOutput,
    rateLimit: v1GameCalls,
    errors: [NotFound, Conflict, Validation],
    run: async ({ ctx, input }) => toV1Build(await submitBuild(ctx, input.id, input.buildId)),
  }),
  setLive: defineOperation({
    method: 'POST',
    path: '/games/{id}/builds/{buildId}/live',
    access: 'apiKey',
    summary: liveSummary,
    tags: ['v1'],
    input: buildInput,
    output: v1BuildOutput,
    rateLimit: v1GameCalls,
    errors: [NotFound, Conflict],
    run: async ({ ctx, input }) => toV1Build(await setLive(ctx, input.id, input.buildId)),
  }),
  setThreads: defineOperation({
    method: 'POST',
    path: '/games/{id}/builds/{buildId}/threads',
    access: 'apiKey',
    summary: threadsSummary,
    tags: ['v1'],
    input: threadsInput,
    output: v1BuildOutput,
    rateLimit: v1GameCalls,
    errors: [NotFound, Conflict],
    run: async ({ ctx, input }) => toV1Build(await setBuildThreadsOf(ctx, input.id, input.buildId, input.threads)),
  }),
  setCompressedFiles: defineOperation({
    method: 'POST',
    path: '/games/{id}/builds/{buildId}/compressed-files',
    access: 'apiKey',
    summary: compressedFilesSummary,
    tags: ['v1'],
    input: v1CompressedFilesInput,
    output: v1BuildOutput,
    rateLimit: v1GameCalls,
    errors: [NotFound, Conflict],
    run: async ({ ctx, input }) => toV1Build(await setBuildCompressedFilesOf(ctx, input.id, input.buildId, input.compressed_files)),
  }),
};
