import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../support/app';
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
});
