/**
 * The analytics calls over HTTP: plays, play-time reports and game overs of real
 * visitors become the sessions GET /api/dev/games/{id}/analytics reads, for the
 * game's owner only, with the errors the API promises.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameAnalyticsOutput } from '../../server/domains/analytics/schemas';
import { rebuildStats } from '../../server/domains/games/stats';
import { call, createTestApp, gameIdsBySlug, signIn, visitorCookie, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let owner: string;
let stranger: string;
let gameId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'studio@example.com');
  stranger = await signIn(t.app, 'stranger@example.com');
  ({ 'paddle-duel': gameId } = (await gameIdsBySlug(t.app, ['paddle-duel'])) as { 'paddle-duel': number });
  const [user] = await t.db.orm.em.fork().getConnection().execute<{ id: number }[]>(`select id from users where email = 'studio@example.com'`);
  await t.db.orm.em.fork().getConnection().execute('update games set owner_id = ? where id = ?', [user!.id, gameId]);
});
afterAll(() => t.close());

const analytics = (token: string | undefined, query = '?period=7d', id = gameId) =>
  call(t.app, 'GET', `/api/dev/games/${id}/analytics${query}`, token ? { token } : {});

describe(`analytics over HTTP (${engineName})`, () => {
  it('counts the sessions visitors play: plays, play time, one completion per session', async () => {
    for (const visitor of [1, 2, 3]) {
      expect((await call(t.app, 'POST', `/api/games/${gameId}/play`, { headers: visitorCookie(visitor) })).status).toBe(200);
    }
    const reportPlayTime = (visitor: number, seconds: number) =>
      call(t.app, 'POST', `/api/games/${gameId}/playtime`, { headers: visitorCookie(visitor), body: { seconds } });
    expect((await reportPlayTime(1, 90)).status).toBe(200);
    expect((await reportPlayTime(1, 30)).status).toBe(200);
    expect((await reportPlayTime(2, 60)).status).toBe(200);
    const complete = (visitor: number) => call(t.app, 'POST', `/api/games/${gameId}/complete`, { headers: visitorCookie(visitor) });
    expect(await complete(1)).toMatchObject({ status: 200, body: { completed: true } });
    expect(await complete(1)).toMatchObject({ status: 200, body: { completed: false } });
    expect(await complete(2)).toMatchObject({ status: 200, body: { completed: true } });

    const { status, body } = await analytics(owner);
    expect(status).toBe(200);
    expect(gameAnalyticsOutput.strict().parse(body)).toEqual(body);
    expect(body.metrics).toEqual({
      total_plays: 3,
      unique_players: 3,
      // 180 seconds over 3 sessions; 2 of the 3 completed.
      average_session: 60,
      completion_rate: 0.6667,
      retention_rates: { day_1: 0, day_7: 0, day_30: 0 },
      revenue: { total: 0, currency: 'USD' },
    });
    expect(body.days.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      plays: 3,
      unique_players: 3,
      sessions: 3,
      average_session: 60,
      completions: 2,
      // No page views, cards or ads were reported in this test (tests/api/ad-impressions.test.ts counts them).
      card_impressions: 0,
      page_views: 0,
      ad_impressions: 0,
      breaks: 0,
      returning_day_1: 0,
      returning_day_7: 0,
    });
    // The period defaults to 30 days.
    expect((await analytics(owner, '')).body).toMatchObject({ period: '30d', metrics: body.metrics });
  });

  it('keeps the rollups exact under simultaneous plays: the same rows a rebuild from the sessions gives', async () => {
    const { 'star-blaster': other } = (await gameIdsBySlug(t.app, ['star-blaster'])) as { 'star-blaster': number };
    // 120 plays at once: 40 visitors, each playing both games, one of them twice.
    const plays = Array.from({ length: 120 }, (_, n) => ({ visitor: 100 + (n % 40), game: n % 3 === 0 ? other : gameId }));
    const answers = await Promise.all(plays.map(({ visitor, game }) => call(t.app, 'POST', `/api/games/${game}/play`, { headers: visitorCookie(visitor) })));
    expect(answers.map((answer) => answer.status)).toEqual(plays.map(() => 200));
    const rollups = () =>
      t.db.orm.em
        .fork()
        .getConnection()
        .execute(
          `select d.game_id, d.day::text, d.sessions, d.players, d.session_seconds::int, d.completions,
                  (select count(*)::int from game_player_days p where p.game_id = d.game_id and p.day = d.day) as player_days,
                  (select count(*)::int from game_players p where p.game_id = d.game_id) as first_days
             from game_daily_sessions d order by 1, 2`,
        );
    const live = await rollups();
    const sessions = await t.db.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from play_sessions');
    expect(live.reduce((sum, row) => sum + (row.sessions as number), 0)).toBe(sessions[0]!.n);
    await rebuildStats(t.db.orm);
    expect(await rollups()).toEqual(live);
  });

  it('is 401 signed out, 404 for anyone but the owner or a missing game, 400 naming a bad period', async () => {
    expect((await analytics(undefined)).status).toBe(401);
    expect(await analytics(stranger)).toMatchObject({ status: 404, body: { message: 'Game not found' } });
    expect((await analytics(owner, '', 999_999)).status).toBe(404);
    const bad = await analytics(owner, '?period=1y');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('period');
  });

  it('a game over of an unknown or unpublished game is a 404, and of a game not being played completes nothing', async () => {
    expect((await call(t.app, 'POST', '/api/games/999999/complete', { headers: visitorCookie(9) })).status).toBe(404);
    expect(await call(t.app, 'POST', `/api/games/${gameId}/complete`, { headers: visitorCookie(9) })).toMatchObject({
      status: 200,
      body: { completed: false },
    });
  });
});
