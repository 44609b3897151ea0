import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, playAs, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let gameId: number;
beforeAll(async () => {
  t = await createTestApp();
  gameId = (await call<{ id: number }>(t.app, 'GET', '/api/games/star-blaster')).body.id;
});
afterAll(() => t.close());

describe(`scores and play time from the game SDK (${engineName})`, () => {
  it('lists each player’s best score, highest first, with a short public name', async () => {
    const ada = await signIn(t.app, 'ada.lovelace@example.com');
    const bob = await signIn(t.app, 'bob@example.com');
    await playAs(t.app, ada, gameId);
    await playAs(t.app, bob, gameId);
    for (const [token, score] of [[ada, 120], [ada, 300], [bob, 250], [ada, 90]] as const) {
      const response = await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token, body: { score } });
      expect(response.status).toBe(201);
    }
    const last = await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: bob, body: { score: 10 } });
    expect(last.body).toEqual({ score: 10, personalBest: 250 });
    const { status, body } = await call(t.app, 'GET', `/api/games/${gameId}/scores`);
    expect(status).toBe(200);
    expect(body.map((entry: { rank: number; player: string; score: number }) => [entry.rank, entry.player, entry.score])).toEqual([
      [1, 'Ada L.', 300],
      [2, 'Bob', 250],
    ]);
  });

  it('needs sign-in to record a score and validates it', async () => {
    expect((await call(t.app, 'POST', `/api/games/${gameId}/scores`, { body: { score: 5 } })).status).toBe(401);
    const token = await signIn(t.app, 'carol@example.com');
    await playAs(t.app, token, gameId);
    for (const score of [-1, 1.5, '7', 2_000_000_000]) {
      const response = await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token, body: { score } });
      expect(response.status, String(score)).toBe(400);
      expect(response.body.message).toMatch(/^score:/);
    }
    expect((await call(t.app, 'POST', '/api/games/999999/scores', { token, body: { score: 1 } })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/games/999999/scores')).status).toBe(404);
  });

  it('adds reported play time to the game, signed out too', async () => {
    expect((await call(t.app, 'POST', `/api/games/${gameId}/playtime`, { body: { seconds: 30 } })).body).toEqual({ ok: true });
    await call(t.app, 'POST', `/api/games/${gameId}/playtime`, { body: { seconds: 45 } });
    const [row] = await t.db.orm.em
      .getConnection()
      .execute<{ play_seconds: string }[]>('select play_seconds from games where id = ?', [gameId]);
    expect(Number(row?.play_seconds)).toBe(75);
    for (const seconds of [0, 3601, 'x']) {
      expect((await call(t.app, 'POST', `/api/games/${gameId}/playtime`, { body: { seconds } })).status).toBe(400);
    }
    expect((await call(t.app, 'POST', '/api/games/999999/playtime', { body: { seconds: 5 } })).status).toBe(404);
  });

  it('accepts a score only inside a play session of that account for that game', async () => {
    const dan = await signIn(t.app, 'dan@example.com');
    const refused = await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: dan, body: { score: 50 } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Scores are accepted only while you play this game' });
    await playAs(t.app, dan, gameId);
    expect((await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: dan, body: { score: 50 } })).status).toBe(201);
    // A session idle past 15 minutes (no heartbeat) is over.
    await t.db.orm.em
      .fork()
      .getConnection()
      .execute(`update visitor_game_activity set seen_at = now() - interval '16 minutes' where visitor_key like 'u:%' and game_id = ?`, [gameId]);
    expect((await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: dan, body: { score: 60 } })).status).toBe(403);
    // A play-time heartbeat keeps it going.
    await call(t.app, 'POST', `/api/games/${gameId}/playtime`, { token: dan, body: { seconds: 60 } });
    expect((await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: dan, body: { score: 60 } })).status).toBe(201);
  });

  it('refuses a score the game could not have awarded, and never lists it', async () => {
    const eve = await signIn(t.app, 'eve@example.com');
    await playAs(t.app, eve, gameId);
    const huge = await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: eve, body: { score: 1_000_000_000 } });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toMatch(/^score: More than this game awards/);
    // The game declares its limits: here at most 5 points a second, and a maximum of 200.
    await t.db.orm.em.fork().getConnection().execute('update games set score_per_second = 5, max_score = 200 where id = ?', [gameId]);
    const overMaximum = await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: eve, body: { score: 201 } });
    expect(overMaximum.status).toBe(400);
    expect(overMaximum.body.message).toBe("score: Higher than this game's maximum of 200");
    // Played a moment ago: 5 points a second over at most 30 s of slack.
    expect((await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: eve, body: { score: 190 } })).status).toBe(400);
    expect((await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: eve, body: { score: 100 } })).status).toBe(201);
    const top = await call<{ score: number }[]>(t.app, 'GET', `/api/games/${gameId}/scores`);
    expect(top.body.map((entry) => entry.score)).not.toContain(1_000_000_000);
    await t.db.orm.em.fork().getConnection().execute('update games set score_per_second = null, max_score = null where id = ?', [gameId]);
  });
});
