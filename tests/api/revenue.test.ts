/**
 * Money in, shares out (issue #37): a month's revenue entered by the admin becomes statements that
 * add up to the cent, balances under the minimum carry over, a month is entered again only until
 * one of its payouts is paid (409 after), and a payout is marked paid once, audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVENUE_SHARE } from '../../shared/constants';
import type { Payout, RevenueMonth, Statement } from '../../shared/schemas';
import { ADMIN_EMAIL, call, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let admin: string;
let richDev: string;
let smallDev: string;
let richGame: { id: number; slug: string };
let smallGame: { id: number; slug: string };
let builtInGame: number;

/** The month `n` months before the current UTC month, YYYY-MM. */
function monthsAgo(n: number): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - n);
  return date.toISOString().slice(0, 7);
}

async function sql<T = unknown>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.db.orm.em.fork().getConnection().execute<T[]>(text, params);
}

/** Counted impressions of `gameId` (null: the portal's pages) in `month`, as the impression endpoint would have stored them. */
async function seen(month: string, gameId: number | null, kind: 'slot' | 'break', count: number): Promise<void> {
  const at = `${month}-10T12:00:00Z`;
  await sql(
    `with views as (
       insert into page_views (id, visitor_key, game_id, path, created_at)
         select substr(md5(random()::text || n::text), 1, 22), 'v:test', ?::int, '/', ?::timestamptz from generate_series(1, ?::int) as n
       returning id, created_at)
     insert into ad_impressions (page_view_id, page_view_at, kind, place, game_id, visitor_key, created_at) select id, created_at, ?, 'p', ?::int, 'v:test', ?::timestamptz from views`,
    [gameId, at, count, kind, gameId, at],
  );
}

function enter(month: string, body: Record<string, unknown>, token = admin) {
  return call<RevenueMonth & { message: string }>(t.app, 'POST', `/api/admin/revenue/${month}`, { token, body });
}

async function statements(token: string): Promise<Statement[]> {
  const response = await call<Statement[]>(t.app, 'GET', '/api/dev/statements', { token });
  expect(response.status).toBe(200);
  return response.body;
}

async function payouts(): Promise<Payout[]> {
  return (await call<Payout[]>(t.app, 'GET', '/api/admin/payouts', { token: admin })).body;
}

const M1 = monthsAgo(4);
const M2 = monthsAgo(3);
const M3 = monthsAgo(2);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN_EMAIL);
  richDev = await signIn(t.app, 'rich.dev@example.com');
  smallDev = await signIn(t.app, 'small.dev@example.com');
  richGame = await publishGame(t.app, richDev, admin, 'Rich Game');
  smallGame = await publishGame(t.app, smallDev, admin, 'Small Game');
  builtInGame = (await call<{ id: number }[]>(t.app, 'GET', '/api/games?limit=1')).body[0]!.id;
  // M1: rich 100 slots; small 1 break (weight 10); the built-in game 40 slots; the portal's pages 49 slots: 199 weighted.
  await seen(M1, richGame.id, 'slot', 100);
  await seen(M1, smallGame.id, 'break', 1);
  await seen(M1, builtInGame, 'slot', 40);
  await seen(M1, null, 'slot', 49);
  // M2: only the small game, 2 slots.
  await seen(M2, smallGame.id, 'slot', 2);
});
afterAll(() => t.close());

describe(`revenue, statements and payouts (${engineName})`, () => {
  it('splits a total by weighted impressions into parts that add up to the cent', async () => {
    const entered = await enter(M1, { total: '1000.01' });
    expect(entered.status).toBe(200);
    expect(entered.body).toMatchObject({ month: M1, currency: 'USD', totalCents: 100_001, source: 'total', breakWeight: 10, games: 3, statements: 2 });
    expect(entered.body.developerCents + entered.body.portalCents).toBe(100_001);

    const shares = await sql<{ game_id: number; revenue_cents: string; developer_cents: string }>('select * from revenue_game_shares where month = ?', [M1]);
    const byGame = new Map(shares.map((row) => [row.game_id, { revenue: Number(row.revenue_cents), developer: Number(row.developer_cents) }]));
    // 100,001 cents × 100/199 = 50,251.76 → 50,252; × 10/199 = 5,025.18 → 5,025; × 40/199 = 20,100.70 → 20,101; the portal's pages 24,623.
    expect(byGame.get(richGame.id)).toEqual({ revenue: 50_252, developer: 35_176 });
    expect(byGame.get(smallGame.id)).toEqual({ revenue: 5_025, developer: 3_518 });
    // A built-in game's share is the portal's.
    expect(byGame.get(builtInGame)).toEqual({ revenue: 20_101, developer: 0 });
    expect(entered.body.developerCents).toBe(35_176 + 3_518);

    const [rich] = await statements(richDev);
    expect(rich).toMatchObject({ month: M1, slotImpressions: 100, breakImpressions: 0, revenueCents: 50_252, shareCents: 35_176, carriedInCents: 0, balanceCents: 35_176, status: 'DUE' });
    expect(rich!.payout).toMatchObject({ amountCents: 35_176, dueOn: `${M2}-${REVENUE_SHARE.payoutDay}`, paidAt: null });
    expect(rich!.games).toEqual([{ gameId: richGame.id, title: 'Rich Game', slotImpressions: 100, breakImpressions: 0, revenueCents: 50_252, shareCents: 35_176 }]);
  });

  it('carries a balance under the $50 minimum over to the next month, and pays it once it is reached', async () => {
    const [first] = await statements(smallDev);
    expect(first).toMatchObject({ month: M1, shareCents: 3_518, balanceCents: 3_518, status: 'CARRIED_OVER', payout: null });
    expect((await payouts()).map((payout) => payout.developer.email)).toEqual(['rich.dev@example.com']);

    // M2: the small game is the only one seen, so it earns the whole 30.00 (the share 21.00): 35.18 + 21.00 = 56.18.
    expect((await enter(M2, { total: '30' })).status).toBe(200);
    const [second] = await statements(smallDev);
    expect(second).toMatchObject({ month: M2, shareCents: 2_100, carriedInCents: 3_518, balanceCents: 5_618, status: 'DUE' });
    expect(second!.payout!.amountCents).toBe(5_618);
  });

  it('reads a per-game CSV report: ids, slugs and the portal line, and names a bad line', async () => {
    const csv = `game,amount\n${smallGame.slug},"1,000.00"\n${richGame.id},0.50\nportal,9.99\n`;
    const entered = await enter(M3, { csv });
    expect(entered.status).toBe(200);
    expect(entered.body).toMatchObject({ source: 'csv', totalCents: 101_049, developerCents: 70_000 + 35 });
    const bad = await enter(M3, { csv: 'game,amount\nno-such-game,5' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('csv: line 2: no game "no-such-game" (give its id or slug, or portal)');
    const badAmount = await enter(M3, { csv: `${richGame.id},five` });
    expect(badAmount.body.message).toMatch(/^csv: line 1:/);
  });

  it('a CSV line that does not parse is a 400 naming its line, never dropped as a header; one line is data (issue #49)', async () => {
    const refused: [csv: string, message: string][] = [
      [`${smallGame.slug},abc\n${richGame.slug},5`, 'csv: line 1: "abc" is not an amount such as 120.50'],
      [`game,amount\n${smallGame.slug},1,234.56`, 'csv: line 2: 3 cells where a line is game,amount (an amount with commas goes in quotes: "1,234.56")'],
      [`game,amount\n${richGame.slug},2\n\n${smallGame.slug},5€`, 'csv: line 4: "5€" is not an amount such as 120.50'],
      [`${smallGame.slug},-5`, 'csv: line 1: "-5" is not an amount such as 120.50'],
      [`name,revenue\n${smallGame.slug},5`, 'csv: line 1: "revenue" is not an amount such as 120.50'],
      [`${smallGame.slug}`, 'csv: line 1: one cell where a line is game,amount (an amount with commas goes in quotes: "1,234.56")'],
      [`${smallGame.slug},"5`, 'csv: line 1: a quote is not closed'],
      ['game,amount\n', 'csv: No lines: one `game,amount` line a game'],
    ];
    for (const [csv, message] of refused) {
      const answer = await enter(M3, { csv });
      expect([csv, answer.status, answer.body.message]).toEqual([csv, 400, message]);
    }
    // One line is data, not "No lines"; a header is known by its words, in any case and spacing.
    expect((await enter(M3, { csv: `${richGame.slug},5` })).body).toMatchObject({ totalCents: 500, games: 1 });
    expect((await enter(M3, { csv: ` "Game" , AMOUNT \n${richGame.slug},"1,234.56"` })).body).toMatchObject({ totalCents: 123_456, games: 1 });
    // The month as the test before left it.
    expect((await enter(M3, { csv: `game,amount\n${smallGame.slug},"1,000.00"\n${richGame.id},0.50\nportal,9.99\n` })).status).toBe(200);
  });

  it('entering a month again before a payout is paid replaces it, and the later months follow', async () => {
    const again = await enter(M1, { total: '100.00' });
    expect(again.status).toBe(200);
    expect(again.body.totalCents).toBe(10_000);
    const months = (await call<RevenueMonth[]>(t.app, 'GET', '/api/admin/revenue', { token: admin })).body;
    expect(months.map((month) => month.month)).toEqual([M3, M2, M1]);
    const rich = await statements(richDev);
    // 10,000 × 100/199 = 5,025.13 → 5,025; the share 3,518: now under the minimum, carried over.
    expect(rich.find((statement) => statement.month === M1)).toMatchObject({ revenueCents: 5_025, shareCents: 3_518, status: 'CARRIED_OVER' });
    // The small developer's M1 share is now 503 × 0.7 = 352: M2's carried balance follows.
    expect((await statements(smallDev)).find((statement) => statement.month === M2)).toMatchObject({ carriedInCents: 352, balanceCents: 2_452, status: 'CARRIED_OVER' });
  });

  it('marks a payout paid once with a reference, audited; then its month (and earlier ones) cannot be entered again', async () => {
    expect((await enter(M1, { total: '1000.01' })).status).toBe(200);
    const due = (await payouts()).find((payout) => payout.month === M1 && payout.developer.email === 'rich.dev@example.com')!;
    expect(due.payable).toBe(true);
    expect((await call(t.app, 'POST', `/api/admin/payouts/${due.id}/paid`, { token: richDev, body: { reference: 'x' } })).status).toBe(403);
    const noReference = await call<{ message: string }>(t.app, 'POST', `/api/admin/payouts/${due.id}/paid`, { token: admin, body: {} });
    expect(noReference.status).toBe(400);
    expect(noReference.body.message).toMatch(/^reference/);
    const paid = await call<Payout>(t.app, 'POST', `/api/admin/payouts/${due.id}/paid`, { token: admin, body: { reference: 'SEPA-2026-0042' } });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: due.id, reference: 'SEPA-2026-0042' });
    expect(paid.body.paidAt).not.toBeNull();
    expect((await call(t.app, 'POST', `/api/admin/payouts/${due.id}/paid`, { token: admin, body: { reference: 'again' } })).status).toBe(409);
    expect((await call(t.app, 'POST', '/api/admin/payouts/999999/paid', { token: admin, body: { reference: 'x' } })).status).toBe(404);
    const [entry] = await sql<{ action: string; details: { reference: string } }>("select action, details from audit_log where action = 'PAYOUT_PAID'");
    expect(entry!.details.reference).toBe('SEPA-2026-0042');

    const refused = await enter(M1, { total: '5.00' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(new RegExp(`^A payout of ${M1} is already marked paid`));
    // A month never entered, before the paid one, is not said to be entered "again" (issue #49).
    const earlier = await enter(monthsAgo(5), { total: '5.00' });
    expect([earlier.status, earlier.body.message]).toEqual([
      409,
      `${monthsAgo(5)} was never entered, and a payout of the later month ${M1} is already marked paid: a month before a paid one can no longer be entered (its carried balances are paid out)`,
    ]);
    // The paid statement is unchanged; a later month may still be entered.
    expect((await statements(richDev)).find((statement) => statement.month === M1)).toMatchObject({ shareCents: 35_176, status: 'PAID' });
    expect((await enter(M2, { total: '31' })).status).toBe(200);
  });

  it('refuses a month still running, both a total and a CSV, a bad amount and anyone but the admin', async () => {
    const current = new Date().toISOString().slice(0, 7);
    expect((await enter(current, { total: '5' })).body.message).toBe('month: Must be a month that has ended');
    expect((await enter('2026-13', { total: '5' })).status).toBe(400);
    expect((await enter(M1, { total: '5', csv: 'portal,5' })).status).toBe(400);
    expect((await enter(M1, {})).status).toBe(400);
    expect((await enter(M2, { total: '-5' })).body.message).toBe('total: Must be an amount such as 1234.56');
    expect((await enter(M2, { total: '5' }, richDev)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/dev/statements')).status).toBe(401);
  });

  it('answers the same statements through /api/v1/statements with an API key', async () => {
    const key = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: smallDev })).body.key;
    const response = await call<Statement[]>(t.app, 'GET', '/api/v1/statements', { token: key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(await statements(smallDev));
  });
});
