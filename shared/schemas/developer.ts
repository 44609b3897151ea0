/** Submitting and editing games (the developer form and the legacy form), and the developer's own view of them. */
import { z } from 'zod';
import { AGE_RATINGS, DEFAULT_AGE_RATING, GAME_STATUSES, LEGACY_CATEGORIES, LIMITS, PLAY_TYPES, REJECTION_RULE_IDS } from '../constants';
import { idParamSchema, optionalBoolean, requiredText, secureUrlSchema, slugSchema, splitTags, tagList, trimmed } from './fields';
import { contentFactsSchema, gameControlsSchema, ratingSummaryOutput } from './games';

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

const developerSubmissionFields = z.object({
  title: requiredText(LIMITS.titleMax),
  description: requiredText(LIMITS.descriptionMax),
  /**
   * Hosted here (issue #24): the game's files are uploaded as builds and played from its own origin
   * on the games origin, so it has no srcUrl, and its thumbnail may be a file of its build.
   */
  hosted: optionalBoolean.default(false),
  /** Where the game is played from; required unless it is hosted here. */
  srcUrl: secureUrlSchema.optional(),
  /** Required unless it is hosted here (then the build's thumb.png, .jpg or .webp is used when it is left out). */
  thumbUrl: secureUrlSchema.optional(),
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
  id: idParamSchema,
  title: requiredText(LIMITS.titleMax).optional(),
  description: requiredText(LIMITS.descriptionMax).optional(),
  srcUrl: secureUrlSchema.optional(),
  thumbUrl: secureUrlSchema.optional(),
  bannerUrl: z.union([z.literal(''), secureUrlSchema]).optional(),
  categories: z.array(slugSchema).max(LIMITS.categoriesMax).optional(),
  tags: tagList.optional(),
});

/** A linked game names its address and thumbnail; a hosted one has its files uploaded instead. */
function requireLinkedGameUrls(value: { hosted: boolean; srcUrl?: string | undefined; thumbUrl?: string | undefined }, context: z.RefinementCtx): void {
  if (value.hosted) return;
  if (!value.srcUrl) context.addIssue({ code: 'custom', path: ['srcUrl'], message: 'Required' });
  if (!value.thumbUrl) context.addIssue({ code: 'custom', path: ['thumbUrl'], message: 'Required' });
}

export const developerSubmissionInput = developerSubmissionFields.superRefine(requireLinkedGameUrls);

/** The portal's developer form: it always declares the controls and content facts (issue #14). */
export const developerSubmissionForm = developerSubmissionFields
  .extend({ controls: gameControlsSchema, contentFacts: contentFactsSchema })
  .superRefine(requireLinkedGameUrls);

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
  /** Played from its own origin here, its files uploaded as builds (issue #24), rather than linked by its address. */
  hosted: z.boolean(),
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
export const submissionOutput = z.object({
  id: z.number(),
  slug: z.string(),
  status: z.enum(GAME_STATUSES),
});
