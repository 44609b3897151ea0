import { gameIdInput, myRatingOutput, rateInput, rateOutput, reportReviewInput, reportReviewOutput, reviewsInput, reviewsOutput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { Conflict, Forbidden, NotFound } from '../errors';
import { listReviews, myRating, rateGame, reportReview } from './service';

export const ratingsOperations = {
  rate: defineOperation({
    method: 'POST',
    path: '/games/{id}/rate',
    access: 'user',
    summary: 'Rate a game 1-5 with an optional comment; rating again replaces your rating',
    tags: ['ratings'],
    input: rateInput,
    output: rateOutput,
    rateLimit: { group: 'rate', perIp: 300, perAccount: 120, windowMs: HOUR_MS, account: signedInAccount },
    errors: [Forbidden, NotFound],
    run: ({ ctx, input }) => rateGame(ctx, input),
  }),
  reviews: defineOperation({
    method: 'GET',
    path: '/games/{id}/reviews',
    access: 'public',
    summary: "A game's ratings and comments, newest first, 10 a page, each with how many times the reviewer played it and for how many seconds (measured while signed in)",
    tags: ['ratings'],
    input: reviewsInput,
    output: reviewsOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => listReviews(ctx, input.id, input.page),
  }),
  mine: defineOperation({
    method: 'GET',
    path: '/games/{id}/rating',
    access: 'user',
    summary: 'Your own rating of a game, and whether you have played it (rating needs a play)',
    tags: ['ratings'],
    input: gameIdInput,
    output: myRatingOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => myRating(ctx, input.id),
  }),
  reportReview: defineOperation({
    method: 'POST',
    path: '/reviews/{id}/report',
    access: 'user',
    summary: "Report a review (its id from a game's reviews) to the admins: once per review (409 after); not your own (403)",
    tags: ['ratings'],
    input: reportReviewInput,
    output: reportReviewOutput,
    successStatus: 201,
    rateLimit: { group: 'review-report', perIp: 120, perAccount: 30, windowMs: HOUR_MS, account: signedInAccount },
    errors: [Conflict, Forbidden, NotFound],
    run: ({ ctx, input }) => reportReview(ctx, input.id, input.reason),
  }),
};
