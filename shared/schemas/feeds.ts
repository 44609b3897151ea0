/** Distributors' feeds (issue #58): what an admin sends to add one, and what the portal answers about it. */
import { z } from 'zod';
import { idParamSchema, requiredText, slugSchema, trimmed, webUrl } from './fields';

export const FEED_FORMATS = ['gamedistribution', 'gamemonetize', 'gamepix', 'famobi', 'json', 'rss'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
export const FEED_PUBLISH = ['now', 'review'] as const;
/** How often a feed syncs on its own, in hours (a divisor of a day, or a week). */
export const FEED_SCHEDULES = [1, 2, 3, 4, 6, 8, 12, 24, 168] as const;
export const FEED_DEFAULT_LIMIT = 1_000;
export const FEED_MAX_LIMIT = 10_000;

const fieldPath = trimmed(200).regex(/^[\w@:#$-]+(\.[\w@:#$-]+)*$/, 'Must be a field name, or names joined by dots').optional();

/** Which field of a json or rss item holds what (dotted paths; `@_name` is an XML attribute). */
export const feedFieldsSchema = z.object({
  items: trimmed(200).optional(),
  id: fieldPath,
  title: fieldPath,
  url: fieldPath,
  description: fieldPath,
  instructions: fieldPath,
  categories: fieldPath,
  tags: fieldPath,
  thumbnail: fieldPath,
  company: fieldPath,
  width: fieldPath,
  height: fieldPath,
  orientation: fieldPath,
});
export type FeedFields = z.infer<typeof feedFieldsSchema>;

export const feedInput = z
  .object({
    url: webUrl,
    format: z.enum(FEED_FORMATS, { error: `Must be one of ${FEED_FORMATS.join(', ')}` }),
    name: requiredText(80),
    publish: z.enum(FEED_PUBLISH, { error: 'Must be "now" or "review"' }),
    limit: z.coerce.number().int().min(1).max(FEED_MAX_LIMIT, `Must be at most ${FEED_MAX_LIMIT}`).default(FEED_DEFAULT_LIMIT),
    scheduleHours: z.coerce
      .number()
      .int()
      .refine((hours) => (FEED_SCHEDULES as readonly number[]).includes(hours), `Must be one of ${FEED_SCHEDULES.join(', ')}`)
      .default(24),
    /** A distributor's category (any case) → a portal category's slug. */
    categoryMap: z.record(trimmed(60).min(1), slugSchema).default({}),
    fields: feedFieldsSchema.optional(),
  })
  .superRefine((feed, context) => {
    if (feed.format !== 'json') return;
    if (!feed.fields?.title) context.addIssue({ code: 'custom', path: ['fields', 'title'], message: 'Required for a json feed' });
    if (!feed.fields?.url) context.addIssue({ code: 'custom', path: ['fields', 'url'], message: 'Required for a json feed' });
  });
export type FeedInput = z.infer<typeof feedInput>;

export const feedIdInput = z.object({ id: idParamSchema });

export const feedReportSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  unpublished: z.number().int(),
  refused: z.array(z.object({ item: z.string().meta({ description: "The distributor's id, or the item's position when it has none" }), reason: z.string() })),
});
export type FeedReport = z.infer<typeof feedReportSchema>;

export const feedOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  format: z.enum(FEED_FORMATS),
  publish: z.enum(FEED_PUBLISH),
  limit: z.number().int(),
  scheduleHours: z.number().int(),
  categoryMap: z.record(z.string(), z.string()),
  fields: feedFieldsSchema.nullable(),
  createdAt: z.string(),
  /** When it last synced, successfully or not; null: never. */
  lastSyncAt: z.string().nullable(),
  /** The last successful sync's report; null: none yet. */
  lastReport: feedReportSchema.nullable(),
  /** Why the last sync failed; null when it succeeded (or none ran). */
  lastError: z.string().nullable(),
  /** Whether a sync of it runs now. */
  syncing: z.boolean(),
  games: z.number().int().meta({ description: 'Games it brought that are published now' }),
});
export type FeedOutput = z.infer<typeof feedOutput>;

export const feedCreatedOutput = z.object({ id: z.number().int() });

/** The ratings an admin may give an imported game approved for the Kids Zone (the Kids Zone's own). */
export const KIDS_ZONE_RATINGS = ['KIDS', 'E7'] as const;

/** An admin's word on one imported game in the Kids Zone: approved (with its rating, KIDS unless 7+) or withdrawn. */
export const kidsZoneInput = z.object({
  id: idParamSchema,
  approved: z.boolean({ error: 'Must be true or false' }),
  ageRating: z.enum(KIDS_ZONE_RATINGS, { error: 'Must be "KIDS" or "E7"' }).default('KIDS'),
});

/** The Feeds tab's lists of games: imported ones (for the Kids Zone) or the portal's own (for home). */
export const feedGamesInput = z.object({
  kind: z.enum(['imported', 'own'], { error: 'Must be "imported" or "own"' }),
  search: trimmed(80).optional(),
});

export const feedGameOutput = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  thumbUrl: z.string().nullable(),
  status: z.string(),
  distributor: z.string().nullable(),
  ageRating: z.string(),
  /** When an admin approved it for the Kids Zone; null: not in it (imported games only). */
  kidsApprovedAt: z.string().nullable(),
  /** Its place on home (the portal's own games only); null: none. */
  homePlacement: z.enum(['pinned', 'boosted']).nullable(),
});
export type FeedGame = z.infer<typeof feedGameOutput>;

/** An admin's place for one of the portal's own games on home: pinned (first in Popular), boosted (one card in three of Popular and Trending) or none. */
export const HOME_PLACEMENTS = ['pinned', 'boosted'] as const;
export type HomePlacement = (typeof HOME_PLACEMENTS)[number];
/** The most games pinned at once (home's Popular row keeps room for what players play) and boosted at once. */
export const HOME_PLACED_MAX = { pinned: 4, boosted: 20 } as const;

export const homePlacementInput = z.object({
  id: idParamSchema,
  placement: z.enum(HOME_PLACEMENTS, { error: 'Must be "pinned", "boosted" or null' }).nullable(),
});
