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
  GAME_CONTROLS,
  GAME_SAVES,
  GAME_SORTS,
  GAME_VIOLENCE,
  GAME_STATUSES,
  GAMES_LIST_DEFAULT_LIMIT,
  GAMES_LIST_MAX_LIMIT,
  GENERAL_REPORT_TYPES,
  LEGACY_CATEGORIES,
  LIMITS,
  MESSAGE_STATUSES,
  NEWSLETTER_STATUSES,
  PLAY_TYPES,
  PUBLIC_API,
  REPORT_KINDS,
  REPORT_PRIORITIES,
  REPORT_STATUSES,
  MAX_SCORE,
  REJECTION_RULE_IDS,
  ROLES,
  SAVE_LIMITS,
  SAVES_FILE_FORMAT,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
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

/** How a game can be played: one or more of GAME_CONTROLS, each once, kept in that order. */
export const gameControlsSchema = z
  .array(z.enum(GAME_CONTROLS, { error: `Must be one of ${GAME_CONTROLS.join(', ')}` }))
  .min(1, 'Choose at least one control')
  .max(GAME_CONTROLS.length)
  .refine((controls) => new Set(controls).size === controls.length, 'Each control at most once')
  .transform((controls) => GAME_CONTROLS.filter((control) => controls.includes(control)));

/** What a game contains, as its developer declares it and the review checks it. */
export const contentFactsSchema = z.strictObject({
  ads: z.boolean({ error: 'Must be true or false' }),
  chat: z.boolean({ error: 'Must be true or false' }),
  externalLinks: z.boolean({ error: 'Must be true or false' }),
  inAppPurchases: z.boolean({ error: 'Must be true or false' }),
  saves: z.enum(GAME_SAVES, { error: `Must be one of ${GAME_SAVES.join(', ')}` }),
  violence: z.enum(GAME_VIOLENCE, { error: `Must be one of ${GAME_VIOLENCE.join(', ')}` }),
});
export type ContentFacts = z.infer<typeof contentFactsSchema>;

/** A list filter: only games playable with this control. */
const deviceFilter = z.enum(GAME_CONTROLS, { error: `Must be one of ${GAME_CONTROLS.join(', ')}` }).optional();

export const gamesListInput = z.object({
  category: slugSchema.optional(),
  device: deviceFilter,
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
  /** Not in the spec's legacy form; taken when a client sends them (issue #14). */
  controls: gameControlsSchema.optional(),
  contentFacts: contentFactsSchema.optional(),
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
  instructions: trimmed(LIMITS.instructionsMax).optional(),
  /** How it plays and what it contains (issue #14): the portal's form always sends them; the spec's bare call may not. */
  controls: gameControlsSchema.optional(),
  contentFacts: contentFactsSchema.optional(),
  /** Category slugs; optional because the spec's form does not ask for them. */
  categories: z.array(slugSchema).max(LIMITS.categoriesMax).optional(),
  tags: tagList.optional(),
  /** The studio shown on the game; kept on the profile for the next submission. Empty: Independent Developer. */
  studio: trimmed(LIMITS.nameMax).optional(),
});

/** PUT /api/dev/games/{id}: the owner edits a PENDING game; fields left out stay as they are. */
export const developerGameUpdateInput = z.object({
  id: idSchema,
  title: requiredText(LIMITS.titleMax).optional(),
  description: requiredText(LIMITS.descriptionMax).optional(),
  srcUrl: secureUrlSchema.optional(),
  thumbUrl: secureUrlSchema.optional(),
  bannerUrl: z.union([z.literal(''), secureUrlSchema]).optional(),
  categories: z.array(slugSchema).max(LIMITS.categoriesMax).optional(),
  tags: tagList.optional(),
});

/** Reject, optionally with reasons (the spec's bodiless call still works); `other` needs the admin's words. */
export const rejectGameInput = z.object({
  id: idSchema,
  reasons: z
    .array(
      z
        .object({ rule: z.enum(REJECTION_RULE_IDS, { error: 'Unknown rule' }), message: trimmed(LIMITS.commentMax).optional() })
        .refine((reason) => reason.rule !== 'other' || Boolean(reason.message), { message: 'Required for the rule other', path: ['message'] }),
    )
    .max(REJECTION_RULE_IDS.length, `At most ${REJECTION_RULE_IDS.length} reasons`)
    .optional(),
});

/** A webhook's URL follows the game-frame rule: HTTPS, or HTTP only on localhost or an IP address. */
export const webhookInput = z.object({
  url: webUrl.refine(isSecureGameUrl, 'Must use HTTPS (HTTP only for localhost or an IP address)'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Must be one of ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
});

/** The portal's developer form: it always declares the controls and content facts (issue #14). */
export const developerSubmissionForm = developerSubmissionInput.extend({ controls: gameControlsSchema, contentFacts: contentFactsSchema });

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
export const userIdInput = z.object({ id: idSchema });
/** Resolving a report; `unpublish: true` also takes the reported game off the portal in the same step. */
export const resolveReportInput = z.object({
  id: idSchema,
  unpublish: z.boolean({ error: 'Must be true or false' }).optional(),
});

export const kidsGamesInput = z.object({
  search: trimmed(LIMITS.searchMax).optional(),
  category: slugSchema.optional(),
  device: deviceFilter,
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

/** PUT /api/me: the account page's display-name form. */
export const displayNameInput = z.object({ displayName: requiredText(LIMITS.displayNameMax) });
/** DELETE /api/me: the account's e-mail address, typed again to confirm. */
export const deleteAccountInput = z.object({ email: requiredText(LIMITS.emailMax) });

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
  /** Empty, and contentFacts null, for a game submitted without declaring them. */
  controls: z.array(z.enum(GAME_CONTROLS)),
  contentFacts: contentFactsSchema.nullable(),
});
export type Game = z.infer<typeof gameOutput>;

/** One game's page: the list shape plus the game's own instructions. */
export const gameDetailOutput = gameOutput.extend({ instructions: z.string().nullable() });
export type GameDetail = z.infer<typeof gameDetailOutput>;

export const homeOutput = z.object({
  popular: z.array(gameOutput),
  trending: z.array(gameOutput),
  new: z.array(gameOutput),
  multiplayer: z.array(gameOutput),
});
export type HomePayload = z.infer<typeof homeOutput>;

export const rejectionReasonOutput = z.object({ rule: z.enum(REJECTION_RULE_IDS), message: z.string() });
export type RejectionReason = z.infer<typeof rejectionReasonOutput>;

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
  /** The review queue (issue #13): when it was submitted, its place while PENDING (1 = next), when and why it was decided. */
  submittedAt: z.string().nullable(),
  queuePosition: z.number().nullable(),
  reviewedAt: z.string().nullable(),
  rejectionReasons: z.array(rejectionReasonOutput),
  /** What the Edit form of a PENDING game starts from. */
  srcUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  tags: z.array(z.string()),
});
export type DevGame = z.infer<typeof devGameOutput>;

export const reviewStatsOutput = z.object({
  /** Games waiting for review now. */
  queueLength: z.number(),
  /** Median hours from submission to decision over the last REVIEW_STATS_DAYS days; null with no decision in that time. */
  medianTurnaroundHours: z.number().nullable(),
  reviewedCount: z.number(),
  days: z.number(),
});
export type ReviewStats = z.infer<typeof reviewStatsOutput>;

export const developerProfileOutput = z.object({ studioName: z.string().nullable() });
export const tagOutput = z.object({ id: z.number(), name: z.string() });

export const webhookOutput = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookOutput>;
/** The secret is shown once, at creation. */
export const webhookCreatedOutput = z.object({ id: z.number(), secret: z.string() });
export const webhookDeliveryOutput = z.object({
  id: z.number(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  responseCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliveryOutput>;

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
  /** What the developer declared (issue #14), for the reviewer to check against the game. */
  instructions: z.string().nullable(),
  controls: z.array(z.enum(GAME_CONTROLS)),
  contentFacts: contentFactsSchema.nullable(),
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

// ---------- API keys and the public API /api/v1 (issue #13) ----------

export const apiKeyIdInput = z.object({ id: idSchema });
export const apiKeyOutput = z.object({ id: z.number(), prefix: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type ApiKeyInfo = z.infer<typeof apiKeyOutput>;
/** The key itself is in this answer only: it is stored hashed. */
export const createdApiKeyOutput = z.object({ id: z.number(), key: z.string(), prefix: z.string(), createdAt: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeyOutput>;

/** The v1 shapes are snake_case, as the documentation page shows them. */
export const v1GamesListInput = z.object({
  limit: z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1).max(PUBLIC_API.maxLimit).default(PUBLIC_API.defaultLimit),
  page: z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1).max(100_000).default(1),
  category: slugSchema.optional(),
  featured: optionalBoolean.optional(),
  /** Given: the key owner's own games in this review status; omitted: the portal's published games. */
  status: z.enum(GAME_STATUSES).optional(),
});
export const v1GameOutput = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  category: z.string().nullable(),
  plays: z.number(),
  rating: z.number(),
  created_at: z.string(),
});
export type V1Game = z.infer<typeof v1GameOutput>;
export const v1GamesOutput = z.object({ games: z.array(v1GameOutput), total: z.number(), page: z.number(), limit: z.number() });
export const v1SubmitInput = z.object({
  title: requiredText(LIMITS.titleMax),
  description: requiredText(LIMITS.descriptionMax),
  game_url: secureUrlSchema,
  thumbnail: secureUrlSchema,
  category: slugSchema,
  age_rating: z.enum(AGE_RATINGS).default(DEFAULT_AGE_RATING),
  tags: tagList.optional(),
  instructions: trimmed(LIMITS.instructionsMax).optional(),
});
export const v1SubmittedOutput = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(GAME_STATUSES),
  created_at: z.string(),
});
export const v1UpdateInput = z.object({
  id: idSchema,
  title: requiredText(LIMITS.titleMax).optional(),
  description: requiredText(LIMITS.descriptionMax).optional(),
  thumbnail: secureUrlSchema.optional(),
});

// ---------- cloud saves (issue #14) ----------

const saveBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
/** A game's save: a JSON object of at most 64 KB as JSON text. */
export const saveDataSchema = z
  .record(z.string(), z.unknown(), { error: 'Expected a JSON object' })
  .refine((value) => saveBytes(value) <= SAVE_LIMITS.dataBytes, `Too large: a save is at most 64 KB (${SAVE_LIMITS.dataBytes.toLocaleString('en-US')} bytes) as JSON`);
/** The save version a write replaces: 0 when the game has none yet. */
const saveVersionSchema = z.number({ error: 'Expected a number' }).int('Must be a whole number').min(0, 'Must be 0 or more').max(2_147_483_647, 'Too large');
export const putSaveInput = z.object({ id: idSchema, data: saveDataSchema, version: saveVersionSchema });
export const saveOutput = z.object({ gameId: z.number(), data: z.record(z.string(), z.unknown()), version: z.number(), updatedAt: z.string() });
export type GameSaveData = z.infer<typeof saveOutput>;
export const putSaveOutput = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), save: saveOutput }),
  /** Answered 409: the write named an older version; `save` is the current one. */
  z.object({ status: z.literal('conflict'), message: z.string(), save: saveOutput }),
]);
export type PutSaveResult = z.infer<typeof putSaveOutput>;
export const exportedSaveSchema = z.object({
  game: z.object({ id: z.number(), slug: z.string(), title: z.string() }),
  data: z.record(z.string(), z.unknown()),
  version: z.number(),
  updatedAt: z.string(),
});
export type ExportedSave = z.infer<typeof exportedSaveSchema>;

const exportedGame = { gameId: z.number(), slug: z.string(), title: z.string() };
/** GET /api/me/export: everything the portal holds about the caller (timestamps as ISO strings). */
export const accountExportOutput = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.number(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: z.string(),
    lastSignInAt: z.string().nullable(),
  }),
  favorites: z.array(z.object({ ...exportedGame, addedAt: z.string() })),
  ratings: z.array(z.object({ ...exportedGame, score: z.number(), comment: z.string().nullable(), createdAt: z.string(), updatedAt: z.string() })),
  scores: z.array(z.object({ ...exportedGame, score: z.number(), createdAt: z.string() })),
  playHistory: z.array(z.object({ ...exportedGame, plays: z.number(), firstPlayedAt: z.string(), lastPlayedAt: z.string() })),
  submittedGames: z.array(z.object({ id: z.number(), slug: z.string(), title: z.string(), status: z.enum(GAME_STATUSES), createdAt: z.string() })),
  submissions: z.array(z.object({ gameId: z.number(), source: z.string(), payload: z.record(z.string(), z.unknown()), createdAt: z.string() })),
  sessions: z.array(
    z.object({ id: z.number(), createdAt: z.string(), lastUsedAt: z.string(), expiresAt: z.string(), revokedAt: z.string().nullable(), current: z.boolean() }),
  ),
  reports: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(REPORT_KINDS),
      gameId: z.number().nullable(),
      reason: z.string(),
      gameUrl: z.string().nullable(),
      gameTitle: z.string().nullable(),
      description: z.string().nullable(),
      email: z.string().nullable(),
      priority: z.enum(REPORT_PRIORITIES).nullable(),
      status: z.enum(REPORT_STATUSES),
      createdAt: z.string(),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      type: z.enum(CONTACT_TYPES).nullable(),
      subject: z.string(),
      message: z.string(),
      status: z.enum(MESSAGE_STATUSES),
      answer: z.string().nullable(),
      createdAt: z.string(),
      answeredAt: z.string().nullable(),
    }),
  ),
  newsletter: z
    .object({ email: z.string(), status: z.enum(NEWSLETTER_STATUSES), createdAt: z.string(), confirmedAt: z.string().nullable(), unsubscribedAt: z.string().nullable() })
    .nullable(),
  saves: z.array(exportedSaveSchema),
  apiKeys: z.array(z.object({ prefix: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable(), revokedAt: z.string().nullable() })),
  /** Without their signing secrets. */
  webhooks: z.array(z.object({ url: z.string(), events: z.array(z.enum(WEBHOOK_EVENTS)), createdAt: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportOutput>;

export const savesFileOutput = z.object({
  format: z.literal(SAVES_FILE_FORMAT),
  exportedAt: z.string(),
  saves: z.array(exportedSaveSchema),
});
export const importSavesInput = z.object({
  format: z.literal(SAVES_FILE_FORMAT, { error: `Expected "${SAVES_FILE_FORMAT}": choose a file exported from Your saves` }),
  saves: z
    .array(
      z.object({
        game: z.object({ slug: slugSchema }),
        data: saveDataSchema,
        updatedAt: z.iso.datetime({ offset: true, error: 'Expected an ISO date and time' }),
      }),
      { error: 'Expected a list of saves' },
    )
    .max(SAVE_LIMITS.importMax, `At most ${SAVE_LIMITS.importMax} saves in one file`)
    .refine((saves) => new Set(saves.map((save) => save.game.slug)).size === saves.length, 'Holds the same game twice'),
});
export const importSavesOutput = z.object({
  /** Saves written to the account. */
  imported: z.number(),
  /** Saves not written: the account's save was newer, or the game is not on the portal. */
  skipped: z.array(z.object({ slug: z.string(), reason: z.enum(['newer-save-kept', 'unknown-game']) })),
});
