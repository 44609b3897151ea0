/**
 * Issue 49, point 10b: page_views, card_impressions and ad_impressions are partitioned by UTC
 * month. A pruned whole month goes as a DROP of its partitions; an event no month partition takes
 * lands in the DEFAULT partition and goes by DELETE; the daily rollups never change with either,
 * nor with the migration that moved the existing rows into the partitioned tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { engineName } from '../../../tests/support/engine';
import type { Database } from '../../db/orm';
import { sqlIn } from '../../db/sql';
import { createPageEventPartitions, prunePageEvents } from './page-events';

const MIGRATION = 'Migration20261129020000_partition_page_events';

let db: Database;
let gameId: number;
beforeAll(async () => {
  db = await openTestDatabase();
  [{ id: gameId }] = (await sql<{ id: number }>(
    `insert into games (slug, title, description, status, created_at, updated_at) values ('parted', 'Parted', 'A game', 'APPROVED', now(), now()) returning id`,
  )) as [{ id: number }];
});
afterAll(() => db.close());

const sql = <T = unknown>(text: string, params: unknown[] = []) => sqlIn<T>(db.orm.em.fork(), text, params);

/** The first day of the UTC month `n` months before this one (YYYY-MM). */
function monthsAgo(n: number): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - n);
  return date.toISOString().slice(0, 7);
}

/** `views` page views of the game at `at`, each with a card impression and a slot impression; answers their ids. */
async function events(at: string, views: number, withPageViewAt = true): Promise<string[]> {
  const ids = (
    await sql<{ id: string }>(
      `insert into page_views (id, visitor_key, game_id, path, created_at)
         select substr(md5(random()::text || n::text), 1, 22), 'v:test', ?::int, '/', ?::timestamptz from generate_series(1, ?::int) as n returning id`,
      [gameId, at, views],
    )
  ).map((row) => row.id);
  const list = `{${ids.join(',')}}`;
  const [columns, value] = withPageViewAt ? [', page_view_at', ', v.created_at'] : ['', ''];
  await sql(`insert into card_impressions (page_view_id${columns}, game_id, created_at) select v.id${value}, ?, v.created_at from page_views v where v.id = any(?::text[])`, [gameId, list]);
  await sql(
    `insert into ad_impressions (page_view_id${columns}, kind, place, game_id, visitor_key, created_at)
       select v.id${value}, 'slot', 'p', ?, 'v:test', v.created_at from page_views v where v.id = any(?::text[])`,
    [gameId, list],
  );
  return ids;
}

const rollups = () => sql<Record<string, unknown>>('select * from game_daily_events order by game_id, day');
const rawRows = async () =>
  (await sql<{ n: number }>('select ((select count(*) from page_views) + (select count(*) from card_impressions) + (select count(*) from ad_impressions))::int as n'))[0]!.n;
const exists = async (table: string) => (await sql<{ oid: string | null }>('select to_regclass(?)::text as oid', [table]))[0]!.oid !== null;
const partitionOf = async (table: string, where: string, id: string) =>
  (await sql<{ partition: string }>(`select tableoid::regclass::text as partition from ${table} where ${where} = ?`, [id]))[0]?.partition;

describe(`page event partitions (${engineName})`, () => {
  it("makes this month's and the next two months' partitions, and puts an event in its month's", async () => {
    const later = monthsAgo(-2).replace('-', '_');
    await sql(`drop table card_impressions_${later}, ad_impressions_${later}`);
    await sql(`alter table page_views detach partition page_views_${later}`);
    await sql(`drop table page_views_${later}`);
    expect(await exists(`page_views_${later}`)).toBe(false);
    await createPageEventPartitions(db.orm);
    for (const month of [monthsAgo(0), monthsAgo(-1), monthsAgo(-2)]) {
      for (const table of ['page_views', 'card_impressions', 'ad_impressions']) expect(await exists(`${table}_${month.replace('-', '_')}`)).toBe(true);
    }
    const [id] = await events(new Date().toISOString(), 1);
    expect(await partitionOf('page_views', 'id', id!)).toBe(`page_views_${monthsAgo(0).replace('-', '_')}`);
    expect(await partitionOf('card_impressions', 'page_view_id', id!)).toBe(`card_impressions_${monthsAgo(0).replace('-', '_')}`);
  });

  it('drops a month past the retention as its partitions, its rollups unchanged', async () => {
    const month = monthsAgo(4);
    const suffix = month.replace('-', '_');
    await sql(`select create_page_event_partitions(?::date, ?::date)`, [`${month}-01`, `${month}-01`]);
    expect(await exists(`page_views_${suffix}`)).toBe(true);
    const ids = await events(`${month}-12T09:30:00Z`, 5);
    expect(await partitionOf('ad_impressions', 'page_view_id', ids[0]!)).toBe(`ad_impressions_${suffix}`);
    const before = await rollups();
    expect(before).toContainEqual(expect.objectContaining({ game_id: gameId, page_views: 5, card_impressions: 5, slot_impressions: 5 }));
    const rowsBefore = await rawRows();

    const pruned = await prunePageEvents(db.orm, 60);

    expect(pruned.droppedMonths).toContain(month);
    for (const table of ['page_views', 'card_impressions', 'ad_impressions']) expect(await exists(`${table}_${suffix}`)).toBe(false);
    expect(await rawRows()).toBe(rowsBefore - 5 * 3);
    expect(await rollups()).toEqual(before);
    // This month's partitions and the default are kept.
    expect(await exists(`page_views_${monthsAgo(0).replace('-', '_')}`)).toBe(true);
    expect(await exists('page_views_default')).toBe(true);
  });

  it('puts an event of a month with no partition in the default partition, leaves that month there, and deletes it past the retention', async () => {
    const month = monthsAgo(7);
    const ids = await events(`${month}-20T18:00:00Z`, 3);
    expect(await partitionOf('page_views', 'id', ids[0]!)).toBe('page_views_default');
    expect(await partitionOf('card_impressions', 'page_view_id', ids[0]!)).toBe('card_impressions_default');
    expect(await partitionOf('ad_impressions', 'page_view_id', ids[0]!)).toBe('ad_impressions_default');
    // A partition cannot take the rows the default holds: the month stays in the default.
    await sql(`select create_page_event_partitions(?::date, ?::date)`, [`${month}-01`, `${month}-01`]);
    expect(await exists(`page_views_${month.replace('-', '_')}`)).toBe(false);
    const before = await rollups();
    const rowsBefore = await rawRows();

    const pruned = await prunePageEvents(db.orm, 60);

    expect(pruned.deleted).toBe(3);
    expect(pruned.droppedMonths).toEqual([]);
    expect(await rawRows()).toBe(rowsBefore - 3 * 3);
    expect(await sql('select id from page_views where id = any(?::text[])', [`{${ids.join(',')}}`])).toEqual([]);
    expect(await rollups()).toEqual(before);
  });
});

describe(`the page events partitioning migration (${engineName})`, () => {
  it('moves the existing events into the monthly partitions with their counts and rollups unchanged', async () => {
    await db.orm.migrator.down({ migrations: [MIGRATION] });
    expect(await sql<{ relkind: string }>(`select relkind::text from pg_class where relname = 'page_views'`)).toEqual([{ relkind: 'r' }]);
    const old = monthsAgo(9);
    await events(`${old}-05T07:00:00Z`, 4, false);
    await events(new Date(Date.now() - 3_600_000).toISOString(), 2, false);
    const countsBefore = await sql('select (select count(*) from page_views)::int as views, (select count(*) from card_impressions)::int as cards, (select count(*) from ad_impressions)::int as ads');
    const before = await rollups();
    expect(before).toContainEqual(expect.objectContaining({ game_id: gameId, page_views: 4, card_impressions: 4, slot_impressions: 4 }));

    await db.orm.migrator.up({ migrations: [MIGRATION] });

    expect(await sql<{ relkind: string }>(`select relkind::text from pg_class where relname = 'page_views'`)).toEqual([{ relkind: 'p' }]);
    expect(await sql('select (select count(*) from page_views)::int as views, (select count(*) from card_impressions)::int as cards, (select count(*) from ad_impressions)::int as ads')).toEqual(countsBefore);
    expect(await rollups()).toEqual(before);
    // The oldest month has its partitions, and each impression carries its page view's time.
    const suffix = old.replace('-', '_');
    expect(await sql<{ n: number }>(`select count(*)::int as n from page_views_${suffix}`)).toEqual([{ n: 4 }]);
    expect(await sql<{ n: number }>(`select count(*)::int as n from card_impressions_${suffix}`)).toEqual([{ n: 4 }]);
    expect(await sql<{ n: number }>(`select count(*)::int as n from ad_impressions c join page_views v on v.id = c.page_view_id where c.page_view_at <> v.created_at`)).toEqual([{ n: 0 }]);
    // The rollup triggers count each new event once.
    const today = () => sql<{ page_views: number; card_impressions: number }>(`select page_views, card_impressions from game_daily_events where game_id = ? and day = (now() at time zone 'UTC')::date`, [gameId]);
    const [earlier] = await today();
    await events(new Date().toISOString(), 1);
    expect(await today()).toEqual([{ page_views: (earlier?.page_views ?? 0) + 1, card_impressions: (earlier?.card_impressions ?? 0) + 1 }]);
  });
});
