/** The queries behind the portal's frame-src list (server/http/frame-origins.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { queryOf } from '../../db/kysely';

/** The origins published games allow, each once; at most `limit` of them. */
export async function publishedGameOrigins(em: EntityManager, limit: number): Promise<string[]> {
  const rows = await queryOf(em)
    .selectFrom('game_origins as o')
    .innerJoin('games as g', 'g.id', 'o.game_id')
    .select('o.allowed_origin')
    .distinct()
    .where('g.status', '=', 'APPROVED')
    .limit(limit)
    .execute();
  return rows.map((row) => row.allowed_origin);
}

/** The source URLs of the games waiting for review, each once. */
export async function pendingGameSources(em: EntityManager): Promise<string[]> {
  const rows = await queryOf(em)
    .selectFrom('games')
    .select('src_url')
    .distinct()
    .where('status', '=', 'PENDING')
    .where('src_url', 'is not', null)
    .$narrowType<{ src_url: string }>()
    .execute();
  return rows.map((row) => row.src_url);
}
