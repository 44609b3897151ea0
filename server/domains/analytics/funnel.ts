/**
 * The money and funnel figures of a developer's game (issue #37), per UTC day: card impressions in
 * lists, page views, ad slot impressions and breaks, and players back on day 1 and day 7 after
 * their first; and its earnings: confirmed ones from the monthly statements, and this month's
 * estimate (the game's weighted impressions so far at the last entered month's revenue per
 * weighted impression, the developer's share of it) until the month's revenue is entered.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlIn } from '../../db/sql';
import { UTC_TODAY } from '../games/stats-days';
import { cents } from '../revenue/queries';
import { developerCents, monthAfter } from '../revenue/split';

export type FunnelDay = { card_impressions: number; page_views: number; ad_impressions: number; breaks: number; returning_day_1: number; returning_day_7: number };

/** The funnel's figures for each day of the period that has any, by day (YYYY-MM-DD). */
export async function funnelDays(em: EntityManager, gameId: number, days: number): Promise<Map<string, FunnelDay>> {
  const byDay = new Map<string, FunnelDay>();
  const dayOf = (day: string) => {
    let entry = byDay.get(day);
    if (!entry) byDay.set(day, (entry = { card_impressions: 0, page_views: 0, ad_impressions: 0, breaks: 0, returning_day_1: 0, returning_day_7: 0 }));
    return entry;
  };
  // From the daily rollups (migrations/Migration20261128220700_page_event_rollups.ts), which outlive the raw events.
  const counted = await sqlIn<{ day: string; page_views: number; card_impressions: number; slot_impressions: number; break_impressions: number }>(
    em,
    `select day::text as day, page_views, card_impressions, slot_impressions, break_impressions from game_daily_events
      where game_id = ? and day > ${UTC_TODAY} - ${Math.trunc(days)}`,
    [gameId],
  );
  for (const row of counted) {
    Object.assign(dayOf(row.day), { card_impressions: row.card_impressions, page_views: row.page_views, ad_impressions: row.slot_impressions, breaks: row.break_impressions });
  }
  const returning = await sqlIn<{ day: string; day_1: number; day_7: number }>(
    em,
    `select d.day::text as day, count(*) filter (where d.day = p.first_day + 1)::int as day_1, count(*) filter (where d.day = p.first_day + 7)::int as day_7
       from game_player_days d join game_players p on p.game_id = d.game_id and p.visitor_key = d.visitor_key
      where d.game_id = ? and d.day > ${UTC_TODAY} - ${Math.trunc(days)} group by 1`,
    [gameId],
  );
  for (const row of returning) Object.assign(dayOf(row.day), { returning_day_1: row.day_1, returning_day_7: row.day_7 });
  return byDay;
}

export type Earnings = {
  currency: string;
  /** This month so far, estimated; null when no month's revenue has been entered yet to estimate from. */
  estimated_this_month: number | null;
  /** The month the estimate's rate comes from. */
  estimated_from_month: string | null;
  /** The developer's confirmed share of the game, by month entered, newest first. */
  confirmed: { month: string; share: number }[];
};

const toUnits = (amount: number) => amount / 100;

/** The game's earnings for its developer (in the currency's units). */
export async function gameEarnings(em: EntityManager, gameId: number, currency: string, breakWeight: number): Promise<Earnings> {
  const confirmed = await sqlIn<{ month: string; developer_cents: string }>(
    em,
    'select month, developer_cents from revenue_game_shares where game_id = ? order by month desc',
    [gameId],
  );
  const thisMonth = new Date().toISOString().slice(0, 7);
  const [last] = await sqlIn<{ month: string; total_cents: string }>(em, 'select month, total_cents from revenue_months where month < ? order by month desc limit 1', [thisMonth]);
  let estimate: number | null = null;
  if (last) {
    const weightIn = async (month: string, game: number | null) => {
      const [row] = await sqlIn<{ w: string }>(
        em,
        `select coalesce(sum(slot_impressions + ?::int * break_impressions), 0)::bigint as w from game_daily_events
          where day >= ?::date and day < ?::date ${game === null ? '' : 'and game_id = ?'}`,
        [breakWeight, `${month}-01`, `${monthAfter(month)}-01`, ...(game === null ? [] : [game])],
      );
      return cents(row?.w);
    };
    const [lastWeight, gameWeight] = [await weightIn(last.month, null), await weightIn(thisMonth, gameId)];
    const [owned] = await sqlIn<{ paid: boolean }>(em, 'select owner_id is not null and not built_in as paid from games where id = ?', [gameId]);
    if (lastWeight > 0 && owned?.paid) estimate = toUnits(developerCents(Math.floor((cents(last.total_cents) * gameWeight) / lastWeight)));
  }
  return {
    currency,
    estimated_this_month: estimate,
    estimated_from_month: estimate === null ? null : last!.month,
    confirmed: confirmed.map((row) => ({ month: row.month, share: toUnits(cents(row.developer_cents)) })),
  };
}

/**
 * The developer's confirmed share of the game in the months that overlap the last `days` UTC days
 * (whole months, as the statements have them): the /api/v1 analytics' `revenue.total`.
 */
export async function confirmedRevenue(em: EntityManager, gameId: number, days: number): Promise<number> {
  const [row] = await sqlIn<{ total: string }>(
    em,
    `select coalesce(sum(developer_cents), 0)::bigint as total from revenue_game_shares
      where game_id = ? and month >= to_char(${UTC_TODAY} - ${Math.trunc(days) - 1}, 'YYYY-MM')`,
    [gameId],
  );
  return toUnits(cents(row?.total));
}
