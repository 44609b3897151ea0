import { KID_SAFE_AGE_RATINGS, KIDS_ZONE_EXCLUDED_FACTS, type GameControl } from '../../../shared/constants';
import type { Category, KidsGame } from '../../../shared/schemas';
import type { DomainContext } from '../context';
import { findPublishedGames, withoutFactsSql } from '../games/read-model';

/** The Kids Zone shows at most this many games per view. */
const KIDS_LIST_LIMIT = 100;

export function listKidsGames(
  ctx: DomainContext,
  input: { search?: string | undefined; category?: string | undefined; device?: GameControl | undefined },
): Promise<KidsGame[]> {
  const key = `kids:${input.category ?? ''}:${input.device ?? ''}:${input.search ?? ''}`;
  return ctx.services.catalogCache.get(key, async () => {
    const games = await findPublishedGames(ctx.services.orm.em.fork(), {
      sort: 'popular',
      limit: KIDS_LIST_LIMIT,
      category: input.category,
      search: input.search,
      device: input.device,
      ageRatings: KID_SAFE_AGE_RATINGS,
      withoutFacts: KIDS_ZONE_EXCLUDED_FACTS,
    }, ctx.services.catalogCache);
    return games.map(({ id, slug, title, description, thumbUrl, ratingSummary }) => ({
      id,
      slug,
      title,
      description,
      thumbUrl,
      ratingSummary: { avg: ratingSummary.avg },
    }));
  });
}

/** Categories that have at least one published game the Kids Zone shows (the ratings and facts are the code's own constants). */
export const KID_SAFE_CATEGORIES_SQL = `select c.id, c.slug, c.name, c.icon from categories c
  where exists (select 1 from game_categories gc join games g on g.id = gc.game_id
                 where gc.category_id = c.id and g.status = 'APPROVED'
                   and g.age_rating in (${KID_SAFE_AGE_RATINGS.map((rating) => `'${rating}'`).join(', ')})
                   and ${withoutFactsSql(KIDS_ZONE_EXCLUDED_FACTS)})
  order by c.sort_order, c.id`;

export function listKidsCategories(ctx: DomainContext): Promise<Category[]> {
  return ctx.services.catalogCache.get('kids:categories', () =>
    ctx.services.orm.em.fork().getConnection().execute<Category[]>(KID_SAFE_CATEGORIES_SQL),
  );
}
