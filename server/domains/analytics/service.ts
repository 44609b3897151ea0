/**
 * Analytics of a developer's own games, read from the daily rollups (at most 90
 * rows per game per figure, however many plays), and the custom events
 * developers send. Days are UTC days; a period is today and the days before it.
 */
import { z } from 'zod';
import { AnalyticsEvent, Game } from '../../../entities';
import type { AuthedContext, DomainContext } from '../context';
import { NotFound, Validation } from '../errors';
import { requirePublishedGame } from '../games/lookup';
import { sessionKeysOf } from '../visitors/identity';
import {
  analyticsEventInput,
  EVENT_FUTURE_SKEW_MS,
  PERIOD_DAYS,
  type AnalyticsDay,
  type AnalyticsEventInput,
  type AnalyticsPeriod,
  type GameAnalyticsSummary,
  type GameAnalytics,
} from './schemas';
import { dailyRows, returningPlayers, uniquePlayers, type DayRow } from './queries';
import { completeSession } from './sessions';
import { lockStatsShared } from '../games/stats-lock';
import { confirmedRevenue, funnelDays, gameEarnings } from './funnel';
import { text } from '../../i18n/translate';

/** The days after the first play that retention looks at. */
const RETENTION_DAYS = [1, 7, 30] as const;

/** The game, if the caller owns it; anyone else's (or a missing one) is a 404, so ids reveal nothing. */
async function requireOwnGame(ctx: AuthedContext, gameId: number): Promise<number> {
  const game = await ctx.em.findOne(Game, { id: gameId, owner: ctx.user.id }, { fields: ['id'] });
  if (!game) throw new NotFound(text('games.notFound'));
  return game.id;
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);
const perSession = (seconds: number, sessions: number) => (sessions > 0 ? Math.round(seconds / sessions) : 0);

/**
 * Day-N retention of the players first seen in the period: of those whose day N has
 * come (first day + N is today or earlier), the share who played again on day N.
 */
async function retention(ctx: AuthedContext, gameId: number, days: number): Promise<GameAnalyticsSummary['metrics']['retention_rates']> {
  const counts = await returningPlayers(ctx.em, gameId, days, RETENTION_DAYS);
  const rate = (n: number) => ratio(counts.get(n)?.returned ?? 0, counts.get(n)?.eligible ?? 0);
  return { day_1: rate(1), day_7: rate(7), day_30: rate(30) };
}

async function analyticsOf(ctx: AuthedContext, gameId: number, period: AnalyticsPeriod): Promise<{ summary: GameAnalyticsSummary; days: AnalyticsDay[] }> {
  const id = await requireOwnGame(ctx, gameId);
  const span = PERIOD_DAYS[period];
  const rows = await dailyRows(ctx.em, id, span);
  const players = await uniquePlayers(ctx.em, id, span);
  const retentionRates = await retention(ctx, id, span);
  const funnel = await funnelDays(ctx.em, id, span);
  const currency = ctx.services.env.REVENUE_CURRENCY;
  const total = (key: keyof Omit<DayRow, 'day'>) => rows.reduce((sum, row) => sum + row[key], 0);
  const sessions = total('sessions');
  const summary: GameAnalyticsSummary = {
    game_id: id,
    period,
    metrics: {
      total_plays: total('plays'),
      unique_players: players,
      average_session: perSession(total('seconds'), sessions),
      completion_rate: ratio(total('completions'), sessions),
      retention_rates: retentionRates,
      revenue: { total: await confirmedRevenue(ctx.em, id, span), currency },
    },
    demographics: { age_groups: {}, countries: {} },
  };
  const days = rows.map((row) => ({
    day: row.day,
    plays: row.plays,
    unique_players: row.players,
    sessions: row.sessions,
    average_session: perSession(row.seconds, row.sessions),
    completions: row.completions,
    card_impressions: 0,
    page_views: 0,
    ad_impressions: 0,
    breaks: 0,
    returning_day_1: 0,
    returning_day_7: 0,
    ...funnel.get(row.day),
  }));
  return { summary, days };
}

/**
 * One of the caller's games' analytics over the period, with one row per day and the earnings: what
 * the developer portal's Analytics and Earnings tabs show, and what /api/v1 answers. Anyone else's
 * game is a 404.
 */
export async function gameAnalytics(ctx: AuthedContext, gameId: number, period: AnalyticsPeriod): Promise<GameAnalytics> {
  const { summary, days } = await analyticsOf(ctx, gameId, period);
  const { env } = ctx.services;
  return { ...summary, days, earnings: await gameEarnings(ctx.em, summary.game_id, env.REVENUE_CURRENCY, env.AD_BREAK_WEIGHT) };
}

/** The first problem zod found, as the domain's 400 naming the field. */
function validationOf(error: z.ZodError): Validation {
  const issue = error.issues[0];
  return new Validation(issue?.path.map(String).join('.') || 'body', issue?.message ?? 'Invalid');
}

/**
 * Stores a custom event for one of the caller's games (validated here too, whoever
 * calls): a timestamp more than a few minutes ahead of the server's clock is refused;
 * without one, the event happened now. Anyone else's game is a 404.
 */
export async function recordAnalyticsEvent(ctx: AuthedContext, event: AnalyticsEventInput): Promise<{ accepted: true }> {
  const parsed = analyticsEventInput.safeParse(event);
  if (!parsed.success) throw validationOf(parsed.error);
  const input = parsed.data;
  const occurredAt = input.timestamp === undefined ? new Date() : new Date(input.timestamp);
  if (occurredAt.getTime() > Date.now() + EVENT_FUTURE_SKEW_MS) throw new Validation('timestamp', 'Must not be in the future');
  const game = await requireOwnGame(ctx, input.game_id);
  ctx.em.create(AnalyticsEvent, {
    game: ctx.em.getReference(Game, game),
    playerId: input.player_id,
    event: input.event,
    properties: input.properties,
    occurredAt,
  });
  await ctx.em.flush();
  return { accepted: true };
}

/**
 * The game reported a round over (SDK gameOver) for the caller's current session
 * of it: the session counts as completed. Signed in or not, like plays.
 */
export async function recordCompletion(ctx: DomainContext, gameId: number): Promise<{ completed: boolean }> {
  const game = await requirePublishedGame(ctx.em, gameId);
  const keys = await sessionKeysOf(ctx);
  const completed = await ctx.em.transactional(async (tx) => {
    await lockStatsShared(tx);
    return completeSession(tx, keys, game.id);
  });
  return { completed };
}
