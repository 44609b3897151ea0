import { KID_SAFE_AGE_RATINGS, KIDS_ZONE_EXCLUDED_FACTS, type GameControl } from '../../../shared/constants';
import type { Category, KidsGame } from '../../../shared/schemas';
import type { DomainContext } from '../context';
import { findPublishedGames } from '../games/read-model';
import { findKidSafeCategories } from './queries';

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

/** Categories that have at least one published game the Kids Zone shows. */
export function listKidsCategories(ctx: DomainContext): Promise<Category[]> {
  return ctx.services.catalogCache.get('kids:categories', () => findKidSafeCategories(ctx.services.orm.em.fork()));
}
