/** Every query the Kids Zone sends of its own (its game lists are the catalog's, games/read-model.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { KID_SAFE_AGE_RATINGS, KIDS_ZONE_EXCLUDED_FACTS } from '../../../shared/constants';
import { DEFAULT_KIDS_CONTENT_RULES, kidsZoneViolence, undeclaredKidsRatings, type KidsContentRules } from '../../../shared/kids-zone';
import type { Category } from '../../../shared/schemas';
import { violenceSql, withoutFactsSql } from '../games/read-model';

/**
 * Categories that have at least one published game the Kids Zone shows under `rules` (the
 * ratings, facts and violence levels are the code's own constants). Raw SQL: it shares the
 * catalog's content filters, which are SQL text, and tests/scale/query-plans.test.ts checks its plan.
 */
export function kidSafeCategoriesSql(rules: KidsContentRules): string {
  return `select c.id, c.slug, c.name, c.icon from categories c
  where exists (select 1 from game_categories gc join games g on g.id = gc.game_id
                 where gc.category_id = c.id and g.status = 'APPROVED'
                   and g.age_rating in (${KID_SAFE_AGE_RATINGS.map((rating) => `'${rating}'`).join(', ')})
                   and ${withoutFactsSql(KIDS_ZONE_EXCLUDED_FACTS)}
                   and ${violenceSql(kidsZoneViolence(rules), undeclaredKidsRatings(rules))})
  order by c.sort_order, c.id`;
}

export const KID_SAFE_CATEGORIES_SQL = kidSafeCategoriesSql(DEFAULT_KIDS_CONTENT_RULES);

export function findKidSafeCategories(em: EntityManager, rules: KidsContentRules): Promise<Category[]> {
  return em.getConnection().execute<Category[]>(kidSafeCategoriesSql(rules));
}
