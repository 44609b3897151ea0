import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVE_LIMITS } from '../../shared/constants';
import { ADMIN_EMAIL, call, createTestApp, gameIdsBySlug, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Save = { gameId: number; data: Record<string, unknown>; version: number; updatedAt: string };

let t: TestApp;
let ada: string;
let bob: string;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signIn(t.app, 'ada@example.com');
  bob = await signIn(t.app, 'bob@example.com');
  ids = await gameIdsBySlug(t.app, ['star-blaster', 'cafe-racer', 'paddle-duel']);
});
afterAll(() => t.close());

const load = (slug: string, token?: string) => call<Save | null>(t.app, 'GET', `/api/games/${ids[slug]}/save`, token ? { token } : {});
const save = (slug: string, token: string | undefined, body: unknown) =>
  call(t.app, 'PUT', `/api/games/${ids[slug]}/save`, { ...(token ? { token } : {}), body: body as object });

/** A save whose JSON text is exactly `bytes` long. */
const filler = (bytes: number) => ({ blob: 'x'.repeat(bytes - '{"blob":""}'.length) });

describe(`GET/PUT /api/games/{id}/save (${engineName})`, () => {
  it('is 401 signed out and 404 for a game that does not exist', async () => {
    expect((await load('star-blaster')).status).toBe(401);
    expect((await save('star-blaster', undefined, { data: {}, version: 0 })).status).toBe(401);
    const missing = await call(t.app, 'GET', '/api/games/999999/save', { token: ada });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Game not found' });
  });

  it('answers null before the first save, then the save with its version; each player has their own', async () => {
    expect(await load('star-blaster', ada)).toMatchObject({ status: 200, body: null });
    const first = await save('star-blaster', ada, { data: { best: 120, level: 3 }, version: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'saved', save: { gameId: ids['star-blaster'], data: { best: 120, level: 3 }, version: 1 } });
    const second = await save('star-blaster', ada, { data: { best: 300, level: 4 }, version: 1 });
    expect(second.body).toMatchObject({ status: 'saved', save: { version: 2, data: { best: 300, level: 4 } } });
    const loaded = await load('star-blaster', ada);
    expect(loaded.body).toEqual(second.body.save);
    expect(Date.parse(loaded.body!.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await load('star-blaster', bob)).body).toBeNull();
    expect((await load('cafe-racer', ada)).body).toBeNull();
  });

  it('is 409 with the current save when the write names an older version, and keeps the current save', async () => {
    await save('cafe-racer', ada, { data: { lap: 1 }, version: 0 });
    const phone = await save('cafe-racer', ada, { data: { lap: 2 }, version: 1 });
    expect(phone.body.save.version).toBe(2);
    for (const stale of [0, 1, 7]) {
      const desktop = await save('cafe-racer', ada, { data: { lap: 99 }, version: stale });
      expect(desktop.status, String(stale)).toBe(409);
      expect(desktop.body).toMatchObject({ status: 'conflict', save: { data: { lap: 2 }, version: 2 } });
      expect(desktop.body.message).toMatch(/^version: .*version 2/);
    }
    // The writer resolves the conflict by naming the version it now has seen: last write wins.
    const retried = await save('cafe-racer', ada, { data: { lap: 99 }, version: 2 });
    expect(retried.body).toMatchObject({ status: 'saved', save: { data: { lap: 99 }, version: 3 } });
  });

  it('lets one of two writes naming the same version win, and refuses the other', async () => {
    await save('paddle-duel', bob, { data: { wins: 0 }, version: 0 });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => save('paddle-duel', bob, { data: { wins: n }, version: 1 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect((await load('paddle-duel', bob)).body).toMatchObject({ version: 2, data: winner.body.save.data });
  });

  it('takes a save of up to 64 KB of JSON and answers 400 naming `data` past it (413 past twice that)', async () => {
    const fits = await save('star-blaster', bob, { data: filler(SAVE_LIMITS.dataBytes), version: 0 });
    expect(fits.status).toBe(200);
    const over = await save('star-blaster', bob, { data: filler(SAVE_LIMITS.dataBytes + 1), version: 1 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('data: Too large: a save is at most 64 KB (65,536 bytes) as JSON');
    // Multi-byte characters count as the UTF-8 bytes they take.
    const wide = await save('star-blaster', bob, { data: { blob: 'é'.repeat(SAVE_LIMITS.dataBytes / 2) }, version: 1 });
    expect(wide.status).toBe(400);
    const huge = await save('star-blaster', bob, { data: filler(SAVE_LIMITS.bodyBytes + 10), version: 1 });
    expect(huge.status).toBe(413);
    expect((await load('star-blaster', bob)).body?.version).toBe(1);
  });

  it('answers 400 naming the field for a save that is not a JSON object or a version that is not a count', async () => {
    for (const [body, field] of [
      [{ data: [1, 2], version: 0 }, 'data'],
      [{ data: 'progress', version: 0 }, 'data'],
      [{ data: null, version: 0 }, 'data'],
      [{ version: 0 }, 'data'],
      [{ data: {} }, 'version'],
      [{ data: {}, version: -1 }, 'version'],
      [{ data: {}, version: 1.5 }, 'version'],
      [{ data: {}, version: '1' }, 'version'],
    ] as const) {
      const response = await save('cafe-racer', bob, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toMatch(new RegExp(`^${field}: `));
    }
    const notJson = await call(t.app, 'PUT', `/api/games/${ids['cafe-racer']}/save`, { token: bob, body: '{"data":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });

  it('keeps text PostgreSQL could not hold in jsonb (NUL, lone surrogates) exactly', async () => {
    const data = { name: 'a\u0000b', odd: '\ud800', emoji: '🎮', nested: { list: [1, null, true, 'x'] } };
    const written = await save('paddle-duel', ada, { data, version: 0 });
    expect(written.status).toBe(200);
    expect((await load('paddle-duel', ada)).body?.data).toEqual(data);
  });

  it('documents both answers of a write in the OpenAPI document', async () => {
    const { body } = await call(t.app, 'GET', '/api/openapi.json');
    const put = body.paths['/games/{id}/save'].put;
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '409', '400', '401']));
    expect(put.responses['409'].content['application/json'].schema).toEqual(put.responses['200'].content['application/json'].schema);
  });

  it('works over tRPC too (the portal calls it so): a conflict is an answer, not an error', async () => {
    const carol = await signIn(t.app, 'carol@example.com');
    const put = (version: number) =>
      t.app.inject({ method: 'POST', url: '/trpc/saves.put', headers: { authorization: `Bearer ${carol}`, 'content-type': 'application/json' }, payload: { id: ids['star-blaster'], data: { stars: version }, version } });
    expect(JSON.parse((await put(0)).body).result.data).toMatchObject({ status: 'saved', save: { version: 1 } });
    const conflict = await put(0);
    expect(conflict.statusCode).toBe(200);
    expect(JSON.parse(conflict.body).result.data).toMatchObject({ status: 'conflict', save: { version: 1, data: { stars: 0 } } });
  });
});

describe(`GET/POST /api/me/saves (${engineName})`, () => {
  it('exports every save of the caller as a downloadable JSON file, the latest first', async () => {
    const dana = await signIn(t.app, 'dana@example.com');
    expect((await call(t.app, 'GET', '/api/me/saves')).status).toBe(401);
    const empty = await call(t.app, 'GET', '/api/me/saves', { token: dana });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ format: 'playfree-saves', saves: [] });
    await save('star-blaster', dana, { data: { best: 1 }, version: 0 });
    await save('cafe-racer', dana, { data: { lap: 4 }, version: 0 });
    const file = await call(t.app, 'GET', '/api/me/saves', { token: dana });
    expect(file.headers['content-disposition']).toBe(`attachment; filename="playfree-saves-${new Date().toISOString().slice(0, 10)}.json"`);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.body.saves).toEqual([
      { game: { id: ids['cafe-racer'], slug: 'cafe-racer', title: expect.any(String) }, data: { lap: 4 }, version: 1, updatedAt: expect.any(String) },
      { game: { id: ids['star-blaster'], slug: 'star-blaster', title: expect.any(String) }, data: { best: 1 }, version: 1, updatedAt: expect.any(String) },
    ]);
  });

  it('imports an exported file into another account, and by the same rule keeps a save written later', async () => {
    const erin = await signIn(t.app, 'erin@example.com');
    const frank = await signIn(t.app, 'frank@example.com');
    await save('star-blaster', erin, { data: { best: 50 }, version: 0 });
    await save('cafe-racer', erin, { data: { lap: 2 }, version: 0 });
    const exported = (await call(t.app, 'GET', '/api/me/saves', { token: erin })).body;
    // Frank's own cafe-racer save is written after Erin's: it stays.
    await save('cafe-racer', frank, { data: { lap: 9 }, version: 0 });
    const imported = await call(t.app, 'POST', '/api/me/saves', { token: frank, body: exported });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ imported: 1, skipped: [{ slug: 'cafe-racer', reason: 'newer-save-kept' }] });
    expect((await load('star-blaster', frank)).body).toMatchObject({ data: { best: 50 }, version: 1 });
    expect((await load('cafe-racer', frank)).body).toMatchObject({ data: { lap: 9 }, version: 1 });
    // An older file replaces nothing written since; a newer one replaces the save and bumps its version.
    const later = { ...exported, saves: [{ ...exported.saves.find((entry: { game: { slug: string } }) => entry.game.slug === 'cafe-racer'), data: { lap: 10 }, updatedAt: new Date(Date.now() + 3_600_000).toISOString() }] };
    expect((await call(t.app, 'POST', '/api/me/saves', { token: frank, body: later })).body).toEqual({ imported: 1, skipped: [] });
    const replaced = (await load('cafe-racer', frank)).body!;
    expect(replaced).toMatchObject({ data: { lap: 10 }, version: 2 });
    // A date in the future counts as now, so a device saving next still wins.
    expect(Date.parse(replaced.updatedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('skips games the portal does not publish, and writes nothing from an invalid file', async () => {
    const gina = await signIn(t.app, 'gina@example.com');
    const now = new Date().toISOString();
    const file = (saves: unknown[]) => ({ format: 'playfree-saves', exportedAt: now, saves });
    const unknown = await call(t.app, 'POST', '/api/me/saves', {
      token: gina,
      body: file([{ game: { slug: 'no-such-game' }, data: {}, updatedAt: now }, { game: { slug: 'paddle-duel' }, data: { wins: 3 }, updatedAt: now }]),
    });
    expect(unknown.body).toEqual({ imported: 1, skipped: [{ slug: 'no-such-game', reason: 'unknown-game' }] });

    const invalid: [unknown, RegExp][] = [
      [{ saves: [] }, /^format: Expected "playfree-saves"/],
      [file([{ game: { slug: 'star-blaster' }, data: {}, updatedAt: now }, { game: { slug: 'cafe-racer' }, data: 5, updatedAt: now }]), /^saves\.1\.data: /],
      [file([{ game: { slug: 'star-blaster' }, data: {}, updatedAt: 'yesterday' }]), /^saves\.0\.updatedAt: /],
      [file([{ game: {}, data: {}, updatedAt: now }]), /^saves\.0\.game\.slug: /],
      [file([{ game: { slug: 'star-blaster' }, data: {}, updatedAt: now }, { game: { slug: 'star-blaster' }, data: {}, updatedAt: now }]), /^saves: Holds the same game twice/],
      [file([{ game: { slug: 'star-blaster' }, data: { blob: 'x'.repeat(SAVE_LIMITS.dataBytes) }, updatedAt: now }]), /^saves\.0\.data: Too large/],
      [{ format: 'playfree-saves', saves: 'all' }, /^saves: /],
    ];
    for (const [body, message] of invalid) {
      const response = await call(t.app, 'POST', '/api/me/saves', { token: gina, body: body as object });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect((await load('star-blaster', gina)).body).toBeNull();
  });

  it("imports saves of any published game, a developer's too", async () => {
    const admin = await signIn(t.app, ADMIN_EMAIL);
    const dev = await signIn(t.app, 'dev@example.com');
    const published = await publishGame(t.app, dev, admin, 'Save Tester');
    const hank = await signIn(t.app, 'hank@example.com');
    await call(t.app, 'PUT', `/api/games/${published.id}/save`, { token: hank, body: { data: { before: true }, version: 0 } });
    const later = new Date(Date.now() + 1000).toISOString();
    const both = await call(t.app, 'POST', '/api/me/saves', {
      token: hank,
      body: { format: 'playfree-saves', saves: [{ game: { slug: published.slug }, data: { after: true }, updatedAt: later }, { game: { slug: 'star-blaster' }, data: { best: 7 }, updatedAt: later }] },
    });
    expect(both.body).toEqual({ imported: 2, skipped: [] });
    expect((await call<Save>(t.app, 'GET', `/api/games/${published.id}/save`, { token: hank })).body).toMatchObject({ data: { after: true }, version: 2 });
  });
});
