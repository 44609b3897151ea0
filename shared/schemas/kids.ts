/** The kids zone's list and its game shape. */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { deviceFilter, slugSchema, trimmed } from './fields';

export const kidsGamesInput = z.object({
  search: trimmed(LIMITS.searchMax).optional(),
  category: slugSchema.optional(),
  device: deviceFilter,
});

export const kidsGameOutput = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  thumbUrl: z.string().nullable(),
  ratingSummary: z.object({ avg: z.number() }),
});
export type KidsGame = z.infer<typeof kidsGameOutput>;
