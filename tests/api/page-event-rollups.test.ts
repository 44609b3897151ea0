/**
 * Issue 49, point 10b: the funnel, the statements and a re-import read the daily rollups of the
 * raw page events, so their figures are the same before and after the raw rows are dropped (once
 * their month's revenue is entered, or past PAGE_EVENTS_RETENTION_DAYS); a day-old event is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '../../shared/schemas';
import { funnelDays, gameEarnings } from '../../server/domains/analytics/funnel';
import { prunePageEvents } from '../../server/domains/analytics/page-events';
import { impressionsOf } from '../../server/domains/revenue/queries';
import { ADMIN_EMAIL, call, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let admin: string;
let developer: string;
let game: { id: number; slug: string };

function monthsAgo(n: number): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - n);
  return date.toISOString().slice(0, 7);
}
const ENTERED = monthsAgo(2);
const LATER = monthsAgo(1);

const sql = <T = unknown>(text: string, params: unknown[] = []) => t.db.orm.em.fork().getConnection().execute<T[]>(text, params);

/** `views` page views of `gameId` at `at`, each with `cards` card impressions (of the game) and one slot or break impression. */
async function events(gameId: number | null, at: string, views: number, cards: number, kind: 'slot' | 'break'): Promise<void> {
  const ids = await sql<{ id: string }>(
    `insert into page_views (id, visitor_key, game_id, path, created_at)
       select substr(md5(random()::text || n::text), 1, 22), 'v:test', ?::int, '/', ?::timestamptz from generate_series(1, ?::int) as n returning id`,
    [gameId, at, views],
  );
  const list = `{${ids.map((row) => row.id).join(',')}}`;
  if (cards > 0 && gameId !== null) {
    await sql(`insert into card_impressions (page_view_id, page_view_at, game_id, created_at) select id, ?::timestamptz, ?, ?::timestamptz from unnest(?::text[]) as id`, [at, gameId, at, list]);
  }
  await sql(
    `insert into ad_impressions (page_view_id, page_view_at, kind, place, game_id, visitor_key, created_at) select id, ?::timestamptz, ?, 'p', ?::int, 'v:test', ?::timestamptz from unnest(?::text[]) as id`,
    [at, kind, gameId, at, list],
  );
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const rawRows = async () =>
  (await sql<{ n: number }>(`select ((select count(*) from page_views) + (select count(*) from card_impressions) + (select count(*) from ad_impressions))::int as n`))[0]!.n;

/** Everything the funnel, the earnings and a month's split read from the events. */
async function figures() {
  const em = t.db.orm.em.fork();
  return {
    funnel: Object.fromEntries(await funnelDays(em, game.id, 90)),
    earnings: await gameEarnings(em, game.id, 'USD', 10),
    entered: await impressionsOf(em, ENTERED),
    later: await impressionsOf(em, LATER),
  };
}

async function statements(): Promise<Statement[]> {
  const response = await call<Statement[]>(t.app, 'GET', '/api/dev/statements', { token: developer });
  expect(response.status).toBe(200);
  return response.body;
}

describe(`page event rollups (${engineName})`, () => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, ADMIN_EMAIL);
    developer = await signIn(t.app, 'rollup.dev@example.com');
    game = await publishGame(t.app, developer, admin, 'Rollup Game');
    await events(game.id, `${ENTERED}-03T10:00:00Z`, 30, 1, 'slot');
    await events(game.id, `${ENTERED}-20T23:59:00Z`, 5, 1, 'break');
    await events(null, `${ENTERED}-11T08:00:00Z`, 12, 0, 'slot');
    await events(game.id, `${LATER}-15T12:00:00Z`, 7, 1, 'slot');
    await events(game.id, daysAgo(3), 4, 1, 'slot');
    await events(game.id, daysAgo(0.1), 2, 1, 'break');
  });
  afterAll(() => t?.close());

  it('gives the same funnel, earnings, statements and re-import once the raw events are dropped', async () => {
    expect((await call(t.app, 'POST', `/api/admin/revenue/${ENTERED}`, { token: admin, body: { total: '1000.00' } })).status).toBe(200);
    const before = await figures();
    const statementsBefore = await statements();
    expect(before.entered).toContainEqual(expect.objectContaining({ game_id: game.id, slot_impressions: 30, break_impressions: 5 }));
    expect(before.entered).toContainEqual(expect.objectContaining({ game_id: null, slot_impressions: 12, break_impressions: 0 }));
    expect(Object.values(before.funnel).reduce((sum, day) => sum + day.page_views, 0)).toBeGreaterThan(0);
    const rowsBefore = await rawRows();

    // The entered month's raw events go; the later month's stay until it is entered or past the retention.
    await prunePageEvents(t.services.orm);
    expect(await rawRows()).toBe(rowsBefore - (30 * 3 + 5 * 3 + 12 * 2));
    expect(await figures()).toEqual(before);

    await prunePageEvents(t.services.orm, 2);
    // Only the events under a day old are left (2 page views, their cards and breaks).
    expect(await rawRows()).toBe(2 * 3);
    expect(await figures()).toEqual(before);
    expect(await statements()).toEqual(statementsBefore);

    // A re-import of the month splits the same impressions.
    expect((await call(t.app, 'POST', `/api/admin/revenue/${ENTERED}`, { token: admin, body: { total: '1000.00' } })).status).toBe(200);
    const split = (list: Statement[]) => list.map(({ month, slotImpressions, breakImpressions, revenueCents, shareCents }) => ({ month, slotImpressions, breakImpressions, revenueCents, shareCents }));
    expect(split(await statements())).toEqual(split(statementsBefore));
  });
});
