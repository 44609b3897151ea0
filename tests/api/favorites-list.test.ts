import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOutput } from '../../shared/schemas';
import { call, createTestApp, gameIdsBySlug, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type GameCard = { id: number; slug: string; isFavorited: boolean };

let t: TestApp;
let alice: string;
let bob: string;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t.app, 'alice@example.com');
  bob = await signIn(t.app, 'bob@example.com');
  ids = await gameIdsBySlug(t.app, ['star-blaster', 'cafe-racer', 'balloon-pop', 'paddle-duel']);
});
afterAll(() => t.close());

const favorite = (slug: string, token: string) => call(t.app, 'POST', `/api/games/${ids[slug]}/favorite`, { token });
const favorites = (token?: string) => call<GameCard[]>(t.app, 'GET', '/api/favorites', token ? { token } : {});

describe(`GET /api/favorites (${engineName})`, () => {
  it('is 401 signed out, with a JSON message', async () => {
    const { status, body } = await favorites();
    expect(status).toBe(401);
    expect(Object.keys(body as object)).toEqual(['message']);
    expect(await favorites('not-a-real-token').then((response) => response.status)).toBe(401);
  });

  it('is an empty list for a user with no favourites', async () => {
    const { status, body } = await favorites(bob);
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it("lists only the caller's favourites, the latest first, as full game objects", async () => {
    expect((await favorite('star-blaster', alice)).status).toBe(200);
    expect((await favorite('balloon-pop', alice)).status).toBe(200);
    expect((await favorite('cafe-racer', bob)).status).toBe(200);

    const mine = await favorites(alice);
    expect(mine.status).toBe(200);
    expect(mine.body.map((game) => game.slug)).toEqual(['balloon-pop', 'star-blaster']);
    for (const game of mine.body) {
      expect(gameOutput.strict().parse(game)).toEqual(game);
      expect(game.isFavorited).toBe(true);
    }
    const detail = await call(t.app, 'GET', '/api/games/star-blaster', { token: alice });
    // A list entry is the game page's object without the page's instructions, live build, distributor (its byline) and frame's shape.
    const { instructions: _instructions, build: _build, distributor: _distributor, frameAspect: _frameAspect, orientation: _orientation, ...card } = detail.body;
    expect(mine.body.find((game) => game.slug === 'star-blaster')).toEqual(card);

    const theirs = await favorites(bob);
    expect(theirs.body.map((game) => game.slug)).toEqual(['cafe-racer']);
  });

  it('drops a removed favourite and counts a repeated one once', async () => {
    await favorite('star-blaster', alice);
    expect((await call(t.app, 'DELETE', `/api/games/${ids['balloon-pop']}/favorite`, { token: alice })).status).toBe(200);
    expect((await favorites(alice)).body.map((game) => game.slug)).toEqual(['star-blaster']);
  });

  it('leaves out games that are no longer published', async () => {
    await favorite('paddle-duel', alice);
    await t.db.orm.em.getConnection().execute(`update games set status = 'REJECTED' where id = ?`, [ids['paddle-duel']]);
    try {
      expect((await favorites(alice)).body.map((game) => game.slug)).toEqual(['star-blaster']);
    } finally {
      await t.db.orm.em.getConnection().execute(`update games set status = 'APPROVED' where id = ?`, [ids['paddle-duel']]);
    }
  });

  it('is the tRPC query favorites.list too, and documented in the OpenAPI document as signed-in only', async () => {
    const trpc = await call<{ result: { data: GameCard[] } }>(t.app, 'GET', '/trpc/favorites.list', { token: alice });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.map((game) => game.slug)).toEqual((await favorites(alice)).body.map((game) => game.slug));

    const doc = await call<{ paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>> }>(t.app, 'GET', '/api/openapi.json');
    const operation = doc.body.paths['/favorites']?.get;
    expect(operation).toBeDefined();
    expect(operation!.security?.length).toBeGreaterThan(0);
    expect(operation!.tags).toEqual(['favorites']);
  });
});
