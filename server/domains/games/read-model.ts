/**
 * The public shape of a game (spec section 3) straight from SQL: one query
 * returns games with their categories, tags and allowed origins, kept on each
 * game's row as JSON (migration game_lists), so a list costs one round trip and
 * no joins whatever its length.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { PLAYING_NOW_MINUTES, type AgeRating, type GameControl, type GameSort, type GameViolence } from '../../../shared/constants';
import type { Game, GameDetail, LiveBuild } from '../../../shared/schemas';
import type { CatalogCache } from './cache';
import type { GameCounts } from './games-by-id';
import { playingNowOf } from '../visitors/room-players';
import { sharedPart } from './shared-parts';
import { FEW_MATCHES, resolveSearch, type ResolvedSearch } from './search-resolution';

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
  playing_now: number;
  rating_avg: number;
  rating_count: number;
  categories: Game['categories'];
  tags: Game['tags'];
  origins: Game['originAllowlists'];
  controls: Game['controls'];
  content_facts: Game['contentFacts'];
  instructions: string | null;
  distributor: string | null;
  frame_aspect: number | null;
  orientation: 'landscape' | 'portrait' | null;
};

const PLAYING_NOW_SQL = `(select count(*)::int from visitor_game_activity a
    where a.game_id = g.id and a.seen_at > now() - interval '${PLAYING_NOW_MINUTES} minutes')`;

const GAME_COLUMNS = `
  g.id, g.slug, g.title, g.description, g.thumb_url, g.src_url, g.multiplayer, g.age_rating, g.studio,
  g.plays, g.rating_avg, g.rating_count,
  ${PLAYING_NOW_SQL} as playing_now,
  g.category_list as categories, g.tag_list as tags, g.origin_list as origins,
  g.controls, g.content_facts, g.instructions, g.distributor, g.frame_aspect, g.orientation`;

/**
 * Each order matches one index of games (entities/Game.ts), so a page is an index
 * scan whatever its offset. Trending ranks by the maintained window count.
 */
const SORT_KEYS: Record<GameSort, { column: string; direction: string }[]> = {
  popular: [
    { column: 'plays', direction: 'desc' },
    { column: 'rating_avg', direction: 'desc' },
    { column: 'id', direction: 'asc' },
  ],
  newest: [
    { column: 'published_at', direction: 'desc nulls last' },
    { column: 'id', direction: 'desc' },
  ],
  trending: [
    { column: 'trending_plays', direction: 'desc' },
    { column: 'plays', direction: 'desc' },
    { column: 'id', direction: 'asc' },
  ],
  top_rated: [
    { column: 'rating_avg', direction: 'desc' },
    { column: 'rating_count', direction: 'desc' },
    { column: 'id', direction: 'asc' },
  ],
};

function orderBy(sort: GameSort, alias: string): string {
  return SORT_KEYS[sort].map(({ column, direction }) => `${alias}.${column} ${direction}`).join(', ');
}

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
  /** Leaves out games that declare any of these content facts (an undeclared game is not left out). */
  withoutFacts?: readonly string[];
  /** Only games declaring one of these violence levels, or declaring no facts and rated one of `undeclaredRatings`. */
  violence?: { allowed: readonly GameViolence[]; undeclaredRatings: readonly AgeRating[] };
  /** Only games playable with this control. */
  device?: GameControl | undefined;
  /** Only games carrying this tag (tag pages). */
  tag?: string | undefined;
  /** Only games published within this many days (the home's New This Week). */
  publishedWithinDays?: number;
  /** The Kids Zone's lists: an imported game only once an admin approved it there (KIDS_ZONE_IMPORTS_SQL). */
  kidsZone?: boolean;
  /** Only the games an admin placed so on home (home-placement.ts). */
  homePlacement?: 'pinned' | 'boosted';
};

/** An imported game (alias g) is in the Kids Zone only once an admin approved it there, one by one (issue #58). */
export const KIDS_ZONE_IMPORTS_SQL = '(g.distributor is null or g.kids_approved_at is not null)';



function ratingSummaryOf(row: Pick<GameRow, 'rating_avg' | 'rating_count'>): Game['ratingSummary'] {
  return { avg: Math.round(row.rating_avg * 100) / 100, count: row.rating_count };
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
    categories: sharedPart(row.categories),
    tags: sharedPart(row.tags),
    multiplayer: row.multiplayer,
    isFavorited: false,
    ratingSummary: ratingSummaryOf(row),
    metrics: { plays: row.plays, playingNow: playingNowOf(row.slug, row.playing_now) },
    developerProfile: row.studio ? sharedPart({ studio: row.studio }) : null,
    ageRating: row.age_rating,
    controls: sharedPart(row.controls),
    contentFacts: sharedPart(row.content_facts),
  };
}

/** A condition leaving out games (alias g) whose content facts declare any of these; the names are the code's own constants. */
export function withoutFactsSql(facts: readonly string[]): string {
  return `not coalesce(${facts.map((fact) => `g.content_facts @> '{"${fact}": true}'`).join(' or ')}, false)`;
}

/** SQL text of GameQuery's `violence` filter; its values are the code's own constants, never a caller's text. */
export function violenceSql(allowed: readonly GameViolence[], undeclaredRatings: readonly AgeRating[]): string {
  const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
  const undeclared = undeclaredRatings.length > 0 ? ` or (g.content_facts is null and g.age_rating in (${list(undeclaredRatings)}))` : '';
  return `(g.content_facts ->> 'violence' in (${list(allowed)})${undeclared})`;
}

/**
 * The SQL of one list of published games (APPROVED) and its parameters, with the
 * search from `resolveSearch` when there is one. The page's ids are found first, from the indexes alone;
 * only the page's rows are then numbered and shaped, so a deep offset costs only a longer walk of an index.
 */
export function publishedGamesQuery(query: GameQuery, search: ResolvedSearch | null = null): { sql: string; params: unknown[] } {
  const where = [`g.status = 'APPROVED'`];
  const params: unknown[] = [];
  if (query.slug !== undefined) {
    where.push('g.slug = ?');
    params.push(query.slug);
  }
  if (query.category) {
    where.push(`g.id in (select gc.game_id from game_categories gc join categories c on c.id = gc.category_id where c.slug = ?)`);
    params.push(query.category);
  }
  if (query.tag) {
    where.push(`g.id in (select gt.game_id from game_tags gt join tags t on t.id = gt.tag_id where t.name = ?)`);
    params.push(query.tag);
  }
  if (query.publishedWithinDays !== undefined) where.push(`g.published_at > now() - interval '${Math.trunc(query.publishedWithinDays)} days'`);
  if (query.multiplayer) where.push('g.multiplayer');
  if (query.device) {
    // Containment, which the GIN index on controls serves (`= any(...)` would not).
    where.push('g.controls @> ?::text[]');
    params.push(`{${query.device}}`);
  }
  if (query.ageRatings) {
    where.push(`g.age_rating in (${query.ageRatings.map(() => '?').join(', ')})`);
    params.push(...query.ageRatings);
  }
  if (query.withoutFacts && query.withoutFacts.length > 0) where.push(withoutFactsSql(query.withoutFacts));
  if (query.violence) where.push(violenceSql(query.violence.allowed, query.violence.undeclaredRatings));
  if (query.kidsZone) where.push(KIDS_ZONE_IMPORTS_SQL);
  if (query.homePlacement) {
    where.push('g.home_placement = ?');
    params.push(query.homePlacement);
  }
  const offset = query.offset ?? 0;
  const filters = [...params];
  let page: string;
  const keys = SORT_KEYS[query.sort]
    .filter(({ column }) => column !== 'id')
    .map(({ column }) => `g.${column}`)
    .join(', ');
  if (search && search.expectedMatches <= FEW_MATCHES) {
    // A rare word: gather its few games, with what they are ranked by, from the full-text index
    // first (materialized, so the planner cannot turn it into a walk of a whole list), then rank
    // them, title matches first.
    const order = (alias: string) => `${alias}.in_title desc, ${orderBy(query.sort, alias)}`;
    page = `with hits as materialized (
              select g.id, g.title_vector @@ ?::tsquery as in_title, ${keys} from games g
               where g.search_vector @@ ?::tsquery and ${where.join(' and ')})
            select p.id, row_number() over (order by ${order('p')}) as position
              from (select h.* from hits h order by ${order('h')} limit ? offset ?) p`;
    params.splice(0, params.length, search.tsquery, search.tsquery, ...filters, query.limit, offset);
  } else if (search) {
    // A common word: title matches first, then the other matches, each walking the list order's
    // index and stopping as soon as it has enough for the page. The other matches are looked for
    // only when the title matches cannot fill the page (a one-time filter skips that walk).
    const enough = query.limit + offset;
    page = `with title_hits as materialized (
              select g.id, 0 as tier, ${keys} from games g
               where ${where.join(' and ')} and g.title_vector @@ ?::tsquery order by ${orderBy(query.sort, 'g')} limit ?)
            select p.id, row_number() over (order by p.tier, ${orderBy(query.sort, 'p')}) as position
              from (select m.* from (select * from title_hits
                                     union all
                                     (select g.id, 1 as tier, ${keys} from games g
                                       where (select count(*) from title_hits) < ?
                                         and ${where.join(' and ')} and g.search_vector @@ ?::tsquery and not g.title_vector @@ ?::tsquery
                                       order by ${orderBy(query.sort, 'g')} limit ?)) m
                     order by m.tier, ${orderBy(query.sort, 'm')} limit ? offset ?) p`;
    params.splice(0, params.length, ...filters, search.tsquery, enough, enough, ...filters, search.tsquery, search.tsquery, enough, query.limit, offset);
  } else {
    page = `select p.id, row_number() over (order by ${orderBy(query.sort, 'p')}) as position
              from (select g.id, ${keys} from games g where ${where.join(' and ')} order by ${orderBy(query.sort, 'g')} limit ? offset ?) p`;
    params.push(query.limit, offset);
  }
  return {
    sql: `select ${GAME_COLUMNS} from (${page}) page join games g on g.id = page.id order by page.position`,
    params,
  };
}

/** One page of published games by id, in the order given. */
async function rowsByIds(em: EntityManager, ids: number[]): Promise<GameRow[]> {
  if (ids.length === 0) return [];
  return em.getConnection('read').execute<GameRow[]>(
    `select ${GAME_COLUMNS} from unnest(?::int[]) with ordinality as page(id, position) join games g on g.id = page.id
      where g.status = 'APPROVED' order by page.position`,
    [`{${ids.join(',')}}`],
  );
}

/** The counts of the published games among these ids, as toGame shapes them. */
async function countsByIds(em: EntityManager, ids: number[]): Promise<GameCounts[]> {
  const rows = await em.getConnection('read').execute<Pick<GameRow, 'id' | 'slug' | 'plays' | 'playing_now' | 'rating_avg' | 'rating_count'>[]>(
    `select g.id, g.slug, g.plays, g.rating_avg, g.rating_count, ${PLAYING_NOW_SQL} as playing_now
       from unnest(?::int[]) as page(id) join games g on g.id = page.id where g.status = 'APPROVED'`,
    [`{${ids.join(',')}}`],
  );
  return rows.map((row) => ({ id: row.id, ratingSummary: ratingSummaryOf(row), metrics: { plays: row.plays, playingNow: playingNowOf(row.slug, row.playing_now) } }));
}

/** What the search pages read their games with: whole rows, and counts only once kept (games-by-id.ts). */
function gameReaders(em: EntityManager) {
  return { games: async (ids: number[]) => (await rowsByIds(em, ids)).map(toGame), counts: (ids: number[]) => countsByIds(em, ids) };
}

/**
 * The page of ids the in-memory search index finds for `query`, or null when it cannot answer:
 * a search with only a category or a device for filters, once the index is built and fresh.
 */
function indexedPageIds(em: EntityManager, query: GameQuery, cache: CatalogCache): number[] | null {
  const text = query.search?.trim();
  if (!text || query.slug || query.ids || query.ageRatings || query.withoutFacts || query.violence || query.multiplayer || query.tag || query.publishedWithinDays !== undefined || query.kidsZone || query.homePlacement) return null;
  return cache.searchIndex.pageIds(em, { ...query, search: text, offset: query.offset ?? 0 });
}

async function findPublishedRows(em: EntityManager, query: GameQuery, cache?: CatalogCache): Promise<GameRow[]> {
  const text = query.search?.trim();
  let search: ResolvedSearch | null = null;
  if (text) {
    search = await resolveSearch(em, text, cache);
    if (search === null) return [];
  }
  const { sql, params } = publishedGamesQuery(query, search);
  // Catalog reads may be answered by a read replica (DATABASE_REPLICA_URLS).
  return em.getConnection('read').execute<GameRow[]>(sql, params);
}

/**
 * Builds the search index and reads the published games into memory ahead (the most played
 * first, as many as it keeps), so the first searches wait for neither.
 */
export async function prepareSearch(em: EntityManager, cache: CatalogCache): Promise<void> {
  await cache.searchIndex.ready(em);
  await cache.gamesById.warm(cache.searchIndex.mostPlayedIds(cache.gamesById.maxGames), gameReaders(em).games);
}

/** Published games matching `query`, in its order, with isFavorited false. */
export async function findPublishedGames(em: EntityManager, query: GameQuery, cache?: CatalogCache): Promise<Game[]> {
  const ids = cache ? indexedPageIds(em, query, cache) : null;
  if (cache && ids) return cache.gamesById.get(ids, gameReaders(em));
  return (await findPublishedRows(em, query, cache)).map(toGame);
}

/** The live build of the published game `slug` (its number, when it went live, whether it plays offline, whether it needs threads), or null. */
async function liveBuildOf(em: EntityManager, slug: string): Promise<LiveBuild | null> {
  const [row] = await em.getConnection('read').execute<{ version: number; published_at: Date | string; plays_offline: boolean; threads: boolean }[]>(
    `select b.version, coalesce(b.reviewed_at, b.created_at) as published_at, coalesce((b.checks ->> 'offline')::boolean, false) as plays_offline,
            b.threads is not null as threads
       from games g join game_builds b on b.id = g.live_build_id
      where g.slug = ? and g.status = 'APPROVED'`,
    [slug],
  );
  return row ? { version: row.version, publishedAt: new Date(row.published_at).toISOString(), playsOffline: row.plays_offline, threads: row.threads } : null;
}

/** One published game's page (with its instructions, which lists leave out, and its live build), or null. */
export async function findPublishedGameDetail(em: EntityManager, slug: string): Promise<GameDetail | null> {
  const [[row], build] = await Promise.all([findPublishedRows(em, { sort: 'popular', limit: 1, slug }), liveBuildOf(em, slug)]);
  return row ? { ...toGame(row), instructions: row.instructions, distributor: row.distributor, frameAspect: row.frame_aspect, orientation: row.orientation, build } : null;
}

/**
 * One page of a country's trending games, most played there in the trending window first: a walk
 * of game_country_trending's rank index for the country, published games only.
 */
export async function findCountryTrendingGames(em: EntityManager, country: string, limit: number, offset: number): Promise<Game[]> {
  const rows = await em.getConnection('read').execute<GameRow[]>(
    `select ${GAME_COLUMNS}
       from (select t.game_id, t.plays from game_country_trending t join games g on g.id = t.game_id
              where t.country = ? and t.plays > 0 and g.status = 'APPROVED'
              order by t.plays desc, t.game_id limit ? offset ?) page
       join games g on g.id = page.game_id
      order by page.plays desc, page.game_id`,
    [country, limit, offset],
  );
  return rows.map(toGame);
}

/** How many published games were played in `country` in the trending window, counted up to `atMost`. */
export async function countCountryTrendingGames(em: EntityManager, country: string, atMost: number): Promise<number> {
  const [row] = await em.getConnection('read').execute<{ games: number }[]>(
    `select count(*)::int as games from (select 1 from game_country_trending t join games g on g.id = t.game_id
       where t.country = ? and t.plays > 0 and g.status = 'APPROVED' limit ?) played`,
    [country, atMost],
  );
  return row?.games ?? 0;
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

/** One user's favourite published games, the latest favourited first, each marked isFavorited. */
export async function findFavoriteGames(em: EntityManager, userId: number, limit: number): Promise<Game[]> {
  const rows = await em.getConnection().execute<GameRow[]>(
    `select ${GAME_COLUMNS} from favorites f join games g on g.id = f.game_id
      where f.user_id = ? and g.status = 'APPROVED'
      order by f.created_at desc, g.id desc limit ?`,
    [userId, limit],
  );
  return rows.map((row) => ({ ...toGame(row), isFavorited: true }));
}
/** The published games among `ids`, in the order given (a player's own lists: recently played, a collection). */
export async function findPublishedGamesInOrder(em: EntityManager, ids: readonly number[]): Promise<Game[]> {
  if (ids.length === 0) return [];
  const rows = await em
    .getConnection()
    .execute<GameRow[]>(`select ${GAME_COLUMNS} from games g where g.id = any(?::int[]) and g.status = 'APPROVED'`, [`{${ids.map((id) => Math.trunc(id)).join(',')}}`]);
  const byId = new Map(rows.map((row) => [row.id, toGame(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
