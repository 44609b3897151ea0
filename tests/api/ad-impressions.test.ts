/**
 * Impressions nobody can fake (issue #37): an ad impression counts only against a page view the
 * server issued to the same visitor, at least a second and at most 30 minutes ago, once per page
 * view, kind and place, for the page view's game (or the portal's, on other pages), never in the
 * Kids Zone, and not past a visitor's burst limit. Card impressions count once per page view and game.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_LIMITS, VISITOR_COOKIE } from '../../shared/constants';
import { call, createTestApp, signIn, visitorCookie, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let games: number[];

beforeAll(async () => {
  t = await createTestApp();
  games = (await call<{ id: number }[]>(t.app, 'GET', '/api/games?limit=10')).body.map((game) => game.id);
});
afterAll(() => t.close());

async function sql<T = unknown>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.db.orm.em.fork().getConnection().execute<T[]>(text, params);
}

/** A page view of `headers`' visitor, made old enough (AD_LIMITS.viewableMs) for its impressions to count. */
async function pageView(headers: Record<string, string>, body: { path: string; gameId?: number }, ageSeconds = 2): Promise<string> {
  const response = await call<{ pageViewId: string }>(t.app, 'POST', '/api/page-views', { headers, body });
  expect(response.status).toBe(200);
  await sql(`update page_views set created_at = created_at - make_interval(secs => ?) where id = ?`, [ageSeconds, response.body.pageViewId]);
  return response.body.pageViewId;
}

function impression(headers: Record<string, string>, body: { pageViewId: string; kind: string; place: string; gameId: number | null }) {
  return call<{ counted: boolean }>(t.app, 'POST', '/api/ads/impressions', { headers, body });
}

async function countedFor(gameId: number | null): Promise<number> {
  const rows = await sql<{ n: number }>('select count(*)::int as n from ad_impressions where game_id is not distinct from ?', [gameId]);
  return rows[0]!.n;
}

describe(`page views and ad impressions (${engineName})`, () => {
  it('issues a random page view id, kept with the visitor, the path and the game', async () => {
    const first = await call<{ pageViewId: string }>(t.app, 'POST', '/api/page-views', { headers: visitorCookie(1), body: { path: '/game/star-blaster', gameId: games[0] } });
    const second = await call<{ pageViewId: string }>(t.app, 'POST', '/api/page-views', { headers: visitorCookie(1), body: { path: '/' } });
    expect(first.status).toBe(200);
    expect(first.body.pageViewId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.body.pageViewId).not.toBe(first.body.pageViewId);
    const [row] = await sql<{ game_id: number; path: string }>('select game_id, path from page_views where id = ?', [first.body.pageViewId]);
    expect(row).toEqual({ game_id: games[0], path: '/game/star-blaster' });
  });

  it('refuses a bad path with a 400 naming the field', async () => {
    const tooLong = await call<{ message: string }>(t.app, 'POST', '/api/page-views', { body: { path: `/${'a'.repeat(AD_LIMITS.pathMax)}` } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/^path/);
    expect((await call(t.app, 'POST', '/api/ads/impressions', { body: { pageViewId: 'x', kind: 'slot', place: 'home-top', gameId: null } })).status).toBe(400);
  });

  it('counts a slot once per page view and place, for the portal on other pages and for the game on its page', async () => {
    const visitor = visitorCookie(2);
    const home = await pageView(visitor, { path: '/' });
    const before = await countedFor(null);
    expect((await impression(visitor, { pageViewId: home, kind: 'slot', place: 'home-top', gameId: null })).body).toEqual({ counted: true });
    // A replay of the same impression counts nothing.
    expect((await impression(visitor, { pageViewId: home, kind: 'slot', place: 'home-top', gameId: null })).body).toEqual({ counted: false });
    expect(await countedFor(null)).toBe(before + 1);
    // A home page's slot cannot be claimed for a game.
    expect((await impression(visitor, { pageViewId: home, kind: 'slot', place: 'home-bottom', gameId: games[1]! })).body).toEqual({ counted: false });
    // Nor can a break happen outside a game page.
    expect((await impression(visitor, { pageViewId: home, kind: 'break', place: 'midgame', gameId: null })).body).toEqual({ counted: false });

    const gamePage = await pageView(visitor, { path: '/game/cafe-racer', gameId: games[1] });
    expect((await impression(visitor, { pageViewId: gamePage, kind: 'slot', place: 'game-below', gameId: games[1]! })).body).toEqual({ counted: true });
    expect((await impression(visitor, { pageViewId: gamePage, kind: 'break', place: 'midgame', gameId: games[1]! })).body).toEqual({ counted: true });
    // The page view's game decides: another game's id, or the portal's, counts nothing.
    expect((await impression(visitor, { pageViewId: gamePage, kind: 'break', place: 'rewarded', gameId: games[2]! })).body).toEqual({ counted: false });
    expect((await impression(visitor, { pageViewId: gamePage, kind: 'slot', place: 'game-side', gameId: null })).body).toEqual({ counted: false });
    expect(await countedFor(games[1]!)).toBe(2);
  });

  it('counts nothing without a page view, for another visitor\'s page view, too soon, too late or in the Kids Zone', async () => {
    const owner = visitorCookie(3);
    const view = await pageView(owner, { path: '/' });
    expect((await impression(owner, { pageViewId: 'AAAAAAAAAAAAAAAAAAAAAA', kind: 'slot', place: 'home-top', gameId: null })).body).toEqual({ counted: false });
    expect((await impression(visitorCookie(4), { pageViewId: view, kind: 'slot', place: 'home-top', gameId: null })).body).toEqual({ counted: false });
    expect((await impression({ 'user-agent': 'curl/8.5.0' }, { pageViewId: view, kind: 'slot', place: 'home-top', gameId: null })).body).toEqual({ counted: false });

    const fresh = await pageView(owner, { path: '/' }, 0);
    expect((await impression(owner, { pageViewId: fresh, kind: 'slot', place: 'home-top', gameId: null })).body).toEqual({ counted: false });
    const stale = await pageView(owner, { path: '/' }, AD_LIMITS.pageViewMinutes * 60 + 1);
    expect((await impression(owner, { pageViewId: stale, kind: 'slot', place: 'home-top', gameId: null })).body).toEqual({ counted: false });
    const kids = await pageView(owner, { path: '/kids/play/balloon-pop' });
    expect((await impression(owner, { pageViewId: kids, kind: 'slot', place: 'kids-top', gameId: null })).body).toEqual({ counted: false });
    // The owner's own page view still counts.
    expect((await impression(owner, { pageViewId: view, kind: 'slot', place: 'home-top', gameId: null })).body).toEqual({ counted: true });
  });

  it('a browser that had no visitor cookie reports for its page view with the cookie it was given', async () => {
    const response = await call<{ pageViewId: string }>(t.app, 'POST', '/api/page-views', { body: { path: '/' } });
    const cookie = String(response.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=`));
    await sql(`update page_views set created_at = created_at - interval '2 seconds' where id = ?`, [response.body.pageViewId]);
    expect((await impression({ cookie }, { pageViewId: response.body.pageViewId, kind: 'slot', place: 'home-top', gameId: null })).body).toEqual({ counted: true });
  });

  it('a signed-in visitor counts against the page view opened before signing in on the same browser', async () => {
    const browser = visitorCookie(5);
    const view = await pageView(browser, { path: '/' });
    const token = await signIn(t.app, 'ads.viewer@example.com');
    const response = await call<{ counted: boolean }>(t.app, 'POST', '/api/ads/impressions', {
      token,
      headers: browser,
      body: { pageViewId: view, kind: 'slot', place: 'home-top', gameId: null },
    });
    expect(response.body).toEqual({ counted: true });
  });

  it(`a burst past ${AD_LIMITS.impressionsPerVisitor} impressions of one visitor in 10 minutes counts nothing more`, async () => {
    const visitor = visitorCookie(6);
    const views = await Promise.all(Array.from({ length: AD_LIMITS.impressionsPerVisitor + 5 }, () => pageView(visitor, { path: '/' })));
    const answers = await Promise.all(views.map((pageViewId) => impression(visitor, { pageViewId, kind: 'slot', place: 'home-top', gameId: null })));
    expect(answers.map((answer) => answer.status)).toEqual(views.map(() => 200));
    expect(answers.filter((answer) => answer.body.counted)).toHaveLength(AD_LIMITS.impressionsPerVisitor);
    // Another visitor is not held back by it.
    const other = visitorCookie(7);
    expect((await impression(other, { pageViewId: await pageView(other, { path: '/' }), kind: 'slot', place: 'home-top', gameId: null })).body.counted).toBe(true);
  });

  it('counts card impressions once per page view and published game', async () => {
    const visitor = visitorCookie(8);
    const view = await pageView(visitor, { path: '/' }, 0);
    const first = await call<{ counted: number }>(t.app, 'POST', '/api/card-impressions', { headers: visitor, body: { pageViewId: view, gameIds: [games[0], games[1], games[1], 999999] } });
    expect(first.body).toEqual({ counted: 2 });
    const again = await call<{ counted: number }>(t.app, 'POST', '/api/card-impressions', { headers: visitor, body: { pageViewId: view, gameIds: [games[0], games[2]] } });
    expect(again.body).toEqual({ counted: 1 });
    const stranger = await call<{ counted: number }>(t.app, 'POST', '/api/card-impressions', { headers: visitorCookie(9), body: { pageViewId: view, gameIds: [games[3]] } });
    expect(stranger.body).toEqual({ counted: 0 });
    const tooMany = await call<{ message: string }>(t.app, 'POST', '/api/card-impressions', { headers: visitor, body: { pageViewId: view, gameIds: Array.from({ length: 51 }, (_, i) => i + 1) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^gameIds/);
  });
});
