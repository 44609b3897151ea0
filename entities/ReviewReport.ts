import { defineEntity, p } from '@mikro-orm/core';
import { REVIEW_REPORT_REASONS } from '../shared/constants';
import { BaseSchema } from './base';
import { Rating } from './Rating';
import { User } from './User';

/**
 * A player's report of a review (a rating with its comment): one per reporter and review. Open
 * until an admin dismisses it (`dismissedAt`) or removes the review, which deletes its reports.
 */
export const ReviewReportSchema = defineEntity({
  name: 'ReviewReport',
  tableName: 'review_reports',
  extends: BaseSchema,
  properties: {
    rating: () => p.manyToOne(Rating).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    reason: p.enum(REVIEW_REPORT_REASONS),
    dismissedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['rating', 'user'] }],
});

export class ReviewReport extends ReviewReportSchema.class {}
ReviewReportSchema.setClass(ReviewReport);
