/** What the games origin reads of builds to serve them (server/http/build-files.ts), beside queries.ts's. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BuildChecks, CompressedFilesServing, CompressedFilesSetting } from '../../../shared/schemas/builds';
import { queryOf } from '../../db/kysely';

/** A build's number and what its automatic checks found about offline play, or undefined when there is no such build. */
export async function offlineFactsOf(em: EntityManager, buildId: number): Promise<{ version: number; checks: BuildChecks | null } | undefined> {
  const row = await queryOf(em).selectFrom('game_builds').select(['version', 'checks']).where('id', '=', buildId).executeTakeFirst();
  if (!row) return undefined;
  // PGlite and node-postgres both hand jsonb back parsed; a string is a json text stored as such.
  const checks = typeof row.checks === 'string' ? (JSON.parse(row.checks) as BuildChecks) : ((row.checks ?? null) as BuildChecks | null);
  return { version: row.version, checks };
}

/**
 * What the games origin needs of the build a host serves: its id, its number, whether it runs
 * cross-origin isolated, and how its own .br/.gz files go.
 */
export type ServedBuild = { id: number; version: number; threads: boolean; compressedFiles: CompressedFilesServing };

/**
 * How a build's .br/.gz files go: as the developer set it, else as its scan or checks found, else
 * with their encoding (what every build got before the setting existed).
 */
export function compressedFilesServingOf(setting: CompressedFilesSetting, found: CompressedFilesServing | null): CompressedFilesServing {
  return setting !== 'AUTO' ? setting : (found ?? 'WITH_ENCODING');
}

function servedBuildOf(row: { id: number; version: number; threads: string | null; compressed_files: CompressedFilesSetting; compressed_files_found: CompressedFilesServing | null }): ServedBuild {
  return { id: row.id, version: row.version, threads: row.threads !== null, compressedFiles: compressedFilesServingOf(row.compressed_files, row.compressed_files_found) };
}

/** The live build of the published game with this slug, or null. */
export async function liveServedBuildOf(em: EntityManager, slug: string): Promise<ServedBuild | null> {
  const row = await queryOf(em)
    .selectFrom('games as g')
    .innerJoin('game_builds as b', 'b.id', 'g.live_build_id')
    .select(['b.id', 'b.version', 'b.threads', 'b.compressed_files', 'b.compressed_files_found'])
    .where('g.slug', '=', slug)
    .where('g.status', '=', 'APPROVED')
    .executeTakeFirst();
  return row ? servedBuildOf(row) : null;
}

/** The build whose preview host carries `token` (any status but REJECTED: a rejected build is not shown again), or null. */
export async function previewServedBuildOf(em: EntityManager, token: string): Promise<ServedBuild | null> {
  const row = await queryOf(em)
    .selectFrom('game_builds')
    .select(['id', 'version', 'threads', 'compressed_files', 'compressed_files_found'])
    .where('preview_token', '=', token)
    .where('status', '!=', 'REJECTED')
    .executeTakeFirst();
  return row ? servedBuildOf(row) : null;
}
