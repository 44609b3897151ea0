/**
 * One visitor's plays of one game count at most once in 10 minutes, whoever they
 * are: a signed-in account, a browser with its first-party visitor cookie, or a
 * client with neither (its address and user agent). Repeats are still answered
 * 200, silently. A visitor's signed-out plays become the account's at sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '../../shared/constants';
import { call, createTestApp, signIn, visitorCookie, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let games: number[];

beforeAll(async () => {
  t = await createTestApp();
  // The test catalog's four games.
  games = (await call<{ id: number }[]>(t.app, 'GET', '/api/games?limit=10')).body.map((game) => game.id);
});
afterAll(() => t.close());

async function counted(gameId: number): Promise<number> {
  const rows = await t.db.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from play_events where game_id = ?', [gameId]);
  return rows[0]!.n;
}

async function play(gameId: number, headers: Record<string, string> = {}) {
  return call<{ plays: number }>(t.app, 'POST', `/api/games/${gameId}/play`, { headers });
}

describe(`play de-duplication (${engineName})`, () => {
  it('20 rapid plays from one client without cookies count once, all answered 200', async () => {
    const game = games[0]!;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await play(game, { 'user-agent': 'curl/8.5.0' })).status);
    expect(statuses).toEqual(Array(20).fill(200));
    expect(await counted(game)).toBe(1);
    // Another client on the same address is another visitor.
    await play(game, { 'user-agent': 'Mozilla/5.0 (Android 15)' });
    expect(await counted(game)).toBe(2);
  });

  it('20 simultaneous plays from one browser count once', async () => {
    const game = games[1]!;
    const responses = await Promise.all(Array.from({ length: 20 }, () => play(game, visitorCookie(1))));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => response.body.plays))).toEqual(new Set([1]));
    expect(await counted(game)).toBe(1);
    await play(game, visitorCookie(2));
    expect(await counted(game)).toBe(2);
  });

  it('a browser without a visitor id gets one: HttpOnly, SameSite=Lax, first-party', async () => {
    const response = await play(games[2]!);
    const cookie = String(response.headers['set-cookie'] ?? '');
    expect(cookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{22};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/);
    // A browser that already has one is not given another.
    expect((await play(games[2]!, visitorCookie(3))).headers['set-cookie']).toBeUndefined();
  });

  it('counts the same visitor again once 10 minutes have passed', async () => {
    const game = games[3]!;
    await play(game, visitorCookie(4));
    await play(game, visitorCookie(4));
    expect(await counted(game)).toBe(1);
    await t.db.orm.em
      .fork()
      .getConnection()
      .execute(`update visitor_game_activity set counted_at = counted_at - interval '10 minutes' where game_id = ?`, [game]);
    await play(game, visitorCookie(4));
    expect(await counted(game)).toBe(2);
  });

  it('a signed-in player counts once whatever device they play on', async () => {
    const game = games[0]!;
    const before = await counted(game);
    const token = await signIn(t.app, 'two.devices@example.com');
    await call(t.app, 'POST', `/api/games/${game}/play`, { token, headers: visitorCookie(5) });
    await call(t.app, 'POST', `/api/games/${game}/play`, { token, headers: visitorCookie(6) });
    expect(await counted(game)).toBe(before + 1);
  });

  it("a visitor's signed-out plays become the account's when they sign in in that browser", async () => {
    const game = games[2]!;
    await play(game, visitorCookie(7));
    const login = await call<{ user: { id: number } }>(t.app, 'POST', '/api/auth/login', {
      body: { email: 'later.member@example.com' },
      headers: visitorCookie(7),
    });
    expect(login.status).toBe(200);
    const rows = await t.db.orm.em
      .fork()
      .getConnection()
      .execute<{ user_id: number | null }[]>('select user_id from play_events where game_id = ? and user_id is not null', [game]);
    expect(rows).toEqual([{ user_id: login.body.user.id }]);
  });

  it('playingNow counts distinct visitors with a play or a heartbeat in the last 5 minutes', async () => {
    const game = games[3]!;
    const slug = (await call<{ slug: string }[]>(t.app, 'GET', '/api/games?limit=10')).body.find((entry) => 'id' in entry && entry.id === game)!.slug;
    const playingNow = async () => {
      t.services.catalogCache.invalidate();
      return (await call<{ metrics: { playingNow: number } }>(t.app, 'GET', `/api/games/${slug}`)).body.metrics.playingNow;
    };
    await t.db.orm.em.fork().getConnection().execute('delete from visitor_game_activity where game_id = ?', [game]);
    expect(await playingNow()).toBe(0);
    await play(game, visitorCookie(20));
    await play(game, visitorCookie(20));
    await play(game, visitorCookie(21));
    await call(t.app, 'POST', `/api/games/${game}/playtime`, { body: { seconds: 30 }, headers: visitorCookie(22) });
    expect(await playingNow()).toBe(3);
    await t.db.orm.em
      .fork()
      .getConnection()
      .execute(`update visitor_game_activity set seen_at = seen_at - interval '6 minutes' where game_id = ?`, [game]);
    expect(await playingNow()).toBe(0);
  });
});
