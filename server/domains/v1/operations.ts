/**
 * The public API /api/v1, as the API documentation page shows it: operations like the portal's
 * own (defineOperation), with paths relative to /api/v1, made with an API key (`access: 'apiKey'`).
 * Their limits count per key (`perAccount`): the v1 transport (server/rest/v1.ts) enforces them
 * and reports them in X-RateLimit-* headers.
 */
import { LIMITS, PUBLIC_API } from '../../../shared/constants';
import { v1GameOutput, v1GamesListInput, v1GamesOutput, v1SubmitInput, v1SubmittedOutput, v1UpdateInput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS, type RateLimit } from '../operation';
import { Conflict, NotFound, Validation } from '../errors';
import { analyticsEventInput, analyticsEventOutput, gameAnalyticsInput, gameAnalyticsOutput } from '../analytics/schemas';
import { gameAnalytics, recordAnalyticsEvent } from '../analytics/service';
import { listV1Games, submitV1Game, updateV1Game } from './service';

const perKey = (group: string, perHour: number): RateLimit<never, 'apiKey'> => ({
  group,
  perAccount: perHour,
  windowMs: HOUR_MS,
  account: ({ ctx }) => String(ctx.apiKeyId),
});

const gamesLimit = perKey('v1-games', PUBLIC_API.gamesPerHour);
const analyticsLimit = perKey('v1-analytics', PUBLIC_API.analyticsPerHour);

export const v1GamesOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/games',
    access: 'apiKey',
    summary: "A page of games, newest first: the portal's published games, or with `status` the key owner's own games in that review status",
    tags: ['v1'],
    input: v1GamesListInput,
    output: v1GamesOutput,
    rateLimit: gamesLimit,
    run: ({ ctx, input }) => listV1Games(ctx, input),
  }),
  create: defineOperation({
    method: 'POST',
    path: '/games',
    access: 'apiKey',
    summary: "Submit a game for review: a PENDING game of the key's owner, published once an admin approves it",
    tags: ['v1'],
    input: v1SubmitInput,
    output: v1SubmittedOutput,
    successStatus: 201,
    maxBodyBytes: LIMITS.largeBodyBytes,
    rateLimit: gamesLimit,
    errors: [Validation, Conflict],
    run: ({ ctx, input }) => submitV1Game(ctx, input),
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/games/{id}',
    access: 'apiKey',
    summary: "Change the title, description or thumbnail of one of the key owner's games (anyone else's is a 404)",
    tags: ['v1'],
    input: v1UpdateInput,
    output: v1GameOutput,
    rateLimit: gamesLimit,
    errors: [NotFound],
    run: ({ ctx, input }) => updateV1Game(ctx, input),
  }),
};

export const v1AnalyticsOperations = {
  game: defineOperation({
    method: 'GET',
    path: '/analytics/games/{id}',
    access: 'apiKey',
    summary:
      "What the developer portal's Analytics and Earnings tabs show of one of the key owner's games over a period (7d, 30d or 90d; anyone else's game is a 404): plays, unique players, average session (seconds), completion and retention rates, revenue and audience; per day the funnel (card impressions, page views, plays, players back on day 1 and 7, ad impressions, breaks); and the earnings (confirmed by month, this month's estimate)",
    tags: ['v1'],
    input: gameAnalyticsInput,
    output: gameAnalyticsOutput,
    rateLimit: analyticsLimit,
    errors: [NotFound],
    run: ({ ctx, input }) => gameAnalytics(ctx, input.id, input.period),
  }),
  track: defineOperation({
    method: 'POST',
    path: '/analytics/events',
    access: 'apiKey',
    summary: "Record a custom gameplay event (level_complete, item_unlocked…) of one of the key owner's games",
    tags: ['v1'],
    input: analyticsEventInput,
    output: analyticsEventOutput,
    successStatus: 202,
    rateLimit: analyticsLimit,
    errors: [Validation, NotFound],
    run: ({ ctx, input }) => recordAnalyticsEvent(ctx, input),
  }),
};
