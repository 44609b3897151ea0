/** Every query the public API's games part sends itself (the games it writes go through the ORM). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { HOME_LIST_SIZES, type GameStatus } from '../../../shared/constants';
import { queryOf } from '../../db/kysely';
import type { Tables } from '../../db/tables';

/** Which games a list shows: those in `status`, only `ownerId`'s when given. */
export type V1GamesFilter = { status: GameStatus; ownerId?: number; category?: string; featured?: boolean };

/** A game's row in the API's columns; `category` is its first category's slug. */
export type V1GameRow = {
  id: number;
  title: string;
  slug: string;
  description: string;
  thumb_url: string | null;
  category: string | null;
  plays: number;
  rating_avg: number;
  created_at: string | Date;
};

/** The games-to-categories pivot table: it has no entity of its own, so Tables does not list it. */
type GameCategoriesTable = { game_categories: { game_id: number; category_id: number } };
type V1Tables = Tables & GameCategoriesTable;

const V1_COLUMNS = [
  'g.id',
  'g.title',
  'g.slug',
  'g.description',
  'g.thumb_url',
  // category_list is untyped JSON to the builder, which then has no path into it.
  sql<string | null>`g.category_list -> 0 ->> 'slug'`.as('category'),
  'g.plays',
  'g.rating_avg',
  'g.created_at',
] as const;

function matching(filter: V1GamesFilter) {
  return (eb: ExpressionBuilder<V1Tables & { g: V1Tables['games'] }, 'g'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.ownerId !== undefined) conditions.push(eb('g.owner_id', '=', filter.ownerId));
    conditions.push(eb('g.status', '=', filter.status));
    if (filter.category) {
      const inCategory = eb
        .selectFrom('game_categories as gc')
        .innerJoin('categories as c', 'c.id', 'gc.category_id')
        .select('gc.game_id')
        .where('c.slug', '=', filter.category);
      conditions.push(eb('g.id', 'in', inCategory));
    }
    if (filter.featured !== undefined) {
      // Featured games are the home page's Popular list: its first published games by plays, then rating.
      const featured = eb
        .selectFrom('games as f')
        .select('f.id')
        .where('f.status', '=', 'APPROVED')
        .orderBy('f.plays', 'desc')
        .orderBy('f.rating_avg', 'desc')
        .orderBy('f.id', 'asc')
        .limit(HOME_LIST_SIZES.popular);
      conditions.push(eb('g.id', filter.featured ? 'in' : 'not in', featured));
    }
    return eb.and(conditions);
  };
}

/** One page of the matching games, newest first, and how many match in all. */
export async function v1GamesPage(em: EntityManager, filter: V1GamesFilter, limit: number, offset: number): Promise<{ rows: V1GameRow[]; total: number }> {
  const query = queryOf(em).withTables<GameCategoriesTable>();
  const [rows, count] = await Promise.all([
    query
      .selectFrom('games as g')
      .select(V1_COLUMNS)
      .where(matching(filter))
      .orderBy('g.created_at', 'desc')
      .orderBy('g.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query
      .selectFrom('games as g')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total'))
      .where(matching(filter))
      .executeTakeFirst(),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export function v1GameOf(em: EntityManager, gameId: number, ownerId: number): Promise<V1GameRow | undefined> {
  return queryOf(em).selectFrom('games as g').select(V1_COLUMNS).where('g.id', '=', gameId).where('g.owner_id', '=', ownerId).executeTakeFirst();
}
