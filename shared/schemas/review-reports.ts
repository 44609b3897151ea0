/** Reports of reviews (issue #25): a player flags a review, an admin dismisses the reports or removes the review. */
import { z } from 'zod';
import { REVIEW_REPORT_REASONS } from '../constants';
import { idParamSchema } from './fields';

export const reportReviewInput = z.object({
  id: idParamSchema,
  reason: z.enum(REVIEW_REPORT_REASONS, { error: `Must be one of ${REVIEW_REPORT_REASONS.join(', ')}` }),
});
export const reportReviewOutput = z.object({ reported: z.literal(true) });

/** A review with open reports, as the admin's Scores & Ratings tab lists it. */
export const reportedReviewOutput = z.object({
  /** The rating's id: DELETE /admin/ratings/{id} removes it. */
  id: z.number(),
  game: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
  player: z.object({ id: z.number(), email: z.string() }),
  score: z.number(),
  comment: z.string().nullable(),
  updatedAt: z.string(),
  reports: z.number(),
  reasons: z.array(z.enum(REVIEW_REPORT_REASONS)),
  lastReportedAt: z.string(),
});
export type ReportedReview = z.infer<typeof reportedReviewOutput>;
