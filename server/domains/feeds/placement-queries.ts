/** The queries of an admin's word on single games: an imported one in the Kids Zone, the portal's own on home. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { FeedGame, HomePlacement } from '../../../shared/schemas/feeds';

export type PlacedGame = { id: number; slug: string; distributor: string | null; home_placement: HomePlacement | null };

/** The game, locked for this transaction (two admins' words on it apply one after the other). */
export async function lockGame(em: EntityManager, id: number): Promise<PlacedGame | undefined> {
  const { rows } = await sql<PlacedGame>`select id, slug, distributor, home_placement from games where id = ${id} for update`.execute(em.getKysely());
  return rows[0];
}

/** Approves an imported game for the Kids Zone with `rating`, or (null) withdraws it: back to the rating every import gets. */
export async function setKidsApproval(em: EntityManager, id: number, rating: string | null, importRating: string): Promise<void> {
  await sql`update games set age_rating = ${rating ?? importRating}, kids_approved_at = ${rating === null ? null : sql`now()`}, updated_at = now() where id = ${id}`.execute(em.getKysely());
}

/** Up to `limit` imported games, or the portal's own, whose title or slug holds `search`: approved or placed ones first, then the most played. */
export async function feedGameRows(em: EntityManager, kind: 'imported' | 'own', search: string | undefined, limit: number): Promise<FeedGame[]> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const { rows } = await sql<FeedGame & { kidsApprovedAt: string | Date | null }>`
    select id, slug, title, thumb_url as "thumbUrl", status, distributor, age_rating as "ageRating", kids_approved_at as "kidsApprovedAt", home_placement as "homePlacement"
    from games
    where ${kind === 'imported' ? sql`distributor is not null` : sql`distributor is null`}
      ${pattern === null ? sql`` : sql`and (title ilike ${pattern} or slug ilike ${pattern})`}
    order by ${kind === 'imported' ? sql`kids_approved_at desc nulls last` : sql`home_placed_at desc nulls last`}, plays desc, id limit ${limit}`.execute(em.getKysely());
  return rows.map((row) => ({ ...row, kidsApprovedAt: row.kidsApprovedAt === null ? null : new Date(row.kidsApprovedAt).toISOString() }));
}

/** How many games have `placement` on home now. */
export async function countPlaced(em: EntityManager, placement: HomePlacement): Promise<number> {
  const { rows } = await sql<{ count: string | number }>`select count(*) as count from games where home_placement = ${placement}`.execute(em.getKysely());
  return Number(rows[0]?.count ?? 0);
}

export async function setHomePlacement(em: EntityManager, id: number, placement: HomePlacement | null): Promise<void> {
  await sql`update games set home_placement = ${placement}, home_placed_at = ${placement === null ? null : sql`now()`}, updated_at = now() where id = ${id}`.execute(em.getKysely());
}
