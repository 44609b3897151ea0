/** What the games origin reads of builds to serve them (server/http/build-files.ts), beside queries.ts's. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BuildChecks } from '../../../shared/schemas/builds';
import { queryOf } from '../../db/kysely';

/** A build's number and what its automatic checks found about offline play, or undefined when there is no such build. */
export async function offlineFactsOf(em: EntityManager, buildId: number): Promise<{ version: number; checks: BuildChecks | null } | undefined> {
  const row = await queryOf(em).selectFrom('game_builds').select(['version', 'checks']).where('id', '=', buildId).executeTakeFirst();
  if (!row) return undefined;
  // PGlite and node-postgres both hand jsonb back parsed; a string is a json text stored as such.
  const checks = typeof row.checks === 'string' ? (JSON.parse(row.checks) as BuildChecks) : ((row.checks ?? null) as BuildChecks | null);
  return { version: row.version, checks };
}
