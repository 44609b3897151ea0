/** games/catalog.json: the metadata of the built-in games, checked on load. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AGE_RATINGS, LIMITS } from '../../shared/constants';
import { contentFactsSchema, gameControlsSchema, medalDeclarationsSchema, slugSchema } from '../../shared/schemas';

const catalogEntry = z.object({
  slug: slugSchema,
  title: z.string().min(1).max(LIMITS.titleMax),
  description: z.string().min(1).max(LIMITS.descriptionMax),
  instructions: z.string().max(LIMITS.instructionsMax).optional(),
  categories: z.array(slugSchema).min(1).max(LIMITS.categoriesMax),
  tags: z.array(z.string().min(1).max(LIMITS.tagMax)).max(LIMITS.tagsMax),
  ageRating: z.enum(AGE_RATINGS),
  multiplayer: z.boolean(),
  /** How the game plays and what it contains, as its code does today (issue #14). */
  controls: gameControlsSchema,
  contentFacts: contentFactsSchema,
  studio: z.string().min(1).max(80),
  publishedAt: z.iso.date(),
  /** Scores above these are refused: the highest score the game can report, the most points it awards per second. */
  maxScore: z.number().int().positive().optional(),
  scorePerSecond: z.number().int().positive().optional(),
  /** The medals the game unlocks through the SDK (issue #25). */
  medals: medalDeclarationsSchema.optional(),
});

export type CatalogEntry = z.infer<typeof catalogEntry>;

export const catalogPath = fileURLToPath(new URL('../../games/catalog.json', import.meta.url));

export function loadCatalog(path = catalogPath): CatalogEntry[] {
  return z.array(catalogEntry).parse(JSON.parse(readFileSync(path, 'utf8')));
}
