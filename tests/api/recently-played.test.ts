import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, gameIdsBySlug, playAs, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Entry = { game: { slug: string }; lastPlayedAt: string; playSeconds: number; savedAt: string | null };

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await gameIdsBySlug(t.app, ['star-blaster', 'cafe-racer', 'balloon-pop']);
});
afterAll(() => t.close());

const recent = (token?: string) => call<Entry[]>(t.app, 'GET', '/api/me/recently-played', token ? { token } : {});
const merge = (token: string, games: { id: number; playedAt: string }[]) => call<Entry[]>(t.app, 'POST', '/api/me/recently-played', { token, body: { games } });

describe(`recently played (${engineName})`, () => {
  it('is 401 signed out: a visitor keeps the list on the device', async () => {
    expect((await recent()).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/me/recently-played', { body: { games: [] } })).status).toBe(401);
  });

  it("lists a signed-in player's plays, the latest first, with time played and the cloud save to continue", async () => {
    const ada = await signIn(t.app, 'ada@example.com');
    expect((await recent(ada)).body).toEqual([]);
    await playAs(t.app, ada, ids['star-blaster']!);
    await playAs(t.app, ada, ids['cafe-racer']!);
    expect((await call(t.app, 'POST', `/api/games/${ids['star-blaster']}/playtime`, { token: ada, body: { seconds: 42 } })).status).toBe(200);
    expect((await call(t.app, 'PUT', `/api/games/${ids['star-blaster']}/save`, { token: ada, body: { data: { level: 3 }, version: 0 } })).status).toBe(200);

    const list = await recent(ada);
    expect(list.status).toBe(200);
    expect(list.body.map((entry) => [entry.game.slug, entry.playSeconds, entry.savedAt !== null])).toEqual([
      ['cafe-racer', 0, false],
      ['star-blaster', 42, true],
    ]);
    // Playing again moves a game back to the front.
    await playAs(t.app, ada, ids['star-blaster']!);
    expect((await recent(ada)).body.map((entry) => entry.game.slug)).toEqual(['star-blaster', 'cafe-racer']);
    // Another player's list is their own.
    expect((await recent(await signIn(t.app, 'bob@example.com'))).body).toEqual([]);
  });

  it("merges the device's list at sign-in: the later time wins, never later than now, unknown games skipped", async () => {
    const carol = await signIn(t.app, 'carol@example.com');
    await playAs(t.app, carol, ids['cafe-racer']!);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const merged = await merge(carol, [
      { id: ids['balloon-pop']!, playedAt: hourAgo },
      // A device clock a day ahead does not pin a game first for a day.
      { id: ids['star-blaster']!, playedAt: new Date(Date.now() + 86_400_000).toISOString() },
      // An older device play of a game played since keeps the later time.
      { id: ids['cafe-racer']!, playedAt: '2020-01-01T00:00:00.000Z' },
      { id: 987_654, playedAt: hourAgo },
    ]);
    expect(merged.status).toBe(200);
    expect(merged.body.map((entry) => entry.game.slug)).toEqual(['star-blaster', 'cafe-racer', 'balloon-pop']);
    expect(Date.parse(merged.body[0]!.lastPlayedAt)).toBeLessThanOrEqual(Date.now());
    expect(merged.body[2]!.lastPlayedAt).toBe(hourAgo);
    expect(Date.parse(merged.body[1]!.lastPlayedAt)).toBeGreaterThan(Date.parse('2020-01-02'));
    expect((await recent(carol)).body).toEqual(merged.body);
  });

  it('refuses a malformed device list with 400 naming the field', async () => {
    const dana = await signIn(t.app, 'dana@example.com');
    const bad = await merge(dana, [{ id: ids['cafe-racer']!, playedAt: 'yesterday' }]);
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as { message: string }).message).toMatch(/playedAt/);
    const tooMany = await merge(dana, Array.from({ length: 25 }, () => ({ id: ids['cafe-racer']!, playedAt: new Date().toISOString() })));
    expect(tooMany.status).toBe(400);
  });
});
