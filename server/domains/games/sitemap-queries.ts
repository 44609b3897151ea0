/**
 * What the sitemap lists, read a slice at a time: the published games in id order (keyset pages
 * of the primary key, so a file of 50,000 games is read in bounded slices, never as one result)
 * and the categories. The stamp changes when what the sitemap shows changes: a game goes live or
 * leaves (catalog_version, bumped by triggers on every server's writes) or a category is added.
 */
import type { EntityManager } from '@mikro-orm/postgresql';

export type SitemapGame = { id: number; slug: string; lastmod: string };

export async function sitemapStamp(em: EntityManager): Promise<string> {
  const [row] = await em
    .getConnection('read')
    .execute<{ stamp: string }[]>(
      `select (select version from catalog_version where id = 1)::text || ':' || (select count(*) from categories)::text || ':' || (select coalesce(max(id), 0) from categories)::text as stamp`,
    );
  return row?.stamp ?? '';
}

export async function countPublishedGames(em: EntityManager): Promise<number> {
  const [row] = await em.getConnection('read').execute<{ games: number }[]>(`select count(*)::int as games from games where status = 'APPROVED'`);
  return row?.games ?? 0;
}

/** Up to `limit` published games from the `offset`-th on (id order), or after `afterId` when given. */
export async function publishedGamesSlice(em: EntityManager, slice: { offset: number; afterId?: number; limit: number }): Promise<SitemapGame[]> {
  const after = slice.afterId === undefined ? '' : 'and id > ?';
  return em.getConnection('read').execute<SitemapGame[]>(
    `select id, slug, to_char(greatest(updated_at, coalesce(published_at, updated_at)) at time zone 'UTC', 'YYYY-MM-DD') as lastmod
       from games where status = 'APPROVED' ${after} order by id limit ? offset ?`,
    [...(slice.afterId === undefined ? [] : [slice.afterId]), slice.limit, slice.afterId === undefined ? slice.offset : 0],
  );
}

export async function categorySlugs(em: EntityManager): Promise<string[]> {
  const rows = await em.getConnection('read').execute<{ slug: string }[]>('select slug from categories order by sort_order, id');
  return rows.map((row) => row.slug);
}
