/**
 * One zod schema per input, shared by the tRPC procedures, the /api adapter and
 * the React forms; plus the output shapes of spec section 3. Imports only zod
 * and the constants.
 */
import { z } from 'zod';
import {
  AGE_RATINGS,
  CONTACT_TYPES,
  DEFAULT_AGE_RATING,
  GAME_REPORT_REASONS,
  GAME_SORTS,
  GAME_STATUSES,
  GAMES_LIST_DEFAULT_LIMIT,
  GAMES_LIST_MAX_LIMIT,
  GENERAL_REPORT_TYPES,
  LEGACY_CATEGORIES,
  LIMITS,
  MESSAGE_STATUSES,
  NEWSLETTER_STATUSES,
  PLAY_TYPES,
  REPORT_KINDS,
  REPORT_PRIORITIES,
  REPORT_STATUSES,
  MAX_SCORE,
  ROLES,
} from './constants';
import { isSecureGameUrl } from './urls';

/** PostgreSQL text cannot hold NUL, and lone UTF-16 surrogates are not text at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(isStorableText, 'Must not contain NUL or unpaired surrogate characters');
const requiredText = (max: number) => trimmed(max).min(1, 'Required');

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax)
  .refine(isStorableText, 'Invalid email address')
  .pipe(z.email('Invalid email address'));

const webUrl = z
  .string()
  .trim()
  .max(LIMITS.urlMax)
  .refine(isStorableText, 'Must be an http(s) URL')
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }));

/** A URL the game frame will accept: HTTPS, or HTTP on localhost / an IP address. */
export const secureUrlSchema = webUrl.refine(isSecureGameUrl, 'Must use HTTPS (HTTP only for localhost)');

/** Numeric ids arrive as strings in /api paths: coerce, then insist on a positive integer. */
export const idSchema = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be positive')
  .max(2_147_483_647, 'Too large');

export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid slug');

const optionalBoolean = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);

// ---------- inputs ----------

/**
 * No input. JSON null counts as none too (tRPC's httpLink sends an input-less mutation as
 * an empty body, which the server reads as null). Typed as plain `z.void()` so callers
 * still write `useQuery()` without an argument.
 */
export const noInput = z.preprocess((value) => (value === null ? undefined : value), z.void()) as unknown as z.ZodVoid;

export const loginInput = z.object({ email: emailSchema });
export const verifyInput = z.object({
  email: emailSchema,
  /** 8 digits; spaces and dashes from a pasted "1234 5678" are ignored. */
  code: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value),
    z.string({ error: 'Enter the 8-digit code' }).regex(/^\d{8}$/, 'Enter the 8-digit code'),
  ),
});
export const gameIdInput = z.object({ id: idSchema });
export const gameSlugInput = z.object({ slug: slugSchema });

export const gamesListInput = z.object({
  category: slugSchema.optional(),
  search: trimmed(LIMITS.searchMax).optional(),
  sort: z.enum(GAME_SORTS).default('popular'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(GAMES_LIST_MAX_LIMIT, `Must be at most ${GAMES_LIST_MAX_LIMIT}`)
    .default(GAMES_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type GamesListInput = z.input<typeof gamesListInput>;

export const rateInput = z.object({
  id: idSchema,
  score: z.number({ error: 'Must be a number from 1 to 5' }).int('Must be a whole number').min(1).max(5),
  comment: trimmed(LIMITS.commentMax).optional(),
});
export const ratingForm = rateInput.omit({ id: true });

export const gameReportInput = z.object({
  id: idSchema,
  reason: z.enum(GAME_REPORT_REASONS, { error: 'Choose a reason' }),
});

export const generalReportInput = z.object({
  gameUrl: webUrl,
  gameTitle: trimmed(LIMITS.titleMax).optional(),
  reportType: z.enum(GENERAL_REPORT_TYPES, { error: 'Choose a report type' }),
  description: requiredText(LIMITS.reportDescriptionMax),
  email: z.union([z.literal(''), emailSchema]).optional(),
  priority: z.enum(REPORT_PRIORITIES).default('medium'),
});

/** "fun, Retro ,," → ["fun", "Retro"] */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

const tagList = z
  .array(requiredText(LIMITS.tagMax))
  .max(LIMITS.tagsMax, `At most ${LIMITS.tagsMax} tags`);

export const legacySubmissionInput = z.object({
  title: requiredText(LIMITS.titleMax),
  description: requiredText(LIMITS.descriptionMax),
  category: z.enum(LEGACY_CATEGORIES, { error: 'Choose a category' }),
  /** Comma-separated text, as the legacy form sends it. */
  tags: trimmed(LIMITS.tagsMax * (LIMITS.tagMax + 2))
    .refine(
      (text) => splitTags(text).every((tag) => tag.length <= LIMITS.tagMax),
      `Each tag must be at most ${LIMITS.tagMax} characters`,
    )
    .refine((text) => splitTags(text).length <= LIMITS.tagsMax, `At most ${LIMITS.tagsMax} tags`)
    .optional(),
  gameUrl: secureUrlSchema,
  thumbnailUrl: z.union([z.literal(''), secureUrlSchema]).optional(),
  ageRating: z.enum(AGE_RATINGS).default(DEFAULT_AGE_RATING),
  multiplayer: optionalBoolean.default(false),
  instructions: trimmed(LIMITS.instructionsMax).optional(),
});

export const developerSubmissionInput = z.object({
  title: requiredText(LIMITS.titleMax),
  description: requiredText(LIMITS.descriptionMax),
  srcUrl: secureUrlSchema,
  thumbUrl: secureUrlSchema,
  bannerUrl: z.union([z.literal(''), secureUrlSchema]).optional(),
  playType: z.enum(PLAY_TYPES).default('IFRAME'),
  singlePlayer: optionalBoolean.default(true),
  multiplayer: optionalBoolean.default(false),
  ageRating: z.enum(AGE_RATINGS).default(DEFAULT_AGE_RATING),
  /** Category slugs; optional because the spec's form does not ask for them. */
  categories: z.array(slugSchema).max(LIMITS.categoriesMax).optional(),
  tags: tagList.optional(),
});

export const adminReportsInput = z.object({
  status: z.enum(REPORT_STATUSES).default('OPEN'),
});

export const kidsGamesInput = z.object({
  search: trimmed(LIMITS.searchMax).optional(),
  category: slugSchema.optional(),
});

export const newsletterForm = z.object({ email: emailSchema });

export const contactForm = z.object({
  name: requiredText(LIMITS.nameMax),
  email: emailSchema,
  subject: requiredText(LIMITS.titleMax),
  message: requiredText(LIMITS.descriptionMax),
  type: z.enum(CONTACT_TYPES).optional(),
});

export const adminMessagesInput = z.object({
  status: z.enum(MESSAGE_STATUSES).default('OPEN'),
  page: z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1).max(1000).default(1),
});

export const answerMessageInput = z.object({ id: idSchema, answer: requiredText(LIMITS.answerMax) });
export const answerForm = answerMessageInput.omit({ id: true });

/** The token of a newsletter link: 32 random bytes, base64url (tokens.ts `newToken`). */
export const newsletterTokenInput = z.object({
  token: z.string({ error: 'This link is not valid' }).trim().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid'),
});

// ---------- outputs (spec section 3) ----------

export const userOutput = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userOutput>;

export const loginOutput = z.object({ user: userOutput, token: z.string() });
/** Sign-in answers the session at once only where e-mail verification is off; otherwise a code was mailed. */
export const codeSentOutput = z.object({ status: z.literal('code_sent') });
export const loginAnswerOutput = z.union([loginOutput, codeSentOutput]);
export type LoginAnswer = z.infer<typeof loginAnswerOutput>;

export const categoryOutput = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  icon: z.string(),
});
export type Category = z.infer<typeof categoryOutput>;

export const ratingSummaryOutput = z.object({ avg: z.number(), count: z.number() });

export const gameOutput = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  thumbUrl: z.string().nullable(),
  srcUrl: z.string().nullable(),
  originAllowlists: z.array(z.object({ allowedOrigin: z.string() })),
  categories: z.array(z.object({ id: z.number(), slug: z.string(), name: z.string() })),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
  multiplayer: z.boolean(),
  isFavorited: z.boolean(),
  ratingSummary: ratingSummaryOutput,
  /** playingNow: distinct visitors with a play or a play-time heartbeat in the last 5 minutes. */
  metrics: z.object({ plays: z.number(), playingNow: z.number() }),
  developerProfile: z.object({ studio: z.string() }).nullable(),
  ageRating: z.enum(AGE_RATINGS),
});
export type Game = z.infer<typeof gameOutput>;

export const homeOutput = z.object({
  popular: z.array(gameOutput),
  trending: z.array(gameOutput),
  new: z.array(gameOutput),
  multiplayer: z.array(gameOutput),
});
export type HomePayload = z.infer<typeof homeOutput>;

export const devGameOutput = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  thumbUrl: z.string().nullable(),
  status: z.enum(GAME_STATUSES),
  metrics: z.object({ plays: z.number() }),
  ratingSummary: ratingSummaryOutput,
  createdAt: z.string(),
});
export type DevGame = z.infer<typeof devGameOutput>;

export const pendingGameOutput = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  thumbUrl: z.string().nullable(),
  srcUrl: z.string().nullable(),
  ageRating: z.enum(AGE_RATINGS),
  playType: z.enum(PLAY_TYPES),
  createdAt: z.string(),
  multiplayer: z.boolean(),
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  developerProfile: z.object({ studio: z.string() }).nullable(),
});
export type PendingGame = z.infer<typeof pendingGameOutput>;

export const reportOutput = z.object({
  id: z.number(),
  kind: z.enum(REPORT_KINDS),
  gameId: z.number().nullable(),
  userId: z.number().nullable(),
  /** A game report's reason, or a general report's type. */
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  /** General reports only. */
  gameUrl: z.string().nullable(),
  gameTitle: z.string().nullable(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  priority: z.enum(REPORT_PRIORITIES).nullable(),
});
export type Report = z.infer<typeof reportOutput>;

export const kidsGameOutput = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  thumbUrl: z.string().nullable(),
  ratingSummary: z.object({ avg: z.number() }),
});
export type KidsGame = z.infer<typeof kidsGameOutput>;

export const okOutput = z.object({ ok: z.literal(true) });

export const contactOutput = z.object({ id: z.number() });
export const messageOutput = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  /** Null for the Help Center form, which has no type select. */
  type: z.enum(CONTACT_TYPES).nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.object({ id: z.number(), email: z.string() }).nullable(),
});
export type Message = z.infer<typeof messageOutput>;
export const messagesOutput = z.object({ messages: z.array(messageOutput), page: z.number(), hasMore: z.boolean(), total: z.number() });
/** An answered message, and whether the answer mail went out (the answer is stored either way). */
export const answeredMessageOutput = z.object({ message: messageOutput, mailed: z.boolean() });

/** The same answer whoever the address belongs to, so the form tells nobody who subscribed. */
export const newsletterOutput = z.object({ status: z.literal('confirmation_sent') });
export const newsletterTokenOutput = z.object({ email: z.string(), status: z.enum(NEWSLETTER_STATUSES) });
export const favoriteOutput = z.object({ isFavorited: z.boolean() });
export const playOutput = z.object({ plays: z.number() });
export const rateOutput = z.object({ ratingSummary: ratingSummaryOutput });
/** Reviews of a game, newest first, REVIEWS_PAGE_SIZE a page. */
export const reviewsInput = z.object({
  id: idSchema,
  page: z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1).max(1000).default(1),
});
export const reviewOutput = z.object({
  player: z.string(),
  score: z.number(),
  comment: z.string().nullable(),
  /** How many times the reviewer's plays of the game were counted (at most one per 10 minutes). */
  plays: z.number(),
  updatedAt: z.string(),
});
export const reviewsOutput = z.object({ reviews: z.array(reviewOutput), page: z.number(), hasMore: z.boolean() });
export type Review = z.infer<typeof reviewOutput>;
/** The signed-in player's own rating of a game, and whether they may rate it (they have played it). */
export const myRatingOutput = z.object({
  rating: z.object({ score: z.number(), comment: z.string().nullable(), updatedAt: z.string() }).nullable(),
  played: z.boolean(),
});
export const submissionOutput = z.object({
  id: z.number(),
  slug: z.string(),
  status: z.enum(GAME_STATUSES),
});

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
