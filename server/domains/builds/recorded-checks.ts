/**
 * The built-in games' check verdicts, shipped with the release (games/recorded-checks.json): the
 * built-in games are the same bytes in every install, so a fresh portal need not spend minutes of
 * Chromium on them. `npm run checks:record-built-in` (scripts/record-built-in-checks.ts) checks each
 * one as a checker would and records its verdict with the build's content hash and the checks'
 * version. A start uses a recorded verdict only when both still match; any other built-in build is
 * checked as an upload is. recorded-checks.test.ts fails in CI when a record no longer matches.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { storedBuildChecksSchema, type StoredBuildChecks } from '../../../shared/schemas/builds';

/** The command that records them again; the test and the script name it. */
export const RECORD_COMMAND = 'npm run checks:record-built-in';

export const RECORDED_CHECKS_FILE = fileURLToPath(new URL('../../../games/recorded-checks.json', import.meta.url));

const CHECKS_DIR = fileURLToPath(new URL('./checks', import.meta.url));
/** The checks' texts, in English as the verdicts store them: part of what they give. */
const CHECK_TEXT_FILES = ['check-messages.ts', 'check-figure-messages.ts', 'engine-messages.ts'].map((name) => fileURLToPath(new URL(`../../i18n/${name}`, import.meta.url)));

const recordSchema = z.object({
  /** builtInBuildHash of the build the verdict is about. */
  build: z.string(),
  /** checksVersion() of the checks that gave it. */
  checksVersion: z.string(),
  checks: storedBuildChecksSchema,
});
export type RecordedCheck = z.output<typeof recordSchema>;

const fileSchema = z.object({ about: z.string().optional(), games: z.record(z.string(), recordSchema) });
/** The records by game slug. */
export type RecordedChecks = Record<string, RecordedCheck>;

/**
 * The checks' version: a hash of their source (checks/, tests aside, and their texts), so any change
 * to what or how they check is a new version without anyone remembering to bump a number. Line
 * endings do not count.
 */
export function checksVersion(dir = CHECKS_DIR): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()
    .map((name) => join(dir, name));
  for (const file of [...files, ...CHECK_TEXT_FILES]) hash.update(`${basename(file)}\0${readFileSync(file, 'utf8').replace(/\r\n/g, '\n')}\0`);
  return hash.digest('hex').slice(0, 16);
}

/** A build's content hash: its files' paths and sha256 hashes, whatever order they are listed in. */
export function builtInBuildHash(files: readonly { path: string; hash: string }[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) hash.update(`${file.path}\0${file.hash}\n`);
  return hash.digest('hex');
}

/** The committed records (none when the file is missing or unreadable: every built-in build is then checked). */
export function loadRecordedChecks(file = RECORDED_CHECKS_FILE): RecordedChecks {
  if (!existsSync(file)) return {};
  const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data.games : {};
}

/** The recorded verdict of `slug`'s build when it is about exactly these files and these checks, else null. */
export function recordedChecksOf(
  recorded: RecordedChecks,
  slug: string,
  files: readonly { path: string; hash: string }[],
  version = checksVersion(),
): StoredBuildChecks | null {
  const record = recorded[slug];
  if (!record || record.checksVersion !== version || record.build !== builtInBuildHash(files)) return null;
  return record.checks;
}

/** The file's text for these records: one game a block, in slug order, so a new recording reads as a small diff. */
export function recordedChecksText(games: RecordedChecks): string {
  const sorted = Object.fromEntries(Object.entries(games).sort(([a], [b]) => (a < b ? -1 : 1)));
  const about = `The built-in games' check verdicts, by slug, each with its build's content hash and the checks' version. Written by \`${RECORD_COMMAND}\`; never edit by hand.`;
  return `${JSON.stringify({ about, games: sorted }, null, 2)}\n`;
}
