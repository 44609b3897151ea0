/** The admin tools: review, reports, games, users, stats, the audit log and moderation. */
import { z } from 'zod';
import { AGE_RATINGS, GAME_CONTROLS, GAME_STATUSES, LIMITS, PLAY_TYPES, REJECTION_RULE_IDS, REPORT_STATUSES } from '../constants';
import { idParamSchema, trimmed, typeError } from './fields';
import { userOutput } from './auth';
import { contentFactsSchema } from './games';

/** Reject, optionally with reasons (the spec's bodiless call still works); `other` needs the admin's words. */
export const rejectGameInput = z.object({
  id: idParamSchema,
  reasons: z
    .array(
      z
        .object({ rule: z.enum(REJECTION_RULE_IDS, { error: 'Unknown rule' }), message: trimmed(LIMITS.commentMax).optional() })
        .refine((reason) => reason.rule !== 'other' || Boolean(reason.message), { message: 'Required for the rule other', path: ['message'] }),
    )
    .max(REJECTION_RULE_IDS.length, `At most ${REJECTION_RULE_IDS.length} reasons`)
    .optional(),
});

export const adminReportsInput = z.object({
  status: z.enum(REPORT_STATUSES).default('OPEN'),
});

/** Admin All Games and Users tabs (issue #14): a 1-based page; an empty `status=` or `search=` filters nothing. */
const adminPage = z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1, 'Must be at least 1').max(1000, 'Must be at most 1000').default(1);
const emptyAsNone = (value: unknown) => (value === '' ? undefined : value);
export const adminGamesInput = z.object({
  status: z.preprocess(emptyAsNone, z.enum(GAME_STATUSES).optional()),
  /** Part of the title or the slug, any case. */
  search: z.preprocess(emptyAsNone, trimmed(LIMITS.searchMax).optional()),
  page: adminPage,
});
export const adminUsersInput = z.object({
  /** Part of the e-mail address or the display name, any case. */
  search: z.preprocess(emptyAsNone, trimmed(LIMITS.searchMax).optional()),
  page: adminPage,
});
export const userIdInput = z.object({ id: idParamSchema });
/** Resolving a report; `unpublish: true` also takes the reported game off the portal in the same step. */
export const resolveReportInput = z.object({
  id: idParamSchema,
  unpublish: z.boolean({ error: typeError('true or false') }).optional(),
});

export const pendingGameOutput = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  thumbUrl: z.string().nullable(),
  srcUrl: z.string().nullable(),
  /** Played from its own origin here, its files uploaded as builds (issue #24), rather than linked by its address. */
  hosted: z.boolean(),
  ageRating: z.enum(AGE_RATINGS),
  playType: z.enum(PLAY_TYPES),
  createdAt: z.string(),
  multiplayer: z.boolean(),
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  developerProfile: z.object({ studio: z.string() }).nullable(),
  /** What the developer declared (issue #14), for the reviewer to check against the game. */
  instructions: z.string().nullable(),
  controls: z.array(z.enum(GAME_CONTROLS)),
  contentFacts: contentFactsSchema.nullable(),
});
export type PendingGame = z.infer<typeof pendingGameOutput>;
export const adminGameOutput = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  thumbUrl: z.string().nullable(),
  status: z.enum(GAME_STATUSES),
  developerProfile: z.object({ studio: z.string() }).nullable(),
  /** The submitting account; null for the portal's built-in games. */
  owner: z.object({ id: z.number(), email: z.string() }).nullable(),
  metrics: z.object({ plays: z.number() }),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type AdminGame = z.infer<typeof adminGameOutput>;
export const adminGamesOutput = z.object({ games: z.array(adminGameOutput), page: z.number(), hasMore: z.boolean(), total: z.number() });

export const adminUserOutput = userOutput.extend({
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  blockedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserOutput>;
export const adminUsersOutput = z.object({ users: z.array(adminUserOutput), page: z.number(), hasMore: z.boolean(), total: z.number() });

export const adminStatsOutput = z.object({
  /** Published games: the ones visitors can play. */
  totalGames: z.number(),
  /** Accounts, not blocked, that signed in within ACTIVE_USER_DAYS. */
  activeUsers: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsOutput>;
export const auditLogInput = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
export const auditEntryOutput = z.object({
  id: z.number(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number(),
  actor: z.object({ id: z.number(), email: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntryOutput>;

/** Why a score or a rating looks suspicious to the moderation list. */
export const SUSPICION_FLAGS = ['above-game-limit', 'never-played', 'rating-burst'] as const;
export const moderationInput = z.object({
  /** Only entries with at least one flag (default), or every recent entry. */
  suspicious: z
    .enum(['true', 'false'], { error: 'Must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
});
export const moderatedScoreOutput = z.object({
  id: z.number(),
  game: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
  player: z.object({ id: z.number(), email: z.string() }),
  score: z.number(),
  flags: z.array(z.enum(SUSPICION_FLAGS)),
  createdAt: z.string(),
});
export const moderatedRatingOutput = z.object({
  id: z.number(),
  game: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
  player: z.object({ id: z.number(), email: z.string() }),
  score: z.number(),
  comment: z.string().nullable(),
  flags: z.array(z.enum(SUSPICION_FLAGS)),
  updatedAt: z.string(),
});
export type ModeratedScore = z.infer<typeof moderatedScoreOutput>;
export type ModeratedRating = z.infer<typeof moderatedRatingOutput>;
