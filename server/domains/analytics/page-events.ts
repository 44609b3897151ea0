/**
 * Pruning the raw page events (page_views, card_impressions, ad_impressions). Every figure read
 * from them lives on in game_daily_events (the funnel per game and day, the statements' monthly
 * weights, a re-import), kept by triggers as the events are written, so the raw rows are needed
 * only for the ads' own rules: an impression counted once per page view and place, a visitor's
 * burst limit, a page view's 30 minutes. They are deleted once their month's revenue is entered,
 * and after PAGE_EVENTS_RETENTION_DAYS when the operator sets it; never within their first day.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { monthAfter } from '../revenue/split';

/** Page views a transaction deletes (with some 14 impressions each). */
const SLICE = 5_000;

/**
 * Deletes the page views created in [from, to) and over a day old, a slice a transaction, and
 * with them their impressions (on delete cascade, through the impressions' primary keys, which
 * start with the page view: an impression comes within its page view's 30 minutes). Answers how
 * many page views went.
 */
async function deleteBetween(orm: MikroORM, from: string | null, to: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await orm.em.fork().getConnection().execute<{ n: number }[]>(
      `with gone as (delete from page_views where id = any(array(
         select id from page_views where created_at < least(?::timestamptz, now() - interval '1 day') ${from === null ? '' : 'and created_at >= ?::timestamptz'} limit ${SLICE}))
       returning 1) select count(*)::int as n from gone`,
      from === null ? [to] : [to, from],
    );
    deleted += rows[0]?.n ?? 0;
    if ((rows[0]?.n ?? 0) < SLICE) return deleted;
  }
}

/** Deletes the raw events of the months whose revenue is entered, and those past `retentionDays` when given; answers how many page views went. */
export async function prunePageEvents(orm: MikroORM, retentionDays?: number): Promise<{ deleted: number }> {
  const entered = await orm.em.fork().getConnection().execute<{ month: string }[]>('select month from revenue_months order by month');
  const ranges: [string | null, string][] = entered.map(({ month }) => [`${month}-01T00:00:00Z`, `${monthAfter(month)}-01T00:00:00Z`]);
  if (retentionDays !== undefined) ranges.push([null, new Date(Date.now() - retentionDays * 86_400_000).toISOString()]);
  let deleted = 0;
  for (const [from, to] of ranges) deleted += await deleteBetween(orm, from, to);
  return { deleted };
}
