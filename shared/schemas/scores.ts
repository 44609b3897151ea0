/** Scores and play time reported by games through the SDK, and the leaderboard. */
import { z } from 'zod';
import { MAX_SCORE } from '../constants';
import { idParamSchema, typeError } from './fields';

/** Scores and play time reported by games through the SDK (issue #4). */
export const scoreInput = z.object({
  id: idParamSchema,
  score: z.number({ error: typeError('a whole number') }).int('Must be a whole number').min(0).max(MAX_SCORE),
});
export const playTimeInput = z.object({
  id: idParamSchema,
  /** One report covers at most an hour; games report as they go. */
  seconds: z.number({ error: typeError('a number of seconds') }).int().min(1).max(3600),
});
/**
 * Which leaderboard: `week`, this season (Monday 00:00 UTC to the next Monday, each player's best
 * reached in it), or `all` time.
 */
export const SCORE_PERIODS = ['week', 'all'] as const;
export type ScorePeriod = (typeof SCORE_PERIODS)[number];
export const scorePeriodSchema = z.enum(SCORE_PERIODS, { error: 'Must be week or all' });
export const topScoresInput = z.object({ id: idParamSchema, period: scorePeriodSchema.default('all') });

/** A standing's badge: the top three, else the best 1, 5 or 10 % of the period's players. */
export const SCORE_BADGES = ['first', 'second', 'third', 'top1', 'top5', 'top10'] as const;
export type ScoreBadge = (typeof SCORE_BADGES)[number];

export const scoreEntryOutput = z.object({
  rank: z.number(),
  player: z.string(),
  score: z.number(),
  createdAt: z.string(),
  badge: z.enum(SCORE_BADGES).nullable(),
});
export type ScoreEntry = z.infer<typeof scoreEntryOutput>;

/** The signed-in player's place on a leaderboard: rank among `players`, or no rank without a score in the period. */
export const scoreStandingOutput = z.object({
  period: scorePeriodSchema,
  /** The season's bounds (week only; null for all time). */
  seasonStart: z.string().nullable(),
  seasonEnd: z.string().nullable(),
  /** Players with a score in the period. */
  players: z.number(),
  rank: z.number().nullable(),
  score: z.number().nullable(),
  badge: z.enum(SCORE_BADGES).nullable(),
});
export type ScoreStanding = z.infer<typeof scoreStandingOutput>;

/** The public API's leaderboard: the season and its top entries (documented with examples for /api-docs). */
export const v1LeaderboardInput = z.object({
  id: idParamSchema.meta({ description: 'The id of the game (any published game).' }),
  period: scorePeriodSchema.default('all').meta({ description: 'week (this season, from Monday 00:00 UTC) or all (all time).', examples: ['week'] }),
});
export const v1LeaderboardOutput = z
  .object({
    gameId: z.number(),
    period: scorePeriodSchema,
    seasonStart: z.string().nullable(),
    seasonEnd: z.string().nullable(),
    players: z.number(),
    entries: z.array(scoreEntryOutput),
  })
  .meta({
    examples: [
      {
        gameId: 42,
        period: 'week',
        seasonStart: '2026-11-23T00:00:00.000Z',
        seasonEnd: '2026-11-30T00:00:00.000Z',
        players: 1284,
        entries: [
          { rank: 1, player: 'Ada L.', score: 98_450, createdAt: '2026-11-24T18:02:11.000Z', badge: 'first' },
          { rank: 2, player: 'Grace H.', score: 91_200, createdAt: '2026-11-23T09:40:55.000Z', badge: 'second' },
        ],
      },
    ],
  });
export const scoreSubmitOutput = z.object({ score: z.number(), personalBest: z.number() });
