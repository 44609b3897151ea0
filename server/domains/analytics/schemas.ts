/**
 * The analytics shapes: the documented /api/v1 ones (snake_case; their descriptions and examples
 * are the API documentation page's reference, rendered from the OpenAPI document) and the
 * developer portal's, which adds per-day series.
 */
import { z } from 'zod';
import { idSchema, idParamSchema, isStorableText, typeError } from '../../../shared/schemas';

export const ANALYTICS_PERIODS = ['7d', '30d', '90d'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** How many UTC days each period covers: today and the days before it. */
export const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

export const analyticsPeriodSchema = z.enum(ANALYTICS_PERIODS, { error: 'Must be 7d, 30d or 90d' }).default('30d');

/** The most JSON one event's properties may take. */
export const EVENT_PROPERTIES_MAX_BYTES = 4096;
/** How far ahead of the server's clock an event's timestamp may be (clock skew). */
export const EVENT_FUTURE_SKEW_MS = 5 * 60_000;

const rate = z.number().min(0).max(1);
const shares = z.record(z.string(), rate);

/** The period's figures of a game: the summary part of its analytics. */
const gameAnalyticsFigures = z.object({
  game_id: z.number().int(),
  period: z.enum(ANALYTICS_PERIODS),
  metrics: z.object({
    total_plays: z.number().int().min(0),
    unique_players: z.number().int().min(0),
    /** Seconds of gameplay per session. */
    average_session: z.number().min(0),
    /** Sessions that reached a game over, of all sessions. */
    completion_rate: rate,
    /** Of the players first seen in the period whose day N has come, the share who played again on day N. */
    retention_rates: z.object({ day_1: rate, day_7: rate, day_30: rate }),
    /** The developer's confirmed share from the monthly statements of the months the period overlaps (whole months), in the operator's currency. */
    revenue: z.object({ total: z.number().min(0), currency: z.string().length(3) }),
  }),
  /** Shares of players where known; the portal records neither ages nor countries, so both are empty. */
  demographics: z.object({ age_groups: shares, countries: shares }),
});
export type GameAnalyticsSummary = z.infer<typeof gameAnalyticsFigures>;

export const analyticsDayOutput = z.object({
  /** A UTC day, YYYY-MM-DD. */
  day: z.string(),
  plays: z.number().int().min(0),
  unique_players: z.number().int().min(0),
  sessions: z.number().int().min(0),
  average_session: z.number().min(0),
  completions: z.number().int().min(0),
  /** Times the game's card was at least half on screen in a list (once per page view). */
  card_impressions: z.number().int().min(0),
  page_views: z.number().int().min(0),
  /** Viewable ad slot impressions on the game's page. */
  ad_impressions: z.number().int().min(0),
  /** Ad breaks shown in the game. */
  breaks: z.number().int().min(0),
  /** Players who played on this day, one day (and seven days) after their first day. */
  returning_day_1: z.number().int().min(0),
  returning_day_7: z.number().int().min(0),
});
export type AnalyticsDay = z.infer<typeof analyticsDayOutput>;

/** The game's earnings for its developer: confirmed by month, and this month's estimate. */
export const gameEarningsOutput = z.object({
  currency: z.string().length(3),
  /** This month so far, an estimate until the month's revenue is entered; null with no month entered to estimate from. */
  estimated_this_month: z.number().min(0).nullable(),
  estimated_from_month: z.string().nullable(),
  /** The developer's confirmed share, by month entered, newest first. */
  confirmed: z.array(z.object({ month: z.string(), share: z.number().min(0) })),
});
/**
 * A game's analytics, as the developer portal's Analytics and Earnings tabs show them and as
 * GET /api/v1/analytics/games/{id} answers (issue #49: a script reads what the screen shows): the
 * period's figures, one row per day of the period (oldest first) with the funnel, and the earnings.
 * Its example is the API documentation page's (rendered from the OpenAPI document).
 */
export const gameAnalyticsOutput = gameAnalyticsFigures.extend({ days: z.array(analyticsDayOutput), earnings: gameEarningsOutput }).meta({
  examples: [
    {
      game_id: 42,
      period: '30d',
      metrics: {
        total_plays: 15230,
        unique_players: 8410,
        average_session: 312,
        completion_rate: 0.64,
        retention_rates: { day_1: 0.42, day_7: 0.18, day_30: 0.07 },
        revenue: { total: 182.4, currency: 'USD' },
      },
      demographics: {
        age_groups: { '13-17': 0.22, '18-24': 0.38, '25-34': 0.27, '35+': 0.13 },
        countries: { IN: 0.41, US: 0.18, BR: 0.09, other: 0.32 },
      },
      days: [
        {
          day: '2026-10-25',
          plays: 2210,
          unique_players: 1630,
          sessions: 2210,
          average_session: 305,
          completions: 1402,
          card_impressions: 18450,
          page_views: 2480,
          ad_impressions: 1910,
          breaks: 640,
          returning_day_1: 212,
          returning_day_7: 64,
        },
      ],
      earnings: { currency: 'USD', estimated_this_month: 141.27, estimated_from_month: '2026-09', confirmed: [{ month: '2026-09', share: 182.4 }] },
    },
  ],
});
export type GameAnalytics = z.infer<typeof gameAnalyticsOutput>;

export const gameAnalyticsInput = z.object({
  id: idParamSchema.meta({ description: 'The id of your game.' }),
  period: analyticsPeriodSchema.meta({ description: 'One of 7d, 30d or 90d.', examples: ['30d'] }),
});

/** jsonb refuses NUL and lone surrogates anywhere in a document (keys included). */
function storableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(storableJson);
  if (typeof value === 'object' && value !== null) return Object.entries(value).every(([key, item]) => isStorableText(key) && storableJson(item));
  return true;
}

export const analyticsEventInput = z.object({
  game_id: idSchema.meta({ description: 'The id of your game.' }),
  player_id: z
    .string({ error: typeError('text') })
    .trim()
    .min(1, 'Required')
    .max(128, 'Must be at most 128 characters')
    .refine(isStorableText, 'Must not contain NUL or unpaired surrogate characters')
    .meta({ description: 'Your own anonymous player identifier.' }),
  event: z
    .string({ error: typeError('text') })
    .trim()
    .min(1, 'Required')
    .max(64, 'Must be at most 64 characters')
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Letters, digits and _ . : - only')
    .meta({ description: 'Event name, e.g. level_complete.' }),
  properties: z
    .record(z.string(), z.unknown(), { error: 'Must be an object' })
    .default({})
    .refine(storableJson, 'Must not contain NUL or unpaired surrogate characters')
    .refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= EVENT_PROPERTIES_MAX_BYTES, `Must be at most ${EVENT_PROPERTIES_MAX_BYTES} bytes of JSON`)
    .meta({ description: 'Any extra data about the event (free-form).' }),
  timestamp: z.iso
    .datetime({ offset: true, error: 'Must be an ISO 8601 date and time' })
    .meta({ description: 'When it happened, in UTC. Defaults to now.' })
    .optional(),
}).meta({
  examples: [
    {
      game_id: 42,
      player_id: 'p_8f3a2c',
      event: 'level_complete',
      properties: { level: 3, time_seconds: 48.2, stars: 2 },
      timestamp: '2025-08-01T12:34:56Z',
    },
  ],
});
export type AnalyticsEventInput = z.input<typeof analyticsEventInput>;

export const analyticsEventOutput = z.object({ accepted: z.literal(true) }).meta({ examples: [{ accepted: true }] });
