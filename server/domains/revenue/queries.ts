/** Every query of the revenue domain: a month's impressions, its stored split, statements and payouts. Months are UTC months. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlIn } from '../../db/sql';
import { monthAfter } from './split';

/** Bigint columns arrive as strings (the type parsers'): every amount is read through this. */
export const cents = (value: number | string | null | undefined): number => Number(value ?? 0);

export type GameImpressions = {
  game_id: number | null;
  title: string | null;
  developer_id: number | null;
  slot_impressions: number;
  break_impressions: number;
};

/**
 * A month's counted ad impressions by game, with each game's developer (null for built-in games,
 * games without an owner and the portal's own pages, game null: with a game deleted since, as
 * its raw impressions were). Read from the daily rollups, which outlive the raw events.
 */
export function impressionsOf(em: EntityManager, month: string): Promise<GameImpressions[]> {
  return sqlIn<GameImpressions>(
    em,
    `select g.id as game_id, g.title, case when g.built_in then null else g.owner_id end as developer_id,
            sum(r.slot_impressions)::int as slot_impressions, sum(r.break_impressions)::int as break_impressions
       from game_daily_events r left join games g on g.id = r.game_id
      where r.day >= ?::date and r.day < ?::date and (r.slot_impressions > 0 or r.break_impressions > 0)
      group by 1, 2, 3 order by 1 nulls last`,
    [`${month}-01`, `${monthAfter(month)}-01`],
  );
}

/** Games by id or slug (lower case), for a per-channel report's lines. */
export async function gamesNamed(em: EntityManager, ids: number[], slugs: string[]): Promise<{ id: number; slug: string; title: string; developer_id: number | null }[]> {
  return sqlIn(
    em,
    `select id, slug, title, case when built_in then null else owner_id end as developer_id
       from games where id = any(?::int[]) or slug = any(?::text[])`,
    [`{${ids.join(',')}}`, `{${slugs.map((slug) => `"${slug.replaceAll('"', '')}"`).join(',')}}`],
  );
}

/** The latest statement of each developer before `month` that did not become a payout: its balance carries in. */
export async function carriedBalances(em: EntityManager, month: string): Promise<Map<number, number>> {
  const rows = await sqlIn<{ developer_id: number; balance_cents: string; payout_id: number | null }>(
    em,
    `select distinct on (s.developer_id) s.developer_id, s.balance_cents, p.id as payout_id
       from developer_statements s left join payouts p on p.month = s.month and p.developer_id = s.developer_id
      where s.month < ? order by s.developer_id, s.month desc`,
    [month],
  );
  return new Map(rows.filter((row) => row.payout_id === null).map((row) => [row.developer_id, cents(row.balance_cents)]));
}

/** The months at or after `month` that are stored, oldest first. */
export async function monthsFrom(em: EntityManager, month: string): Promise<string[]> {
  const rows = await sqlIn<{ month: string }>(em, 'select month from revenue_months where month >= ? order by month', [month]);
  return rows.map((row) => row.month);
}

/** Whether any payout of `month` or a later month has been marked paid. */
export async function paidPayoutFrom(em: EntityManager, month: string): Promise<string | null> {
  const rows = await sqlIn<{ month: string }>(em, 'select month from payouts where month >= ? and paid_at is not null order by month limit 1', [month]);
  return rows[0]?.month ?? null;
}

/** Removes a month's split, statements and payouts (none of them paid), before it is computed again. */
export async function clearMonth(em: EntityManager, month: string): Promise<void> {
  await sqlIn(em, 'delete from payouts where month = ?', [month]);
  await sqlIn(em, 'delete from developer_statements where month = ?', [month]);
  await sqlIn(em, 'delete from revenue_game_shares where month = ?', [month]);
}
