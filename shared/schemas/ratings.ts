/** Ratings and reviews of a game. */
import { z } from 'zod';
import { LIMITS } from '../constants';
import { idParamSchema, trimmed, typeError } from './fields';
import { ratingSummaryOutput } from './games';

export const rateInput = z.object({
  id: idParamSchema,
  score: z.number({ error: typeError('a number from 1 to 5') }).int('Must be a whole number').min(1).max(5),
  comment: trimmed(LIMITS.commentMax).optional(),
});
export const ratingForm = rateInput.omit({ id: true });
export const rateOutput = z.object({ ratingSummary: ratingSummaryOutput });
/** Reviews of a game, newest first, REVIEWS_PAGE_SIZE a page. */
export const reviewsInput = z.object({
  id: idParamSchema,
  page: z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1).max(1000).default(1),
});
export const reviewOutput = z.object({
  /** The rating's id: POST /reviews/{id}/report reports it. */
  id: z.number(),
  player: z.string(),
  score: z.number(),
  comment: z.string().nullable(),
  /** How many times the reviewer's plays of the game were counted (at most one per 10 minutes). */
  plays: z.number(),
  /** Seconds of gameplay the portal measured while the reviewer was signed in. */
  playSeconds: z.number(),
  updatedAt: z.string(),
});
export const reviewsOutput = z.object({ reviews: z.array(reviewOutput), page: z.number(), hasMore: z.boolean() });
export type Review = z.infer<typeof reviewOutput>;
/** The signed-in player's own rating of a game, and whether they may rate it (they have played it). */
export const myRatingOutput = z.object({
  rating: z.object({ score: z.number(), comment: z.string().nullable(), updatedAt: z.string() }).nullable(),
  played: z.boolean(),
});
