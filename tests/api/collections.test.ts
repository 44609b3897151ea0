import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, gameIdsBySlug, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type Summary = { id: number; name: string; isPublic: boolean; isFavorites: boolean; gameCount: number; thumbs: string[]; hasGame?: boolean };
type Page = { collection: Summary; owner: string; isOwner: boolean; games: { slug: string; isFavorited: boolean }[] };

let t: TestApp;
let ada: string;
let bob: string;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signIn(t.app, 'ada.lovelace@example.com');
  bob = await signIn(t.app, 'bob@example.com');
  const named = await call(t.app, 'PUT', '/api/me', { token: ada, body: { displayName: 'Ada Lovelace' } });
  if (named.status !== 200) throw new Error(`naming Ada failed: ${named.status}`);
  ids = await gameIdsBySlug(t.app, ['star-blaster', 'cafe-racer', 'balloon-pop']);
});
afterAll(() => t.close());

const mine = (token: string, gameId?: number) => call<Summary[]>(t.app, 'GET', `/api/collections${gameId ? `?gameId=${gameId}` : ''}`, { token });
const create = (token: string, body: unknown) => call<Summary>(t.app, 'POST', '/api/collections', { token, body });
const open = (id: number, token?: string) => call<Page>(t.app, 'GET', `/api/collections/${id}`, token ? { token } : {});
const add = (token: string, id: number, slug: string) => call(t.app, 'POST', `/api/collections/${id}/games/${ids[slug]}`, { token });

describe(`collections (${engineName})`, () => {
  it('are for signed-in players: 401 signed out', async () => {
    expect((await call(t.app, 'GET', '/api/collections')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/collections', { body: { name: 'Mine' } })).status).toBe(401);
  });

  it('start with Favorites, which holds the favourited games and stays first', async () => {
    expect((await call(t.app, 'POST', `/api/games/${ids['cafe-racer']}/favorite`, { token: ada })).status).toBe(200);
    const made = await create(ada, { name: 'Racing nights', isPublic: true });
    expect(made.status).toBe(201);
    const list = await mine(ada);
    expect(list.status).toBe(200);
    expect(list.body.map((collection) => [collection.name, collection.isFavorites, collection.gameCount])).toEqual([
      ['Favorites', true, 1],
      ['Racing nights', false, 0],
    ]);
    const favorites = await open(list.body[0]!.id, ada);
    expect(favorites.body.games.map((game) => game.slug)).toEqual(['cafe-racer']);
    // The favourites API still answers from the same place.
    await call(t.app, 'DELETE', `/api/games/${ids['cafe-racer']}/favorite`, { token: ada });
    expect((await open(list.body[0]!.id, ada)).body.games).toEqual([]);
    expect((await call(t.app, 'GET', '/api/favorites', { token: ada })).body).toEqual([]);
  });

  it('refuse a second collection of the same name, whatever its case, with 409; and "Favorites" is taken', async () => {
    expect((await create(ada, { name: 'Puzzles' })).status).toBe(201);
    const again = await create(ada, { name: 'puzzles' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'You already have a collection named "puzzles"' });
    expect((await create(ada, { name: 'FAVORITES' })).status).toBe(409);
    // Another player may use the name.
    expect((await create(bob, { name: 'Puzzles' })).status).toBe(201);
    expect((await create(ada, { name: '   ' })).status).toBe(400);
    expect((await create(ada, { name: 'x'.repeat(61) })).status).toBe(400);
  });

  it('keep a private one from everyone but its owner (404), and show a public one to anyone with the link', async () => {
    const secret = (await create(ada, { name: 'Secret stash' })).body;
    expect(secret.isPublic).toBe(false);
    expect((await add(ada, secret.id, 'star-blaster')).status).toBe(200);
    expect((await open(secret.id)).status).toBe(404);
    expect((await open(secret.id, bob)).status).toBe(404);
    expect((await add(bob, secret.id, 'balloon-pop')).status).toBe(404);
    const own = await open(secret.id, ada);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ isOwner: true, owner: 'Ada L.', collection: { name: 'Secret stash', gameCount: 1 } });

    const shared = await call<Summary>(t.app, 'PUT', `/api/collections/${secret.id}`, { token: ada, body: { isPublic: true } });
    expect(shared.status).toBe(200);
    const seen = await open(secret.id);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ isOwner: false, owner: 'Ada L.', collection: { name: 'Secret stash', isPublic: true } });
    expect(seen.body.games.map((game) => game.slug)).toEqual(['star-blaster']);
    expect((await open(secret.id, bob)).body.isOwner).toBe(false);
    expect((await call(t.app, 'PUT', `/api/collections/${secret.id}`, { token: bob, body: { isPublic: false } })).status).toBe(404);
  });

  it('add a game once, list the latest added first, say which hold a game, and take games out', async () => {
    const list = (await create(ada, { name: 'Weekend' })).body;
    await add(ada, list.id, 'star-blaster');
    await add(ada, list.id, 'cafe-racer');
    const twice = await add(ada, list.id, 'star-blaster');
    expect(twice.body).toEqual({ id: list.id, gameId: ids['star-blaster'], inCollection: true, gameCount: 2 });
    expect((await open(list.id, ada)).body.games.map((game) => game.slug)).toEqual(['cafe-racer', 'star-blaster']);
    const holding = await mine(ada, ids['cafe-racer']);
    expect(holding.body.find((collection) => collection.id === list.id)?.hasGame).toBe(true);
    expect(holding.body.find((collection) => collection.isFavorites)?.hasGame).toBe(false);
    expect((await call(t.app, 'POST', `/api/collections/${list.id}/games/987654`, { token: ada })).status).toBe(404);
    const removed = await call(t.app, 'DELETE', `/api/collections/${list.id}/games/${ids['cafe-racer']}`, { token: ada });
    expect(removed.body).toMatchObject({ inCollection: false, gameCount: 1 });
  });

  it('rename (409 on a name in use) and delete; Favorites keeps its name and cannot be deleted', async () => {
    const list = (await create(ada, { name: 'Old name' })).body;
    const renamed = await call<Summary>(t.app, 'PUT', `/api/collections/${list.id}`, { token: ada, body: { name: 'New name' } });
    expect(renamed.body.name).toBe('New name');
    expect((await call(t.app, 'PUT', `/api/collections/${list.id}`, { token: ada, body: { name: 'Puzzles' } })).status).toBe(409);
    const favorites = (await mine(ada)).body[0]!;
    expect((await call(t.app, 'PUT', `/api/collections/${favorites.id}`, { token: ada, body: { name: 'Loved' } })).status).toBe(400);
    expect((await call(t.app, 'PUT', `/api/collections/${favorites.id}`, { token: ada, body: { isPublic: true } })).body).toMatchObject({ isPublic: true });
    expect((await call(t.app, 'DELETE', `/api/collections/${favorites.id}`, { token: ada })).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/collections/${list.id}`, { token: bob })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/collections/${list.id}`, { token: ada })).status).toBe(200);
    expect((await open(list.id, ada)).status).toBe(404);
  });
});
