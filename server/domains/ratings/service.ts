import type { EntityManager } from '@mikro-orm/postgresql';
import { REVIEWS_PAGE_SIZE, type ReviewReportReason } from '../../../shared/constants';
import type { Review } from '../../../shared/schemas';
import type { AuthedContext, DomainContext } from '../context';
import { publicPlayerName } from '../scores/service';
import { accountKey } from '../visitors/identity';
import { requirePublishedGame } from '../games/lookup';
import { Conflict, Forbidden, NotFound } from '../errors';
import { enqueueWebhookEvent } from '../webhooks/service';
import { hasPlayRecord, insertReviewReport, ratingById, ratingOf, ratingSummaryOf, reviewsPage, upsertRating } from './queries';
import { text } from '../../i18n/translate';

/**
 * Whether the account has played the game: a play made signed in, or made in this
 * browser before signing in (linked at sign-in), or one in progress right now.
 */
export async function hasPlayed(em: EntityManager, userId: number, gameId: number): Promise<boolean> {
  return hasPlayRecord(em, userId, accountKey(userId), gameId);
}

/** One rating per user per game, and only for a game the account has played: rating again replaces it. Recomputes the game's summary in the same transaction. */
export async function rateGame(
  ctx: AuthedContext,
  input: { id: number; score: number; comment?: string | undefined },
): Promise<{ ratingSummary: { avg: number; count: number } }> {
  const summary = await ctx.em.transactional(async (tx) => {
    // Locking the game row serialises ratings of one game, so each summary counts every rating.
    const game = await requirePublishedGame(tx, input.id, { lock: true });
    if (!(await hasPlayed(tx, ctx.user.id, game.id))) {
      throw new Forbidden(text('ratings.playFirst'));
    }
    const comment = input.comment ? input.comment : null;
    const firstRating = await upsertRating(tx, { gameId: game.id, userId: ctx.user.id, score: input.score, comment });
    // A first rating is news to the developer; a changed one is not.
    const queued = firstRating
      ? await enqueueWebhookEvent(tx, game.owner?.id, 'rating.created', {
          game: { id: game.id, slug: game.slug, title: game.title },
          rating: { score: input.score, comment },
        })
      : 0;
    const { avg, count } = await ratingSummaryOf(tx, game.id);
    game.ratingAvg = avg;
    game.ratingCount = count;
    await tx.flush();
    return { slug: game.slug, avg: Math.round(avg * 100) / 100, count, queued };
  });
  if (summary.queued > 0) ctx.services.webhooks.kick();
  // The game's page shows the new summary at once; lists catch up within the cache's TTL.
  ctx.services.catalogCache.invalidateGame(summary.slug);
  return { ratingSummary: { avg: summary.avg, count: summary.count } };
}

/** A game's ratings with their comments, newest first, each with how often the reviewer played the game. */
export async function listReviews(ctx: DomainContext, gameId: number, page: number): Promise<{ reviews: Review[]; page: number; hasMore: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  // One more than a page: whether another page follows.
  const rows = await reviewsPage(ctx.em, game.id, REVIEWS_PAGE_SIZE + 1, (page - 1) * REVIEWS_PAGE_SIZE);
  return {
    reviews: rows.slice(0, REVIEWS_PAGE_SIZE).map((row) => ({
      id: row.id,
      player: publicPlayerName(row.name, row.deleted_at),
      score: row.score,
      comment: row.comment,
      plays: row.plays,
      playSeconds: row.play_seconds,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
    page,
    hasMore: rows.length > REVIEWS_PAGE_SIZE,
  };
}

/** The caller's own rating of a game (kept visible after rating), and whether they have played it. */
export async function myRating(ctx: AuthedContext, gameId: number): Promise<{ rating: { score: number; comment: string | null; updatedAt: string } | null; played: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const row = await ratingOf(ctx.em, game.id, ctx.user.id);
  return {
    rating: row ? { score: row.score, comment: row.comment, updatedAt: new Date(row.updated_at).toISOString() } : null,
    played: row !== undefined || (await hasPlayed(ctx.em, ctx.user.id, game.id)),
  };
}

/**
 * A player reports a review (issue #25): once per reporter and review (409 after), never their own
 * (403). Its reports wait in the admin's Scores & Ratings tab until dismissed or the review is removed.
 */
export async function reportReview(ctx: AuthedContext, ratingId: number, reason: ReviewReportReason): Promise<{ reported: true }> {
  const rating = await ratingById(ctx.em, ratingId);
  if (!rating) throw new NotFound(text('ratings.reviewNotFound'));
  if (rating.user_id === ctx.user.id) throw new Forbidden(text('ratings.ownReview'));
  if (!(await insertReviewReport(ctx.em, { ratingId: rating.id, userId: ctx.user.id, reason }))) {
    throw new Conflict(text('ratings.alreadyReported'));
  }
  return { reported: true };
}
