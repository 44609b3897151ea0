/**
 * Reported reviews (issue #25): the reviews players reported, in the admin's Scores & Ratings
 * tab, the most recently reported first. Dismissing closes a review's open reports and keeps
 * the review; removing it is removeRating (moderation.ts), which takes its reports with it.
 */
import type { ReportedReview } from '../../../shared/schemas';
import type { AuthedContext } from '../context';
import { NotFound } from '../errors';
import { dismissReviewReports, reportedReviews } from './queries';
import { text } from '../../i18n/translate';

/** How many reported reviews one answer lists. */
const REPORTED_REVIEWS_MAX = 200;

export async function listReportedReviews(ctx: AuthedContext): Promise<ReportedReview[]> {
  const rows = await reportedReviews(ctx.em, REPORTED_REVIEWS_MAX);
  return rows.map((row) => ({
    id: row.id,
    game: { id: row.game_id, slug: row.slug, title: row.title },
    player: { id: row.user_id, email: row.email },
    score: row.score,
    comment: row.comment,
    updatedAt: new Date(row.updated_at).toISOString(),
    reports: row.reports,
    reasons: row.reasons,
    lastReportedAt: new Date(row.last_reported_at).toISOString(),
  }));
}

/** Closes the review's open reports: the admin read it and keeps it. */
export async function dismissReportedReview(ctx: AuthedContext, ratingId: number): Promise<{ ok: true }> {
  if ((await dismissReviewReports(ctx.em, ratingId)) === 0) throw new NotFound(text('admin.noOpenReports'));
  return { ok: true };
}
