/** Page views and the impressions reported against them (issue #37). */
import { z } from 'zod';
import { AD_BREAK_KINDS, AD_PLACES } from '../ads';
import { AD_IMPRESSION_KINDS, AD_LIMITS } from '../constants';
import { idSchema, isStorableText, typeError } from './fields';

/** A server-issued page view id: 16 random bytes, base64url. */
export const pageViewIdSchema = z.string({ error: typeError('text') }).regex(/^[A-Za-z0-9_-]{22}$/, 'Must be a page view id from POST /api/page-views');

export const pageViewInput = z.object({
  path: z
    .string({ error: typeError('text') })
    .max(AD_LIMITS.pathMax, `Must be at most ${AD_LIMITS.pathMax} characters`)
    .regex(/^\//, 'Must be a path starting with /')
    .refine(isStorableText, 'Must not contain NUL or unpaired surrogate characters')
    .meta({ description: "The page's path (and query), as in the address bar.", examples: ['/game/neon-drift'] }),
  gameId: idSchema.optional().meta({ description: "The game of a game page; other pages leave it out." }),
});
export const pageViewOutput = z.object({ pageViewId: z.string().meta({ description: 'Send it with the page\'s impressions.' }) });

/** A break's id, issued by POST /api/ads/breaks when the portal starts it: 16 random bytes, base64url. */
export const breakIdSchema = z.string({ error: typeError('text') }).regex(/^[A-Za-z0-9_-]{22}$/, 'Must be a break id from POST /api/ads/breaks');

export const adBreakInput = z.object({
  pageViewId: pageViewIdSchema,
  kind: z.enum(AD_BREAK_KINDS, { error: `Must be one of ${AD_BREAK_KINDS.join(', ')}` }),
  gameId: idSchema.meta({ description: "The game page's game, over which the portal shows the break." }),
});
export const adBreakOutput = z.object({
  breakId: z
    .string()
    .nullable()
    .meta({ description: 'Send it with the break\'s impression once it has been on screen a second; null: this page view may not count a break now (none is shown).' }),
});

export const adImpressionInput = z
  .object({
    pageViewId: pageViewIdSchema,
    kind: z.enum(AD_IMPRESSION_KINDS, { error: 'Must be slot or break' }),
    place: z
      .enum(AD_PLACES, { error: `Must be one of ${AD_PLACES.join(', ')}` })
      .optional()
      .meta({ description: "A slot's place: only the places of the page view's route count (docs/API.md, Ads)." }),
    breakId: breakIdSchema.optional().meta({ description: "A break's id, as POST /api/ads/breaks answered when the portal started it." }),
    gameId: idSchema.nullable().meta({ description: "The game page's game (its slot or the game's break), or null for the portal's other pages." }),
  })
  .superRefine((value, issues) => {
    if (value.kind === 'slot' && value.place === undefined) issues.addIssue({ code: 'custom', path: ['place'], message: 'Required for a slot' });
    if (value.kind === 'break' && value.breakId === undefined) issues.addIssue({ code: 'custom', path: ['breakId'], message: 'Required for a break' });
  });
export const adImpressionOutput = z.object({ counted: z.boolean() });

export const cardImpressionsInput = z.object({
  pageViewId: pageViewIdSchema,
  gameIds: z.array(idSchema).min(1, 'Required').max(AD_LIMITS.cardImpressionsMax, `At most ${AD_LIMITS.cardImpressionsMax} games`),
});
export const cardImpressionsOutput = z.object({ counted: z.number().int().min(0).meta({ description: 'How many of the games were counted (new for this page view).' }) });
