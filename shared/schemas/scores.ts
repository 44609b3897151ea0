/** Scores and play time reported by games through the SDK, and the leaderboard. */
import { z } from 'zod';
import { MAX_SCORE } from '../constants';
import { idSchema } from './fields';

/** Scores and play time reported by games through the SDK (issue #4). */
export const scoreInput = z.object({
  id: idSchema,
  score: z.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(0).max(MAX_SCORE),
});
export const playTimeInput = z.object({
  id: idSchema,
  /** One report covers at most an hour; games report as they go. */
  seconds: z.number({ error: 'Must be a number of seconds' }).int().min(1).max(3600),
});
export const scoreEntryOutput = z.object({
  rank: z.number(),
  player: z.string(),
  score: z.number(),
  createdAt: z.string(),
});
export type ScoreEntry = z.infer<typeof scoreEntryOutput>;
export const scoreSubmitOutput = z.object({ score: z.number(), personalBest: z.number() });
