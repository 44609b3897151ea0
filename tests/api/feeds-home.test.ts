/**
 * Issue #58: the portal's own games keep their place on home among imported ones: an admin pins
 * one (first in Popular) or boosts it (every third card of Popular and Trending) with
 * PUT /api/admin/games/{id}/home; imported games cannot be placed.
 */
import { describe, expect, it } from 'vitest';
import { HOME_LIST_SIZES } from '../../shared/constants';
import { call, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { madeUpGames, type FeedServer } from '../support/feed-server';
import { feedsBed } from '../support/feeds-bed';

let t: TestApp;
let feeds: FeedServer;
let admin: string;

feedsBed((bed) => ({ t, feeds, admin } = bed));

type Home = Record<'popular' | 'trending', { id: number; slug: string }[]>;
const home = async () => (await call<Home>(t.app, 'GET', '/api/home')).body;
const place = (id: number, placement: string | null, token = admin) => call<{ message?: string }>(t.app, 'PUT', `/api/admin/games/${id}/home`, { token, body: { placement } });
const idOf = async (slug: string) => (await call<{ id: number }>(t.app, 'GET', `/api/games/${slug}`)).body.id;

describe(`the portal's own games on home (${engineName})`, () => {
  it('are pinned first or boosted into every third card among imported games that outplay them', async () => {
    feeds.items.gamepix = madeUpGames(30, 'Imported Hit');
    const feed = await call<{ id: number }>(t.app, 'POST', '/api/admin/feeds', { token: admin, body: { url: `${feeds.url}/feeds/gamepix`, format: 'gamepix', name: 'GP', publish: 'now' } });
    expect((await call(t.app, 'POST', `/api/admin/feeds/${feed.body.id}/sync`, { token: admin })).body).toMatchObject({ added: 30 });
    // The imported games are played far more than any of the portal's own.
    await t.db.orm.em.fork().getConnection().execute(`update games set plays = 100000 + id, trending_plays = 100000 + id where distributor is not null`);
    await t.services.catalogCache.invalidateCommitted(t.db.orm.em.fork());
    const before = await home();
    expect(before.popular.every((game) => game.slug.startsWith('imported-hit'))).toBe(true);
    expect(before.trending.every((game) => game.slug.startsWith('imported-hit'))).toBe(true);

    const [paddle, balloon, star] = await Promise.all(['paddle-duel', 'balloon-pop', 'star-blaster'].map(idOf));
    const player = await signIn(t.app, 'home-player@example.com');
    expect((await place(paddle!, 'pinned', player)).status).toBe(403);
    const bad = await place(paddle!, 'first');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^placement: /);
    expect((await place(999_999, 'pinned')).status).toBe(404);
    const importedAnswer = await place(before.popular[0]!.id, 'boosted');
    expect(importedAnswer.status).toBe(409);
    expect(importedAnswer.body.message).toMatch(/^Only the portal's own games/);

    expect((await place(paddle!, 'pinned')).status).toBe(200);
    expect((await place(balloon!, 'boosted')).status).toBe(200);
    expect((await place(star!, 'boosted')).status).toBe(200);
    const placed = await home();
    expect(placed.popular).toHaveLength(HOME_LIST_SIZES.popular);
    expect(placed.popular[0]!.slug).toBe('paddle-duel');
    expect(placed.popular.filter((game) => !game.slug.startsWith('imported-hit')).map((game) => game.slug)).toEqual(['paddle-duel', expect.any(String), expect.any(String)]);
    expect(placed.popular.slice(1).findIndex((game) => !game.slug.startsWith('imported-hit'))).toBe(1);
    expect(placed.trending.map((game) => game.slug.startsWith('imported-hit'))).toEqual([true, true, false]);
    expect(new Set(placed.popular.map((game) => game.id)).size).toBe(placed.popular.length);
    const own = (await call<{ slug: string; homePlacement: string | null }[]>(t.app, 'GET', '/api/admin/feeds/games?kind=own', { token: admin })).body;
    expect(own.filter((game) => game.homePlacement !== null).map((game) => game.slug).sort()).toEqual(['balloon-pop', 'paddle-duel', 'star-blaster']);

    // No more than four pinned (a boosted game pinned instead counts too); taken off, a game falls back to its own rank.
    const cafe = await idOf('cafe-racer');
    const submitted = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', { token: player, body: { title: 'Own Fifth', description: 'd', srcUrl: 'https://own-fifth.example.com/', thumbUrl: 'https://own-fifth.example.com/t.png' } });
    for (const game of [balloon!, star!, cafe]) expect((await place(game, 'pinned')).status).toBe(200);
    const fifth = await place(submitted.body.id, 'pinned');
    expect(fifth.status).toBe(409);
    expect(fifth.body.message).toBe('At most 4 games can be pinned on home at once; take one off first');
    expect((await place(paddle!, 'pinned')).status).toBe(200);
    for (const game of [paddle!, balloon!, star!, cafe]) expect((await place(game, null)).status).toBe(200);
    expect((await home()).popular.map((game) => game.id)).toEqual(before.popular.map((game) => game.id));
  });
});
