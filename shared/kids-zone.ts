import { KID_SAFE_AGE_RATINGS, KIDS_ZONE_EXCLUDED_FACTS, type AgeRating } from './constants';
import type { ContentFacts } from './schemas';

/**
 * Whether the Kids Zone shows a game: a kid-safe age rating and none of the excluded content
 * facts (a game that declared none is judged by its rating, as the review checked it). The
 * server's Kids Zone lists apply the same rule in SQL (server/domains/kids/service.ts).
 */
export function isKidsZoneGame(game: { ageRating: AgeRating; contentFacts: ContentFacts | null }): boolean {
  if (!KID_SAFE_AGE_RATINGS.includes(game.ageRating)) return false;
  const facts = game.contentFacts;
  return facts === null || KIDS_ZONE_EXCLUDED_FACTS.every((fact) => !facts[fact]);
}
