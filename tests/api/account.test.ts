/**
 * The account page's calls (issue #14): PUT /api/me (display name), GET /api/me/export (all my
 * data as JSON) and DELETE /api/me (confirmed with the account's e-mail address), through /api,
 * /trpc and the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_PLAYER } from '../../shared/constants';
import { accountExportOutput } from '../../shared/schemas';
import { ADMIN_EMAIL, call, createTestApp, gameIdsBySlug, playAs, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let admin: string;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN_EMAIL);
  ids = await gameIdsBySlug(t.app, ['star-blaster', 'cafe-racer']);
});
afterAll(() => t.close());

describe(`the account calls signed out (${engineName})`, () => {
  it('are 401 with a JSON message', async () => {
    for (const [method, url, body] of [
      ['PUT', '/api/me', { displayName: 'Someone' }],
      ['GET', '/api/me/export', undefined],
      ['DELETE', '/api/me', { email: 'someone@example.com' }],
    ] as const) {
      const response = await call(t.app, method, url, body ? { body } : {});
      expect(response.status, `${method} ${url}`).toBe(401);
      expect(Object.keys(response.body as object)).toEqual(['message']);
    }
  });
});

describe(`PUT /api/me (${engineName})`, () => {
  it('is 400 naming displayName for a blank, missing or too long name, and changes nothing', async () => {
    const token = await signIn(t.app, 'grace.hopper@example.com');
    for (const body of [{ displayName: '   ' }, {}, { displayName: 'x'.repeat(41) }, { displayName: 'a\u0000b' }, { displayName: 42 }]) {
      const response = await call(t.app, 'PUT', '/api/me', { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toMatch(/^displayName: /);
    }
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).body.name).toBe('Grace Hopper');
  });

  it('sets the trimmed name shown everywhere: the session, reviews and the tRPC mutation', async () => {
    const token = await signIn(t.app, 'ada.lovelace@example.com');
    const response = await call(t.app, 'PUT', '/api/me', { token, body: { displayName: '  Countess Ada  ' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Countess Ada', email: 'ada.lovelace@example.com', role: 'USER' });
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).body.name).toBe('Countess Ada');

    const trpc = await call(t.app, 'POST', '/trpc/account.updateProfile', { token, body: { displayName: 'Ada' } });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.name).toBe('Ada');
  });
});

describe(`GET /api/me/export (${engineName})`, () => {
  it("answers the caller's data as the documented JSON, without tokens or other people's data", async () => {
    const token = await signIn(t.app, 'exporter@example.com');
    const other = await signIn(t.app, 'bystander@example.com');
    await playAs(t.app, token, ids['star-blaster']!);
    await call(t.app, 'POST', `/api/games/${ids['star-blaster']}/rate`, { token, body: { score: 5, comment: 'Loved it' } });
    await call(t.app, 'POST', `/api/games/${ids['cafe-racer']}/favorite`, { token });
    await call(t.app, 'POST', `/api/games/${ids['star-blaster']}/favorite`, { token: other });

    const response = await call(t.app, 'GET', '/api/me/export', { token });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="playfree-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = accountExportOutput.strict().parse(response.body);
    expect(data.profile.email).toBe('exporter@example.com');
    expect(data.favorites.map((row) => row.slug)).toEqual(['cafe-racer']);
    expect(data.ratings).toEqual([expect.objectContaining({ slug: 'star-blaster', score: 5, comment: 'Loved it' })]);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true, revokedAt: null })]);
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(token);
    expect(text).not.toContain('bystander');

    const trpc = await call(t.app, 'GET', '/trpc/account.export', { token });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.profile.email).toBe('exporter@example.com');
  });
});

describe(`DELETE /api/me (${engineName})`, () => {
  it("is 400 naming email without the account's e-mail address, and keeps the account", async () => {
    const token = await signIn(t.app, 'hesitant@example.com');
    for (const body of [undefined, {}, { email: '' }, { email: 'someone.else@example.com' }, ['hesitant@example.com']]) {
      const response = await call(t.app, 'DELETE', '/api/me', { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message, JSON.stringify(body)).toMatch(/^(email|body): /);
    }
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('deletes the account: sessions end, ratings and scores stay as "Deleted player", published games stay', async () => {
    const email = 'leaving@example.com';
    const token = await signIn(t.app, email);
    const phone = await signIn(t.app, email);
    const gameId = ids['star-blaster']!;
    await playAs(t.app, token, gameId);
    await call(t.app, 'POST', `/api/games/${gameId}/rate`, { token, body: { score: 2, comment: 'Not for me, says the leaver' } });
    expect((await call(t.app, 'POST', `/api/games/${gameId}/scores`, { token, body: { score: 7 } })).status).toBe(201);
    const published = await publishGame(t.app, token, admin, 'Leavers Puzzle');
    const summary = (await call(t.app, 'GET', '/api/games/star-blaster')).body.ratingSummary;

    const response = await call(t.app, 'DELETE', '/api/me', { token, body: { email: 'Leaving@Example.com' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(String(response.headers['set-cookie'] ?? '')).toMatch(/auth_token=;/);

    for (const session of [token, phone]) expect((await call(t.app, 'GET', '/api/auth/me', { token: session })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/me/export', { token })).status).toBe(401);

    expect((await call(t.app, 'GET', '/api/games/star-blaster')).body.ratingSummary).toEqual(summary);
    const reviews = (await call(t.app, 'GET', `/api/games/${gameId}/reviews`)).body.reviews as { player: string; comment: string | null }[];
    expect(reviews.find((review) => review.comment === 'Not for me, says the leaver')?.player).toBe(DELETED_PLAYER);
    const scores = (await call(t.app, 'GET', `/api/games/${gameId}/scores`)).body as { player: string; score: number }[];
    expect(scores.find((entry) => entry.score === 7)?.player).toBe(DELETED_PLAYER);
    const game = await call(t.app, 'GET', `/api/games/${published.slug}`);
    expect(game.status).toBe(200);

    // The address is free again: signing in starts a new, empty account.
    const again = await signIn(t.app, email);
    const fresh = await call(t.app, 'GET', '/api/me/export', { token: again });
    expect(fresh.body.ratings).toEqual([]);
    expect(fresh.body.submittedGames).toEqual([]);
  });

  it('is documented in the OpenAPI document with the confirmation in its JSON body', async () => {
    const doc = await call(t.app, 'GET', '/api/openapi.json');
    const operation = doc.body.paths['/me'].delete;
    expect(operation.security.length).toBeGreaterThan(0);
    expect(Object.keys(operation.requestBody.content['application/json'].schema.properties)).toEqual(['email']);
    expect(operation.parameters ?? []).toEqual([]);
    expect(doc.body.paths['/me'].put).toBeDefined();
    expect(doc.body.paths['/me/export'].get).toBeDefined();
  });
});
