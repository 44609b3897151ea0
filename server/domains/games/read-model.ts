/**
 * The public shape of a game (spec section 3) straight from SQL: one query
 * returns games with their categories, tags and allowed origins as JSON, so a
 * list costs one round trip whatever its length.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { type AgeRating, type GameSort } from '../../../shared/constants';
import type { Game } from '../../../shared/schemas';
import { foldForSearch } from '../../../shared/text';

type GameRow = {
  id: number;
  slug: string;
  title: string;
  description: string;
  thumb_url: string | null;
  src_url: string | null;
  multiplayer: boolean;
  age_rating: AgeRating;
  studio: string | null;
  plays: number;
  rating_avg: number;
  rating_count: number;
  categories: Game['categories'];
  tags: Game['tags'];
  origins: Game['originAllowlists'];
};

const GAME_COLUMNS = `
  g.id, g.slug, g.title, g.description, g.thumb_url, g.src_url, g.multiplayer, g.age_rating, g.studio,
  g.plays, g.rating_avg, g.rating_count,
  coalesce((select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name) order by c.sort_order, c.id)
              from game_categories gc join categories c on c.id = gc.category_id where gc.game_id = g.id), '[]') as categories,
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
              from game_tags gt join tags t on t.id = gt.tag_id where gt.game_id = g.id), '[]') as tags,
  coalesce((select json_agg(json_build_object('allowedOrigin', o.allowed_origin) order by o.id)
              from game_origins o where o.game_id = g.id), '[]') as origins`;

/**
 * Each order matches one index of games (entities/Game.ts), so a page is an index
 * scan whatever its offset. Trending ranks by the maintained window count.
 */
const ORDER_BY: Record<GameSort, string> = {
  popular: 'g.plays desc, g.rating_avg desc, g.id asc',
  newest: 'g.published_at desc nulls last, g.id desc',
  trending: 'g.trending_plays desc, g.plays desc, g.id asc',
};

export type GameQuery = {
  sort: GameSort;
  limit: number;
  offset?: number;
  category?: string | undefined;
  search?: string | undefined;
  multiplayer?: boolean;
  slug?: string;
  ids?: number[];
  ageRatings?: readonly AgeRating[];
};

/**
 * The search text as a full-text query: every word, folded like the stored text,
 * must start a word of the game's title, description or tags ("spa rock" finds
 * "Space Rocks"). Null when the text holds no word at all (nothing matches).
 */
export function searchQueryFor(text: string): string | null {
  const words = foldForSearch(text).match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((word) => `${word}:*`).join(' & ') : null;
}

function toGame(row: GameRow): Game {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    thumbUrl: row.thumb_url,
    srcUrl: row.src_url,
    originAllowlists: row.origins,
    categories: row.categories,
    tags: row.tags,
    multiplayer: row.multiplayer,
    isFavorited: false,
    ratingSummary: { avg: Math.round(row.rating_avg * 100) / 100, count: row.rating_count },
    metrics: { plays: row.plays },
    developerProfile: row.studio ? { studio: row.studio } : null,
    ageRating: row.age_rating,
  };
}

/**
 * Published (APPROVED) games matching `query`, with isFavorited false. The page's
 * ids are found first, from the indexes alone, and only those rows are shaped,
 * so a deep offset costs no more than the first page.
 */
export async function findPublishedGames(em: EntityManager, query: GameQuery): Promise<Game[]> {
  const where = [`g.status = 'APPROVED'`];
  const whereParams: unknown[] = [];
  let order = ORDER_BY[query.sort];
  const orderParams: unknown[] = [];
  if (query.slug !== undefined) {
    where.push('g.slug = ?');
    whereParams.push(query.slug);
  }
  if (query.category) {
    where.push(`g.id in (select gc.game_id from game_categories gc join categories c on c.id = gc.category_id where c.slug = ?)`);
    whereParams.push(query.category);
  }
  if (query.search?.trim()) {
    const tsquery = searchQueryFor(query.search);
    if (tsquery === null) return [];
    where.push(`g.search_vector @@ to_tsquery('simple', ?)`);
    whereParams.push(tsquery);
    // Title matches first, then the list's own order.
    order = `(g.title_vector @@ to_tsquery('simple', ?)) desc, ${order}`;
    orderParams.push(tsquery);
  }
  if (query.multiplayer) where.push('g.multiplayer');
  if (query.ageRatings) {
    where.push(`g.age_rating in (${query.ageRatings.map(() => '?').join(', ')})`);
    whereParams.push(...query.ageRatings);
  }
  const rows = await em.getConnection().execute<GameRow[]>(
    `select ${GAME_COLUMNS}
       from (select g.id, row_number() over (order by ${order}) as position from games g
              where ${where.join(' and ')} order by ${order} limit ? offset ?) page
       join games g on g.id = page.id
      order by page.position`,
    [...orderParams, ...whereParams, ...orderParams, query.limit, query.offset ?? 0],
  );
  return rows.map(toGame);
}

export async function favoriteGameIds(em: EntityManager, userId: number): Promise<Set<number>> {
  const rows = await em
    .getConnection()
    .execute<{ game_id: number }[]>('select game_id from favorites where user_id = ?', [userId]);
  return new Set(rows.map((row) => row.game_id));
}

/** Copies of `games` with isFavorited set for one user (the cached originals stay shared). */
export function markFavorites(games: Game[], favorites: Set<number>): Game[] {
  if (favorites.size === 0) return games;
  return games.map((game) => (favorites.has(game.id) ? { ...game, isFavorited: true } : game));
}
