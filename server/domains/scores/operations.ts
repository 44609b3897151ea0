import { z } from 'zod';
import { gameIdInput, okOutput, playTimeInput, scoreEntryOutput, scoreInput, scoreSubmitOutput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { Forbidden, NotFound, Validation } from '../errors';
import { addPlayTime, submitScore, topScores } from './service';

export const scoresOperations = {
  top: defineOperation({
    method: 'GET',
    path: '/games/{id}/scores',
    access: 'public',
    summary: "The game's top scores: each player's best, highest first (10)",
    tags: ['scores'],
    input: gameIdInput,
    output: z.array(scoreEntryOutput),
    errors: [NotFound],
    run: ({ ctx, input }) => topScores(ctx, input.id),
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
