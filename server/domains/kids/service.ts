import { KID_SAFE_AGE_RATINGS, KIDS_ZONE_EXCLUDED_FACTS, type GameControl } from '../../../shared/constants';
import { DEFAULT_KIDS_CONTENT_RULES, kidsZoneViolence, undeclaredKidsRatings, type KidsContentRules } from '../../../shared/kids-zone';
import type { Category, KidsGame } from '../../../shared/schemas';
import type { DomainContext } from '../context';
import { findPublishedGames } from '../games/read-model';
import { findKidSafeCategories } from './queries';

/** The Kids Zone shows at most this many games per view. */
const KIDS_LIST_LIMIT = 100;

/**
 * The Kids Zone's games for a search, category and device. `rules` are what a parent allows
 * (a child profile's settings); without them the defaults: no violence at all.
 */
export function listKidsGames(
  ctx: DomainContext,
  input: { search?: string | undefined; category?: string | undefined; device?: GameControl | undefined },
  rules: KidsContentRules = DEFAULT_KIDS_CONTENT_RULES,
): Promise<KidsGame[]> {
  const key = `kids:${rulesKey(rules)}:${input.category ?? ''}:${input.device ?? ''}:${input.search ?? ''}`;
  return ctx.services.catalogCache.get(key, async () => {
    const games = await findPublishedGames(ctx.services.orm.em.fork(), {
      sort: 'popular',
      limit: KIDS_LIST_LIMIT,
      category: input.category,
      search: input.search,
      device: input.device,
      ageRatings: KID_SAFE_AGE_RATINGS,
      withoutFacts: KIDS_ZONE_EXCLUDED_FACTS,
      violence: { allowed: kidsZoneViolence(rules), undeclaredRatings: undeclaredKidsRatings(rules) },
      kidsZone: true,
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

/** Categories that have at least one published game the Kids Zone shows under `rules`. */
export function listKidsCategories(ctx: DomainContext, rules: KidsContentRules = DEFAULT_KIDS_CONTENT_RULES): Promise<Category[]> {
  return ctx.services.catalogCache.get(`kids:categories:${rulesKey(rules)}`, () => findKidSafeCategories(ctx.services.orm.em.fork(), rules));
}

/** The rules' part of a cached answer's key: answers under different rules are kept apart. */
function rulesKey(rules: KidsContentRules): string {
  return rules.allowCartoonViolence ? 'cartoon' : 'none';
}
