/**
 * Every query the search index (search-index.ts) sends: published games a slice at a time, the
 * games that changed (catalog_changes, migration search_changes), the names suggestions offer,
 * and the list orders. Each is one short statement, well within a request's statement timeout
 * on a catalog of any size.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GameSort } from '../../../shared/constants';
import { NO_RANK, SORTS, type IndexedGame, type Ranks } from './search-snapshot';

/** The SQL order of each sort, as in read-model.ts' SORT_KEYS (each has an index). */
const SORT_SQL: Record<GameSort, string> = {
  popular: 'plays desc, rating_avg desc, id asc',
  newest: 'published_at desc nulls last, id desc',
  trending: 'trending_plays desc, plays desc, id asc',
  top_rated: 'rating_avg desc, rating_count desc, id asc',
};

const GAME_COLUMNS = `id, status, title, search_title, slug,
  array_to_string(tsvector_to_array(search_vector), ' ') as terms,
  array_to_string(tsvector_to_array(title_vector), ' ') as title_terms,
  coalesce((select string_agg(c->>'slug', ' ') from json_array_elements(category_list) c), '') as categories,
  array_to_string(controls, ' ') as controls`;

type GameRow = IndexedGame & { status: string };

export const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

/** Up to `limit` published games with ids above `afterId`, by id: one slice of a full load. */
export async function publishedGamesAfter(em: EntityManager, afterId: number, limit: number): Promise<IndexedGame[]> {
  return em
    .getConnection('read')
    .execute<GameRow[]>(`select ${GAME_COLUMNS} from games where status = 'APPROVED' and id > ? order by id limit ?`, [afterId, limit]);
}

/** The games `ids` as they are now: those published, and the ids of the others (unpublished or deleted). */
export async function gamesNow(em: EntityManager, ids: readonly number[]): Promise<{ published: IndexedGame[]; gone: number[] }> {
  const rows = await em.getConnection('read').execute<GameRow[]>(`select ${GAME_COLUMNS} from games where id = any(?::int[])`, [`{${ids.join(',')}}`]);
  const published = rows.filter((row) => row.status === 'APPROVED');
  const shown = new Set(published.map((row) => row.id));
  return { published, gone: ids.filter((id) => !shown.has(id)) };
}

/** Category names in menu order, and the tags published games carry. */
export async function loadNames(em: EntityManager): Promise<{ categoryNames: { slug: string; name: string }[]; tagNames: string[] }> {
  const categoryNames = await em.getConnection('read').execute<{ slug: string; name: string }[]>('select slug, name from categories order by sort_order, id');
  const tags = await em.getConnection('read').execute<{ name: string }[]>(
    `select t.name from tags t
      where exists (select 1 from game_tags gt join games g on g.id = gt.game_id where gt.tag_id = t.id and g.status = 'APPROVED')
      order by t.name`,
  );
  return { categoryNames, tagNames: tags.map((row) => row.name) };
}

/** Each order's positions and ranks, sorted by PostgreSQL (one id list per order, as one text value). */
export async function loadRanks(em: EntityManager, positionOf: () => Int32Array, capacity: number): Promise<Ranks> {
  // Each order read from its own index (the list orders' indexes hold the id): an index-only scan
  // of a few megabytes, where sorting in the aggregate would read the whole, wide table.
  const [row] = await em.getConnection('read').execute<Record<GameSort, string | null>[]>(
    `select ${SORTS.map(
      (sort) => `(select string_agg(id::text, ',') from (select id from games where status = 'APPROVED' order by ${SORT_SQL[sort]}) o) as ${sort}`,
    ).join(', ')}`,
  );
  const rank = {} as Record<GameSort, Int32Array>;
  const order = {} as Record<GameSort, Int32Array>;
  for (const sort of SORTS) {
    await yieldToRequests();
    // Games not in the index yet are left out until the next read of the ranks.
    const byId = positionOf();
    const ranks = new Int32Array(capacity).fill(NO_RANK);
    const positions = new Int32Array(capacity);
    let count = 0;
    const ids = row?.[sort] ?? '';
    // Read digit by digit: 100,000 ids without making 100,000 strings.
    for (let at = 0, id = 0; at <= ids.length; at++) {
      const code = at < ids.length ? ids.charCodeAt(at) : 44;
      if (code !== 44) {
        id = id * 10 + code - 48;
        continue;
      }
      const position = id < byId.length ? byId[id]! : -1;
      if (position >= 0 && position < capacity && count < capacity) {
        ranks[position] = count;
        positions[count++] = position;
      }
      id = 0;
    }
    rank[sort] = ranks;
    order[sort] = positions.subarray(0, count);
  }
  return { rank, order, loadedAt: Date.now() };
}

/** The latest change's number (0: none yet). */
export async function latestChange(em: EntityManager): Promise<number> {
  const [row] = await em.getConnection('read').execute<{ seq: string | null }[]>('select max(seq)::text as seq from catalog_changes');
  return Number(row?.seq ?? 0);
}

/** A run of change numbers not seen yet: taken by a transaction not committed yet, or by one rolled back. */
export type Gap = { from: number; to: number; until: number };

/** Up to `limit` changes numbered after `after` or inside one of `gaps`, in order. */
export async function changesSince(em: EntityManager, after: number, gaps: readonly Gap[], limit: number): Promise<{ seq: number; gameId: number }[]> {
  const within = gaps.map(() => ' or seq between ? and ?').join('');
  const rows = await em
    .getConnection('read')
    .execute<{ seq: string; game_id: number }[]>(`select seq::text as seq, game_id from catalog_changes where seq > ?${within} order by seq limit ?`, [
      after,
      ...gaps.flatMap((gap) => [gap.from, gap.to]),
      limit,
    ]);
  return rows.map((row) => ({ seq: Number(row.seq), gameId: row.game_id }));
}

/** Deletes changes older than a day: every index has reloaded in full since (search-index.ts). */
export async function pruneChanges(em: EntityManager): Promise<void> {
  await em.getConnection().execute(`delete from catalog_changes where changed_at < now() - interval '1 day'`);
}
