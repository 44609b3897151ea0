import { KID_SAFE_AGE_RATINGS, KIDS_ZONE_EXCLUDED_FACTS, type AgeRating, type GameViolence } from './constants';
import type { ContentFacts } from './schemas';

/**
 * What the Kids Zone lets through beyond its defaults. Today every child gets the defaults; a
 * child profile's parent settings pass their own (`allowCartoonViolence`: games that declare
 * cartoon violence, such as a shooter with cartoon drones, are shown too). Realistic violence
 * is never shown.
 */
export type KidsContentRules = { allowCartoonViolence: boolean };
export const DEFAULT_KIDS_CONTENT_RULES: KidsContentRules = { allowCartoonViolence: false };

/** The declared violence a child may see under `rules`. */
export function kidsZoneViolence(rules: KidsContentRules): readonly GameViolence[] {
  return rules.allowCartoonViolence ? ['none', 'cartoon'] : ['none'];
}

/**
 * The ratings whose games are shown without declared facts (as their review checked them): the
 * KIDS rating promises no violence (the Kids Safety page's age guide), 7+ only "mild" violence,
 * so an undeclared 7+ game counts as cartoon violence.
 */
export function undeclaredKidsRatings(rules: KidsContentRules): readonly AgeRating[] {
  return rules.allowCartoonViolence ? KID_SAFE_AGE_RATINGS : ['KIDS'];
}

/**
 * Whether the Kids Zone shows a game: a kid-safe age rating, none of the excluded content facts,
 * and violence the rules allow. The server's Kids Zone lists apply the same rule in SQL
 * (server/domains/kids/service.ts).
 */
export function isKidsZoneGame(
  game: { ageRating: AgeRating; contentFacts: ContentFacts | null },
  rules: KidsContentRules = DEFAULT_KIDS_CONTENT_RULES,
): boolean {
  if (!KID_SAFE_AGE_RATINGS.includes(game.ageRating)) return false;
  const facts = game.contentFacts;
  if (facts === null) return undeclaredKidsRatings(rules).includes(game.ageRating);
  return KIDS_ZONE_EXCLUDED_FACTS.every((fact) => !facts[fact]) && kidsZoneViolence(rules).includes(facts.violence);
}
