/** Every query the Kids Zone sends of its own (its game lists are the catalog's, games/read-model.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { KID_SAFE_AGE_RATINGS, KIDS_ZONE_EXCLUDED_FACTS } from '../../../shared/constants';
import type { Category } from '../../../shared/schemas';
import { withoutFactsSql } from '../games/read-model';

/**
 * Categories that have at least one published game the Kids Zone shows (the ratings and facts are
 * the code's own constants). Raw SQL: it shares the catalog's content-fact filter, which is SQL
 * text (withoutFactsSql), and tests/scale/query-plans.test.ts checks its plan.
 */
export const KID_SAFE_CATEGORIES_SQL = `select c.id, c.slug, c.name, c.icon from categories c
  where exists (select 1 from game_categories gc join games g on g.id = gc.game_id
                 where gc.category_id = c.id and g.status = 'APPROVED'
                   and g.age_rating in (${KID_SAFE_AGE_RATINGS.map((rating) => `'${rating}'`).join(', ')})
                   and ${withoutFactsSql(KIDS_ZONE_EXCLUDED_FACTS)})
  order by c.sort_order, c.id`;

export function findKidSafeCategories(em: EntityManager): Promise<Category[]> {
  return em.getConnection().execute<Category[]>(KID_SAFE_CATEGORIES_SQL);
}
