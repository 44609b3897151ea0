import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, createTestApp, playAs, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let now: Date;
let developer: string;
let player: string;
let gameId: number;
let key: string;

const MEDALS = [
  { key: 'first-flower', name: 'First Flower', description: 'Eat a flower.', icon: 'flower', points: 5 },
  { key: 'long-snake', name: 'Long Snake', icon: 'flame', points: 25, secret: true },
];

beforeAll(async () => {
  t = await createTestApp();
  t.services.clock = { now: () => now };
  now = new Date('2026-11-25T12:00:00Z');
  developer = await signIn(t.app, 'studio@example.com');
  player = await signIn(t.app, 'ada.lovelace@example.com');
  const admin = await signIn(t.app, ADMIN_EMAIL);
  gameId = (await publishGame(t.app, developer, admin, 'Garden Run')).id;
  const created = await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: developer });
  key = created.body.key;
});
afterAll(() => t.close());

describe(`medals over /api and /api/v1 (${engineName})`, () => {
  it('lets the developer declare medals (session or API key), and no one else', async () => {
    const declared = await call(t.app, 'PUT', `/api/dev/games/${gameId}/medals`, { token: developer, body: { medals: MEDALS } });
    expect(declared.status).toBe(200);
    expect(declared.body).toEqual([
      { key: 'first-flower', name: 'First Flower', description: 'Eat a flower.', icon: 'flower', points: 5, secret: false },
      { key: 'long-snake', name: 'Long Snake', description: '', icon: 'flame', points: 25, secret: true },
    ]);
    expect((await call(t.app, 'PUT', `/api/dev/games/${gameId}/medals`, { token: player, body: { medals: MEDALS } })).status).toBe(404);
    expect((await call(t.app, 'PUT', `/api/dev/games/${gameId}/medals`, { body: { medals: MEDALS } })).status).toBe(401);
    const bad = await call(t.app, 'PUT', `/api/dev/games/${gameId}/medals`, { token: developer, body: { medals: [{ ...MEDALS[0], points: 500 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^medals\.0\.points: /);

    const v1Read = await call(t.app, 'GET', `/api/v1/games/${gameId}/medals`, { token: key });
    expect(v1Read.status).toBe(200);
    expect(v1Read.body).toEqual(declared.body);
    const v1Write = await call(t.app, 'PUT', `/api/v1/games/${gameId}/medals`, { token: key, body: { medals: [...MEDALS, { key: 'night-owl', name: 'Night Owl', icon: 'clock', points: 10 }] } });
    expect(v1Write.status).toBe(200);
    expect(v1Write.body.map((medal: { key: string }) => medal.key)).toEqual(['first-flower', 'long-snake', 'night-owl']);
    expect((await call(t.app, 'GET', `/api/v1/games/${gameId}/medals`)).status).toBe(401);
  });

  it('unlocks a medal only inside a play session: 403 outside, 404 unknown, 201 then 200', async () => {
    const outside = await call(t.app, 'POST', `/api/games/${gameId}/medals/first-flower`, { token: player });
    expect(outside).toMatchObject({ status: 403, body: { message: 'Medals are unlocked only while you play this game' } });
    expect((await call(t.app, 'POST', `/api/games/${gameId}/medals/first-flower`)).status).toBe(401);
    await playAs(t.app, player, gameId);
    expect((await call(t.app, 'POST', `/api/games/${gameId}/medals/no-such-medal`, { token: player })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/games/${gameId}/medals/Not%20An%20Id`, { token: player })).status).toBe(400);
    const first = await call(t.app, 'POST', `/api/games/${gameId}/medals/first-flower`, { token: player });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ newlyUnlocked: true, medal: { key: 'first-flower', unlocked: true, unlockedAt: '2026-11-25T12:00:00.000Z' } });
    const again = await call(t.app, 'POST', `/api/games/${gameId}/medals/first-flower`, { token: player });
    expect(again).toMatchObject({ status: 200, body: { newlyUnlocked: false, medal: { unlockedAt: '2026-11-25T12:00:00.000Z' } } });
  });

  it('lists the game’s medals (secret ones hidden until unlocked) and the player’s own', async () => {
    const anonymous = await call(t.app, 'GET', `/api/games/${gameId}/medals`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.map((medal: { key: string | null; unlocked: boolean }) => [medal.key, medal.unlocked])).toEqual([
      ['first-flower', false],
      [null, false],
      ['night-owl', false],
    ]);
    const theirs = await call(t.app, 'GET', `/api/games/${gameId}/medals`, { token: player });
    expect(theirs.body[0]).toMatchObject({ key: 'first-flower', unlocked: true });
    await call(t.app, 'POST', `/api/games/${gameId}/medals/long-snake`, { token: player });
    expect((await call(t.app, 'GET', `/api/games/${gameId}/medals`, { token: player })).body[1]).toMatchObject({ key: 'long-snake', name: 'Long Snake', unlocked: true });
    expect((await call(t.app, 'GET', `/api/games/${gameId}/medals`)).body[1]).toMatchObject({ key: null, name: null });

    const mine = await call(t.app, 'GET', '/api/me/medals', { token: player });
    expect(mine.status).toBe(200);
    expect(mine.body.points).toBe(30);
    expect(mine.body.medals.map((medal: { key: string; game: { title: string } }) => [medal.key, medal.game.title])).toEqual([
      ['long-snake', 'Garden Run'],
      ['first-flower', 'Garden Run'],
    ]);
    expect((await call(t.app, 'GET', '/api/me/medals')).status).toBe(401);
    // Players have "first-flower": the developer may rename it, not remove it.
    const removal = await call(t.app, 'PUT', `/api/dev/games/${gameId}/medals`, { token: developer, body: { medals: [MEDALS[1]] } });
    expect(removal.status).toBe(409);
  });
});

describe(`weekly leaderboards over /api and /api/v1 (${engineName})`, () => {
  it('answers the period asked, the player’s own rank, and the v1 twin with the season', async () => {
    const bob = await signIn(t.app, 'bob@example.com');
    await playAs(t.app, bob, gameId);
    now = new Date('2026-11-29T22:00:00Z');
    expect((await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: player, body: { score: 40 } })).status).toBe(201);
    now = new Date('2026-11-30T08:00:00Z');
    expect((await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token: bob, body: { score: 20 } })).status).toBe(201);

    const week = await call(t.app, 'GET', `/api/games/${gameId}/scores?period=week`);
    expect(week.status).toBe(200);
    expect(week.body.map((entry: { player: string; score: number; badge: string }) => [entry.player, entry.score, entry.badge])).toEqual([['Bob', 20, 'first']]);
    const all = await call(t.app, 'GET', `/api/games/${gameId}/scores?period=all`);
    expect(all.body.map((entry: { player: string }) => entry.player)).toEqual(['Ada L.', 'Bob']);
    expect((await call(t.app, 'GET', `/api/games/${gameId}/scores`)).body).toEqual(all.body);
    const bad = await call(t.app, 'GET', `/api/games/${gameId}/scores?period=month`);
    expect(bad).toMatchObject({ status: 400, body: { message: 'period: Must be week or all' } });

    const myWeek = await call(t.app, 'GET', `/api/games/${gameId}/scores/me?period=week`, { token: player });
    expect(myWeek).toMatchObject({ status: 200, body: { period: 'week', rank: null, players: 1, seasonStart: '2026-11-30T00:00:00.000Z' } });
    const myAll = await call(t.app, 'GET', `/api/games/${gameId}/scores/me?period=all`, { token: bob });
    expect(myAll.body).toMatchObject({ rank: 2, players: 2, score: 20, badge: 'second' });
    expect((await call(t.app, 'GET', `/api/games/${gameId}/scores/me`)).status).toBe(401);

    const v1Week = await call(t.app, 'GET', `/api/v1/games/${gameId}/scores?period=week`, { token: key });
    expect(v1Week.status).toBe(200);
    expect(v1Week.body).toMatchObject({
      gameId,
      period: 'week',
      seasonStart: '2026-11-30T00:00:00.000Z',
      seasonEnd: '2026-12-07T00:00:00.000Z',
      players: 1,
      entries: [{ rank: 1, player: 'Bob', score: 20, badge: 'first' }],
    });
    expect((await call(t.app, 'GET', `/api/v1/games/${gameId}/scores`, { token: key })).body).toMatchObject({ period: 'all', seasonStart: null, players: 2 });
    expect((await call(t.app, 'GET', '/api/v1/games/999999/scores', { token: key })).status).toBe(404);
  });
});
