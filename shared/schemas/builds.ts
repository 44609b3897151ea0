/** Uploaded game builds (issue #24): what the automatic checks found, and what the API answers about a build. */
import { z } from 'zod';

/** What becomes of an uploaded build (entities/GameBuild.ts says what each means). */
export const BUILD_STATUSES = ['CHECKING', 'READY', 'FAILED', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];
/** Why a build runs cross-origin isolated (threads): the developer said so, or its upload's scan found a threaded export. */
export const BUILD_THREADS_SOURCES = ['DEVELOPER', 'DETECTED'] as const;
export type BuildThreadsSource = (typeof BUILD_THREADS_SOURCES)[number];
/**
 * How a build's own pre-compressed files (`game.wasm.br`, `index.pck.gz`) are sent: with their
 * Content-Encoding, so the browser decodes them (Unity without decompression fallback, Godot and
 * Emscripten compressed for a server), or as the bytes they are, for a loader that inflates them
 * itself (pako, fflate, DecompressionStream, Unity's decompression fallback); AUTO: as found.
 */
export const COMPRESSED_FILES_FOUND = ['WITH_ENCODING', 'AS_IS'] as const;
export type CompressedFilesServing = (typeof COMPRESSED_FILES_FOUND)[number];
export const COMPRESSED_FILES_SETTINGS = ['AUTO', ...COMPRESSED_FILES_FOUND] as const;
export type CompressedFilesSetting = (typeof COMPRESSED_FILES_SETTINGS)[number];

export const CHECK_VERDICTS = ['pass', 'warn', 'fail'] as const;
export type CheckVerdict = (typeof CHECK_VERDICTS)[number];

/** The automatic checks, in the order they are shown. */
export const BUILD_CHECK_IDS = [
  'total-size',
  'initial-download',
  'file-count',
  'starts',
  'engine',
  'external-requests',
  'portal-sdk',
  'console-errors',
  'phone-fit',
  'offline',
] as const;
export type BuildCheckId = (typeof BUILD_CHECK_IDS)[number];

/**
 * The version of the automatic checks, stored with their verdicts. 2 (issue #47): the start fails on
 * an uncaught error, a file that did not load or a canvas left blank, and the Engine check is new;
 * verdicts without a version are from version 1, which passed builds that never drew.
 */
export const BUILD_CHECKS_VERSION = 2;

/** One automatic check: what it measured, its limit in words, its verdict and, when not a pass, what to change. */
export const buildCheckSchema = z.object({
  id: z.enum(BUILD_CHECK_IDS),
  title: z.string().meta({ description: 'What is checked, in a few words: "Initial download".' }),
  verdict: z.enum(CHECK_VERDICTS),
  measured: z.string().meta({ description: 'What was found, for people: "3.2 MB", "1.4 s", "none".' }),
  limit: z.string().meta({ description: 'The limit, for people: "pass up to 20 MB, fail over 50 MB".' }),
  advice: z.string().nullable().meta({ description: 'What to change, when the verdict is not a pass.' }),
  details: z.array(z.string()).meta({ description: 'What the check listed: blocked addresses, console errors (at most 20).' }),
});
export type BuildCheck = z.output<typeof buildCheckSchema>;

/** A text written from one of the server's messages, with its values: read back in any language (server/i18n/stored-text.ts). */
export type StoredText = { id: string; values?: Record<string, string | number | StoredText> };
const storedTextSchema: z.ZodType<StoredText> = z.lazy(() =>
  z.object({ id: z.string().max(100), values: z.record(z.string(), z.union([z.string().max(5000), z.number(), storedTextSchema])).optional() }),
);

/** A check as stored: the texts written from messages kept beside their English, for the reader's language. Not part of the API. */
const storedBuildCheckSchema = buildCheckSchema.extend({
  texts: z.object({ measured: storedTextSchema.optional(), advice: storedTextSchema.optional(), details: z.array(storedTextSchema.nullable()).optional() }).optional(),
});
export type StoredBuildCheck = z.output<typeof storedBuildCheckSchema>;

/** Every check of a build and the overall verdict: the worst of them. A fail blocks submission; warnings go to the reviewer. */
export const buildChecksSchema = z
  .object({
    verdict: z.enum(CHECK_VERDICTS),
    checksVersion: z.number().int().min(1).optional().meta({
      description: 'The version of the checks that gave these verdicts (2 since the checks fail a game that never draws, throws at start or misses a file); absent from verdicts of version 1.',
    }),
    seconds: z.number().meta({ description: 'How long the checks took.' }),
    browser: z.boolean().meta({ description: 'Whether the game was loaded in headless Chromium (false: only the files were checked).' }),
    offline: z.boolean().meta({ description: 'Whether the game started again with no network after its first load: it is then playable offline.' }),
    loaded: z.array(z.string()).meta({ description: 'Paths of the files the game loaded before it started: what a player downloads first, and what is kept for offline play.' }),
    items: z.array(buildCheckSchema),
    compressedFiles: z
      .object({
        tried: z.array(z.enum(COMPRESSED_FILES_FOUND)).min(1).max(2),
        works: z.enum(COMPRESSED_FILES_FOUND).nullable(),
      })
      .optional()
      .meta({
        description:
          'For a build with pre-compressed files sent as AUTO: the ways the checks ran it (the second only when the first failed to decode them: ' +
          '“incorrect header check”, Unity’s decompression errors) and the one it started with, null when neither.',
      }),
  })
  .meta({ id: 'BuildChecks' });
export type BuildChecks = z.output<typeof buildChecksSchema>;

/** The checks as the checker reports them and the database keeps them (localizedChecks answers them as BuildChecks). */
export const storedBuildChecksSchema = buildChecksSchema.extend({ items: z.array(storedBuildCheckSchema) });
export type StoredBuildChecks = z.output<typeof storedBuildChecksSchema>;

const buildFields = {
  id: z.number().int().meta({ description: 'The build’s id.' }),
  version: z.number().int().meta({ description: 'Its number among the game’s builds: 1, 2, 3… in upload order.' }),
  status: z.enum(BUILD_STATUSES).meta({
    description:
      'CHECKING while the automatic checks run; READY: checked, may be submitted; FAILED: a check failed; SUBMITTED: waiting for review; ' +
      'APPROVED: may be live, and rolled back to; REJECTED: never goes live.',
  }),
  live: z.boolean().meta({ description: 'Whether players get this build now.' }),
  checks: buildChecksSchema.nullable().meta({ description: 'The automatic checks; null while they run.' }),
  reviewNote: z.string().nullable().meta({ description: 'The reviewer’s reason, when the build was rejected.' }),
  previewUrl: z.string().meta({ description: 'Where the build can be tried before it goes live (its own origin).' }),
  threads: z.enum(BUILD_THREADS_SOURCES).nullable().meta({
    description:
      'Whether the build needs SharedArrayBuffer (threads), and so is served cross-origin isolated: DEVELOPER (you said so), DETECTED (its ' +
      'scripts are a threaded export: Emscripten/Unity -pthread, Godot 4 with threads), or null (it runs without).',
  }),
  compressedFiles: z.enum(COMPRESSED_FILES_SETTINGS).meta({
    description:
      'How you want the build’s own pre-compressed files (`index.wasm.br`, `game.data.gz`) sent: AUTO (as its upload’s scan and checks found), ' +
      'WITH_ENCODING (with their Content-Encoding: the browser decodes them, as Unity without decompression fallback needs) or AS_IS ' +
      '(the bytes they are, as GitHub Pages sends them: for a loader that inflates them itself with pako, fflate or DecompressionStream).',
  }),
  compressedFilesServed: z.enum(COMPRESSED_FILES_FOUND).nullable().meta({
    description: 'How those files go now: WITH_ENCODING or AS_IS; null when the build has none.',
  }),
};

/** One build of a game, as the developer portal and the admin's review queue see it. */
export const buildOutput = z.object({
  ...buildFields,
  gameId: z.number().int(),
  fileCount: z.number().int(),
  totalBytes: z.number().int().meta({ description: 'All its files, uncompressed.' }),
  newFiles: z.number().int().meta({ description: 'Files the portal did not hold yet when it was uploaded.' }),
  newBytes: z.number().int(),
  createdAt: z.string().meta({ description: 'When it was uploaded (ISO 8601).' }),
  reviewedAt: z.string().nullable(),
});
export type Build = z.output<typeof buildOutput>;

/** A game's builds, newest first, and which one is live. */
export const gameBuildsOutput = z.object({ liveBuildId: z.number().int().nullable(), builds: z.array(buildOutput) });

/** A build waiting for review, with the game it belongs to. */
export const pendingBuildOutput = buildOutput.extend({
  gameTitle: z.string(),
  gameSlug: z.string(),
  gameStatus: z.string(),
  developer: z.string().nullable(),
});

/** An uploaded build as /api/v1 shows it, just uploaded: the documents' example. */
const V1_BUILD_EXAMPLE = {
  id: 7,
  game_id: 42,
  version: 3,
  status: 'CHECKING',
  live: false,
  file_count: 18,
  total_bytes: 2_310_455,
  new_files: 2,
  new_bytes: 48_210,
  checks: null,
  review_note: null,
  threads: null,
  compressed_files: 'AUTO',
  compressed_files_served: 'WITH_ENCODING',
  preview_url: 'https://build--3f9a1c2b7d4e5a6b7c8d.games.example.org/',
  created_at: '2026-11-25T09:30:00Z',
  reviewed_at: null,
};

/** One uploaded build of a game, as /api/v1 answers it (snake_case, like the rest of v1). */
export const v1BuildOutput = z
  .object({
    id: buildFields.id,
    game_id: z.number().int(),
    version: buildFields.version,
    status: buildFields.status,
    live: buildFields.live,
    file_count: z.number().int(),
    total_bytes: z.number().int().meta({ description: 'All its files, uncompressed.' }),
    new_files: z.number().int().meta({ description: 'Files the portal did not hold yet: unchanged files of earlier builds are stored once.' }),
    new_bytes: z.number().int(),
    checks: buildFields.checks,
    review_note: buildFields.reviewNote,
    threads: buildFields.threads,
    compressed_files: buildFields.compressedFiles,
    compressed_files_served: buildFields.compressedFilesServed,
    preview_url: buildFields.previewUrl,
    created_at: z.string().meta({ description: 'When it was uploaded (ISO 8601).' }),
    reviewed_at: z.string().nullable(),
  })
  .meta({ examples: [V1_BUILD_EXAMPLE] });
export type V1Build = z.output<typeof v1BuildOutput>;

/** A game's builds, newest first. */
export const v1BuildListOutput = z.array(v1BuildOutput).meta({ examples: [[{ ...V1_BUILD_EXAMPLE, status: 'APPROVED', live: true }]] });
