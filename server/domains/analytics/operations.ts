import { gameIdInput } from '../../../shared/schemas';
import { z } from 'zod';
import { defineOperation, HOUR_MS } from '../operation';
import { NotFound } from '../errors';
import { gameAnalyticsInput, gameAnalyticsOutput } from './schemas';
import { gameAnalytics, recordCompletion } from './service';

export const analyticsOperations = {
  devGame: defineOperation({
    method: 'GET',
    path: '/dev/games/{id}/analytics',
    access: 'user',
    summary:
      "One of the caller's games over a period (7d, 30d or 90d; UTC days): the /api/v1 analytics figures and plays, unique players, sessions, average session and completions per day",
    tags: ['developer'],
    input: gameAnalyticsInput,
    output: gameAnalyticsOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => gameAnalytics(ctx, input.id, input.period),
  }),
  complete: defineOperation({
    method: 'POST',
    path: '/games/{id}/complete',
    access: 'public',
    summary: "A round of the game ended (the SDK's gameOver): the caller's current play session counts as completed, once",
    tags: ['analytics'],
    input: gameIdInput,
    output: z.object({ completed: z.boolean() }),
    rateLimit: { group: 'complete', perIp: 600, perAccount: 600, windowMs: HOUR_MS, account: ({ ctx }) => ctx.token },
    errors: [NotFound],
    run: ({ ctx, input }) => recordCompletion(ctx, input.id),
  }),
};
