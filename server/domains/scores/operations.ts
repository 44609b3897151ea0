import { z } from 'zod';
import { okOutput, playTimeInput, scoreEntryOutput, scoreInput, scoreStandingOutput, scoreSubmitOutput, topScoresInput, v1LeaderboardInput, v1LeaderboardOutput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { Forbidden, NotFound, Validation } from '../errors';
import { addPlayTime, leaderboard, myStanding, submitScore, topScores } from './service';

export const scoresOperations = {
  top: defineOperation({
    method: 'GET',
    path: '/games/{id}/scores',
    access: 'public',
    summary:
      "The game's top scores: each player's best, highest first (10), of this week's season (`period=week`: since Monday 00:00 UTC) or of all time (`period=all`, the default), each with its badge (first, second, third, top1, top5, top10: the best 1, 5 or 10 % of the period's players)",
    tags: ['scores'],
    input: topScoresInput,
    output: z.array(scoreEntryOutput),
    errors: [NotFound],
    run: ({ ctx, input }) => topScores(ctx, input.id, input.period),
  }),
  mine: defineOperation({
    method: 'GET',
    path: '/games/{id}/scores/me',
    access: 'user',
    summary: "The signed-in player's rank on the game's leaderboard of the period (week or all), among how many players, with their best score and badge; rank null without a score in the period",
    tags: ['scores'],
    input: topScoresInput,
    output: scoreStandingOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => myStanding(ctx, input.id, input.period),
  }),
  submit: defineOperation({
    method: 'POST',
    path: '/games/{id}/scores',
    access: 'user',
    summary: 'Record a score the signed-in player reached (sent by the portal when a game reports game over)',
    tags: ['scores'],
    input: scoreInput,
    output: scoreSubmitOutput,
    successStatus: 201,
    rateLimit: { group: 'score', perIp: 600, perAccount: 240, windowMs: HOUR_MS, account: signedInAccount },
    errors: [Validation, Forbidden, NotFound],
    run: ({ ctx, input }) => submitScore(ctx, input.id, input.score),
  }),
  playTime: defineOperation({
    method: 'POST',
    path: '/games/{id}/playtime',
    access: 'public',
    summary: 'Add seconds of play to the game (sent by the portal while a game reports gameplay)',
    tags: ['scores'],
    input: playTimeInput,
    output: okOutput,
    rateLimit: { group: 'playtime', perIp: 600, perAccount: 600, windowMs: HOUR_MS, account: ({ ctx }) => ctx.token },
    errors: [NotFound],
    run: ({ ctx, input }) => addPlayTime(ctx, input.id, input.seconds),
  }),
};

/** The public API's leaderboard (paths relative to /api/v1): any published game's, by period. */
export const v1ScoresOperations = {
  top: defineOperation({
    method: 'GET',
    path: '/games/{id}/scores',
    access: 'apiKey',
    summary:
      "A published game's leaderboard of the period (`week`: this season, Monday 00:00 UTC to the next Monday; `all`, the default): the season's bounds, how many players have a score in it, and the top 10, each player's best with its badge",
    tags: ['v1'],
    input: v1LeaderboardInput,
    output: v1LeaderboardOutput,
    rateLimit: { group: 'v1-scores', perAccount: 1000, windowMs: HOUR_MS, account: ({ ctx }) => String(ctx.apiKeyId) },
    errors: [NotFound],
    run: ({ ctx, input }) => leaderboard(ctx, input.id, input.period),
  }),
};
