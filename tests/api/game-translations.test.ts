/**
 * Issue #59: a developer translates a game's listing per language, on /api/v1 with an API key and
 * in the developer portal (/api/dev); players of that language read it at once (the public
 * listing read), the original being the fallback; only the owner writes, an admin may remove.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, createTestApp, publishGame, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { TRPC_MAX_URL_LENGTH } from '../../shared/constants';

let t: TestApp;
let owner: string;
let other: string;
let admin: string;
let ownerKey: string;
let otherKey: string;
let game: { id: number; slug: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'translator-owner@example.com');
  other = await signIn(t.app, 'translator-other@example.com');
  admin = await signIn(t.app, ADMIN_EMAIL);
  ownerKey = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: owner })).body.key;
  otherKey = (await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token: other })).body.key;
  game = await publishGame(t.app, owner, admin, 'Block Tower');
});
afterAll(() => t.close());

const french = { title: 'Tour de blocs', description: 'Empilez les blocs le plus haut possible.', instructions: 'Touchez pour lâcher un bloc.' };
const listing = async (locale: string) => (await call<{ listing: unknown }>(t.app, 'GET', `/api/games/${game.id}/listing?locale=${locale}`)).body.listing;

describe(`game listing translations (${engineName})`, () => {
  it('are written with an API key, read back, and shown to that language’s players at once', async () => {
    expect(await listing('fr')).toBeNull();
    const put = await call(t.app, 'PUT', `/api/v1/games/${game.id}/translations/fr`, { token: ownerKey, body: french });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ locale: 'fr', ...french });
    expect(await listing('fr')).toEqual(french);
    // Another language still has none: its players see the original.
    expect(await listing('de')).toBeNull();
    const got = await call(t.app, 'GET', `/api/v1/games/${game.id}/translations/fr`, { token: ownerKey });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject(french);
    // Written again: replaced, instructions left out fall back to the original's.
    const replaced = await call(t.app, 'PUT', `/api/v1/games/${game.id}/translations/fr`, { token: ownerKey, body: { title: 'La Tour', description: 'Des blocs.' } });
    expect(replaced.body).toMatchObject({ title: 'La Tour', instructions: null });
    expect(await listing('fr')).toEqual({ title: 'La Tour', description: 'Des blocs.', instructions: null });
    const all = await call<{ locale: string }[]>(t.app, 'GET', `/api/v1/games/${game.id}/translations`, { token: ownerKey });
    expect(all.body.map((row) => row.locale)).toEqual(['fr']);
  });

  it('refuse bad input naming the field, with 400', async () => {
    const bad = [
      [`/api/v1/games/${game.id}/translations/xx`, french, /locale/],
      [`/api/v1/games/${game.id}/translations/fr`, { ...french, title: '' }, /title: Required/],
      [`/api/v1/games/${game.id}/translations/fr`, { ...french, title: 'x'.repeat(81) }, /title: Must be at most 80/],
      [`/api/v1/games/${game.id}/translations/fr`, { title: 'Tour' }, /description/],
      [`/api/v1/games/abc/translations/fr`, french, /id/],
    ] as const;
    for (const [url, body, message] of bad) {
      const answer = await call<{ message: string }>(t.app, 'PUT', url, { token: ownerKey, body });
      expect(answer.status, url).toBe(400);
      expect(answer.body.message, url).toMatch(message);
    }
  });

  it('are the owner’s alone: anyone else’s key or session finds no game; no key, 401', async () => {
    expect((await call(t.app, 'PUT', `/api/v1/games/${game.id}/translations/ja`, { body: french })).status).toBe(401);
    expect((await call(t.app, 'PUT', `/api/v1/games/${game.id}/translations/ja`, { token: otherKey, body: french })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/v1/games/${game.id}/translations/fr`, { token: otherKey })).status).toBe(404);
    expect((await call(t.app, 'PUT', `/api/dev/games/${game.id}/translations/ja`, { token: other, body: french })).status).toBe(404);
    expect((await call(t.app, 'PUT', `/api/v1/games/999999/translations/ja`, { token: ownerKey, body: french })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/admin/games/${game.id}/translations/fr`, { token: other })).status).toBe(403);
  });

  it('are written in the developer portal too, and removed by the owner or an admin', async () => {
    const portal = await call(t.app, 'PUT', `/api/dev/games/${game.id}/translations/ja`, { token: owner, body: { title: 'ブロックタワー', description: 'ブロックを高く積み上げよう。' } });
    expect(portal.status).toBe(200);
    expect(await listing('ja')).toMatchObject({ title: 'ブロックタワー' });
    const mine = await call<{ locale: string }[]>(t.app, 'GET', `/api/dev/games/${game.id}/translations`, { token: owner });
    expect(mine.body.map((row) => row.locale)).toEqual(['fr', 'ja']);

    expect((await call(t.app, 'DELETE', `/api/admin/games/${game.id}/translations/ja`, { token: admin })).status).toBe(200);
    expect(await listing('ja')).toBeNull();
    expect((await call(t.app, 'DELETE', `/api/v1/games/${game.id}/translations/fr`, { token: ownerKey })).status).toBe(200);
    expect(await listing('fr')).toBeNull();
    expect((await call(t.app, 'GET', `/api/v1/games/${game.id}/translations/fr`, { token: ownerKey })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/v1/games/${game.id}/translations/fr`, { token: ownerKey })).status).toBe(404);
  });

  it('of the portal’s built-in games are written by an admin, and a developer’s game is not an admin’s to write', async () => {
    const [builtIn] = await t.db.orm.em.fork().getConnection().execute<{ id: number }[]>(`select id from games where built_in order by id limit 1`);
    const written = await call(t.app, 'PUT', `/api/admin/games/${builtIn!.id}/translations/de`, { token: admin, body: { title: 'Ballonparty', description: 'Lass die Ballons platzen.' } });
    expect(written.status).toBe(200);
    expect((await call<{ listing: unknown }>(t.app, 'GET', `/api/games/${builtIn!.id}/listing?locale=de`)).body.listing).toMatchObject({ title: 'Ballonparty' });
    expect((await call(t.app, 'PUT', `/api/admin/games/${game.id}/translations/de`, { token: admin, body: french })).status).toBe(404);
    expect((await call(t.app, 'PUT', `/api/admin/games/${builtIn!.id}/translations/de`, { token: owner, body: french })).status).toBe(403);
  });

  it('of a game not yet published are kept but shown to nobody until it is', async () => {
    const pending = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
      token: owner,
      body: { title: 'Waiting Room', description: 'Waits for review.', srcUrl: 'https://waiting.games.example.com/play/', thumbUrl: 'https://waiting.games.example.com/t.png' },
    });
    expect((await call(t.app, 'PUT', `/api/dev/games/${pending.body.id}/translations/es`, { token: owner, body: { title: 'Sala de espera', description: 'Espera revisión.' } })).status).toBe(200);
    expect((await call<{ listing: unknown }>(t.app, 'GET', `/api/games/${pending.body.id}/listing?locale=es`)).body.listing).toBeNull();
    await call(t.app, 'POST', `/api/admin/games/${pending.body.id}/approve`, { token: admin });
    expect((await call<{ listing: unknown }>(t.app, 'GET', `/api/games/${pending.body.id}/listing?locale=es`)).body.listing).toMatchObject({ title: 'Sala de espera' });
  });

  it('are read for a whole page of cards in one tRPC batch, as the web app asks them (one a card)', async () => {
    expect((await call(t.app, 'PUT', `/api/v1/games/${game.id}/translations/fr`, { token: ownerKey, body: french })).status).toBe(200);
    const published = (await call<{ id: number }[]>(t.app, 'GET', '/api/games?limit=24')).body;
    // Home's first screens hold a dozen cards or more (this catalog is smaller: its games again).
    const ids = [game.id, ...Array.from({ length: 15 }, (_, index) => published[index % published.length]!.id)];
    const paths = ['home.get', ...ids.map(() => 'translations.listing')];
    const inputs = Object.fromEntries(ids.map((id, index) => [index + 1, { id, locale: 'fr' }]));
    const url = `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
    // The path alone is longer than the router used to take (414 for the whole batch); the URL is within what the web app sends.
    expect(paths.join(',').length).toBeGreaterThan(200);
    expect(url.length).toBeLessThanOrEqual(TRPC_MAX_URL_LENGTH);
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode, answer.body).toBe(200);
    const results = answer.json<{ result: { data: { listing?: unknown } } }[]>();
    expect(results).toHaveLength(paths.length);
    expect(results[1]!.result.data.listing).toEqual(french);
  });
});
