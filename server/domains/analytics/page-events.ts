/**
 * Pruning the raw page events (page_views, card_impressions, ad_impressions). Every figure read
 * from them lives on in game_daily_events (the funnel per game and day, the statements' monthly
 * weights, a re-import), kept by triggers as the events are written, so the raw rows are needed
 * only for the ads' own rules: an impression counted once per page view and place, a visitor's
 * burst limit, a page view's 30 minutes. They go once their month's revenue is entered, and after
 * PAGE_EVENTS_RETENTION_DAYS when the operator sets it; never within their first day. The tables
 * are partitioned by UTC month (Migration20261129020000_partition_page_events): a whole month
 * goes as a DROP of its partitions; rows of a partial month, or in a DEFAULT partition, by DELETE.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { sqlIn } from '../../db/sql';
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
  const range = `created_at < least(?::timestamptz, now() - interval '1 day')${from === null ? '' : ' and created_at >= ?::timestamptz'}`;
  const params = from === null ? [to] : [to, from];
  let deleted = 0;
  for (;;) {
    const rows = await orm.em.fork().getConnection().execute<{ n: number }[]>(
      // The range twice: the outer one keeps the delete to the range's partitions.
      `with gone as (delete from page_views where id = any(array(
         select id from page_views where ${range} limit ${SLICE})) and ${range}
       returning 1) select count(*)::int as n from gone`,
      [...params, ...params],
    );
    deleted += rows[0]?.n ?? 0;
    if ((rows[0]?.n ?? 0) < SLICE) return deleted;
  }
}

/** Creates the monthly partitions of this UTC month and the next two that are missing (run at start and daily). */
export async function createPageEventPartitions(orm: MikroORM): Promise<void> {
  await orm.em.fork().getConnection().execute(
    `select create_page_event_partitions((now() at time zone 'UTC')::date, ((now() + interval '2 months') at time zone 'UTC')::date)`,
  );
}

/**
 * Drops the monthly partitions of the months (YYYY-MM) `gone` says go, the impressions' before
 * the page views' (which must be detached first: their foreign keys refer to the parent). Answers
 * the months dropped.
 */
async function dropMonths(orm: MikroORM, gone: (month: string) => boolean): Promise<string[]> {
  const partitions = await orm.em.fork().getConnection().execute<{ name: string }[]>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'page_views'::regclass order by 1`,
  );
  const months = partitions.flatMap(({ name }) => /^page_views_(\d{4})_(\d{2})$/.exec(name)?.slice(1, 3).join('-') ?? []).filter(gone);
  for (const month of months) {
    const suffix = month.replace('-', '_');
    await orm.em.fork().transactional(async (tx) => {
      // Waits a little for the requests that hold these tables, then gives up until the next run; page_views first, as requests take them.
      await sqlIn(tx, `set local lock_timeout = '5s'`);
      await sqlIn(tx, 'lock table page_views, card_impressions, ad_impressions in access exclusive mode');
      await sqlIn(tx, `drop table if exists card_impressions_${suffix}, ad_impressions_${suffix}`);
      await sqlIn(tx, `alter table page_views detach partition page_views_${suffix}`);
      await sqlIn(tx, `drop table page_views_${suffix}`);
    });
  }
  return months;
}

/**
 * Drops the raw events of the months whose revenue is entered, and those past `retentionDays`
 * when given: whole months with their partitions, the rest a slice at a time. Answers how many
 * page views were deleted and which months' partitions were dropped.
 */
export async function prunePageEvents(orm: MikroORM, retentionDays?: number): Promise<{ deleted: number; droppedMonths: string[] }> {
  const entered = await orm.em.fork().getConnection().execute<{ month: string }[]>('select month from revenue_months order by month');
  const dayAgo = Date.now() - 86_400_000;
  const retainedFrom = retentionDays === undefined ? null : Date.now() - retentionDays * 86_400_000;
  const enteredMonths = new Set(entered.map(({ month }) => month));
  const droppedMonths = await dropMonths(orm, (month) => {
    const ends = Date.parse(`${monthAfter(month)}-01T00:00:00Z`);
    return ends <= dayAgo && (enteredMonths.has(month) || (retainedFrom !== null && ends <= retainedFrom));
  });
  const ranges: [string | null, string][] = entered.map(({ month }) => [`${month}-01T00:00:00Z`, `${monthAfter(month)}-01T00:00:00Z`]);
  if (retainedFrom !== null) ranges.push([null, new Date(retainedFrom).toISOString()]);
  let deleted = 0;
  for (const [from, to] of ranges) deleted += await deleteBetween(orm, from, to);
  return { deleted, droppedMonths };
}

/**
 * The page events' hourly upkeep: the coming months' partitions made ahead of their first event,
 * then the months and rows that may go dropped (retention as PAGE_EVENTS_RETENTION_DAYS).
 */
export async function maintainPageEvents(orm: MikroORM, retentionDays?: number): Promise<void> {
  await createPageEventPartitions(orm);
  await prunePageEvents(orm, retentionDays);
}
