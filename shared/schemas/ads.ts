/** Page views and the impressions reported against them (issue #37). */
import { z } from 'zod';
import { AD_IMPRESSION_KINDS, AD_LIMITS } from '../constants';
import { idSchema, isStorableText } from './fields';

/** A server-issued page view id: 16 random bytes, base64url. */
export const pageViewIdSchema = z.string({ error: 'Required' }).regex(/^[A-Za-z0-9_-]{22}$/, 'Must be a page view id from POST /api/page-views');

export const pageViewInput = z.object({
  path: z
    .string({ error: 'Required' })
    .max(AD_LIMITS.pathMax, `Must be at most ${AD_LIMITS.pathMax} characters`)
    .regex(/^\//, 'Must be a path starting with /')
    .refine(isStorableText, 'Must not contain NUL or unpaired surrogate characters')
    .meta({ description: "The page's path (and query), as in the address bar.", examples: ['/game/neon-drift'] }),
  gameId: idSchema.optional().meta({ description: "The game of a game page; other pages leave it out." }),
});
export const pageViewOutput = z.object({ pageViewId: z.string().meta({ description: 'Send it with the page\'s impressions.' }) });

export const adImpressionInput = z.object({
  pageViewId: pageViewIdSchema,
  kind: z.enum(AD_IMPRESSION_KINDS, { error: 'Must be slot or break' }),
  place: z
    .string({ error: 'Required' })
    .min(1, 'Required')
    .max(AD_LIMITS.placeMax, `Must be at most ${AD_LIMITS.placeMax} characters`)
    .regex(/^[a-z0-9-]+$/, 'Lower-case letters, digits and - only')
    .meta({ examples: ['home-top', 'game-below', 'midgame', 'rewarded'] }),
  gameId: idSchema.nullable().meta({ description: "The game page's game (its slot or the game's break), or null for the portal's other pages." }),
});
export const adImpressionOutput = z.object({ counted: z.boolean() });

export const cardImpressionsInput = z.object({
  pageViewId: pageViewIdSchema,
  gameIds: z.array(idSchema).min(1, 'Required').max(AD_LIMITS.cardImpressionsMax, `At most ${AD_LIMITS.cardImpressionsMax} games`),
});
export const cardImpressionsOutput = z.object({ counted: z.number().int().min(0).meta({ description: 'How many of the games were counted (new for this page view).' }) });
