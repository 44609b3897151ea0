/**
 * Issue #25, browse: every list order (popular, newest, trending, top rated) with and without a
 * search, tag pages' lists, and the home's New This Week limited to games published in the last
 * 7 days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_SORTS, type GameSort } from '../../shared/constants';
import { call, createTestApp, gameIdsBySlug, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await gameIdsBySlug(t.app, ['star-blaster', 'cafe-racer', 'balloon-pop', 'paddle-duel']);
  // Distinct figures for every order, so each order is its own.
  const figures: Record<string, { plays: number; trending: number; rating: number; count: number; daysAgo: number }> = {
    'star-blaster': { plays: 900, trending: 5, rating: 3.5, count: 10, daysAgo: 40 },
    'cafe-racer': { plays: 100, trending: 50, rating: 4.2, count: 3, daysAgo: 2 },
    'balloon-pop': { plays: 500, trending: 20, rating: 4.9, count: 7, daysAgo: 9 },
    'paddle-duel': { plays: 300, trending: 1, rating: 4.2, count: 8, daysAgo: 6 },
  };
  for (const [slug, f] of Object.entries(figures)) {
    await sql(
      `update games set plays = ?, trending_plays = ?, rating_avg = ?, rating_count = ?, published_at = now() - make_interval(days => ?) where id = ?`,
      [f.plays, f.trending, f.rating, f.count, f.daysAgo, ids[slug]],
    );
  }
  t.services.catalogCache.invalidate();
});
afterAll(() => t.close());

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return t.db.orm.em.fork().getConnection().execute<T[]>(query, params);
}

async function slugs(query: string): Promise<string[]> {
  const response = await call<{ slug: string }[]>(t.app, 'GET', `/api/games?${query}`);
  expect(response.status, query).toBe(200);
  return response.body.map((game) => game.slug);
}

const EXPECTED: Record<GameSort, string[]> = {
  popular: ['star-blaster', 'balloon-pop', 'paddle-duel', 'cafe-racer'],
  newest: ['cafe-racer', 'paddle-duel', 'balloon-pop', 'star-blaster'],
  trending: ['cafe-racer', 'balloon-pop', 'star-blaster', 'paddle-duel'],
  // Equal averages: more ratings first.
  top_rated: ['balloon-pop', 'paddle-duel', 'cafe-racer', 'star-blaster'],
};

describe(`list orders (${engineName})`, () => {
  it('each order ranks the catalog by its own figure', async () => {
    expect([...GAME_SORTS].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const sort of GAME_SORTS) expect(await slugs(`sort=${sort}`), sort).toEqual(EXPECTED[sort]);
  });

  it('each order holds within a category and a search, from the search index or SQL alike', async () => {
    for (const sort of GAME_SORTS) {
      const inArcade = await slugs(`sort=${sort}&category=arcade`);
      expect([...inArcade].sort(), sort).toEqual(['paddle-duel', 'star-blaster']);
      expect(inArcade, sort).toEqual(EXPECTED[sort].filter((slug) => inArcade.includes(slug)));
      // "retro" is a tag of cafe-racer and paddle-duel, in neither title.
      expect(await slugs(`sort=${sort}&search=retro`), sort).toEqual(EXPECTED[sort].filter((slug) => ['cafe-racer', 'paddle-duel'].includes(slug)));
    }
  });

  it('refuses an unknown order, naming the field', async () => {
    const response = await call<{ message: string }>(t.app, 'GET', '/api/games?sort=best');
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('sort');
  });
});

describe(`tag pages (${engineName})`, () => {
  it('list exactly the published games carrying the tag, in the order asked, whatever its case', async () => {
    const tagged = await sql<{ name: string; slug: string }>(
      `select t.name, g.slug from tags t join game_tags gt on gt.tag_id = t.id join games g on g.id = gt.game_id where g.status = 'APPROVED' order by t.name`,
    );
    // A tag two games carry.
    const tag = 'retro';
    const expected = tagged.filter((row) => row.name === tag).map((row) => row.slug);
    for (const sort of GAME_SORTS) {
      const listed = await slugs(`tag=${encodeURIComponent(tag.toUpperCase())}&sort=${sort}`);
      expect([...listed].sort(), sort).toEqual([...expected].sort());
      expect(listed, sort).toEqual(EXPECTED[sort].filter((slug) => expected.includes(slug)));
    }
    expect(await slugs('tag=no-such-tag')).toEqual([]);
  });

  it('leave out an unpublished game', async () => {
    const [{ name }] = (await sql<{ name: string }>(`select t.name from tags t join game_tags gt on gt.tag_id = t.id where gt.game_id = ? limit 1`, [ids['star-blaster']])) as [{ name: string }];
    await sql(`update games set status = 'UNPUBLISHED' where id = ?`, [ids['star-blaster']]);
    t.services.catalogCache.invalidate();
    try {
      expect(await slugs(`tag=${encodeURIComponent(name)}`)).not.toContain('star-blaster');
    } finally {
      await sql(`update games set status = 'APPROVED' where id = ?`, [ids['star-blaster']]);
      t.services.catalogCache.invalidate();
    }
  });

  it('refuse a tag longer than a tag can be', async () => {
    const response = await call<{ message: string }>(t.app, 'GET', `/api/games?tag=${'x'.repeat(25)}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('tag');
  });
});

describe(`New This Week (${engineName})`, () => {
  it('holds only the games published in the last 7 days, newest first', async () => {
    const { body } = await call<{ new: { slug: string }[] }>(t.app, 'GET', '/api/home');
    // balloon-pop (9 days) and star-blaster (40 days) are older than a week.
    expect(body.new.map((game) => game.slug)).toEqual(['cafe-racer', 'paddle-duel']);
    // The New page itself still lists every game, newest first.
    expect(await slugs('sort=newest')).toEqual(EXPECTED.newest);
  });

  it('lets a game go once it is more than 7 days old', async () => {
    await sql(`update games set published_at = now() - interval '7 days 1 minute' where id = ?`, [ids['paddle-duel']]);
    t.services.catalogCache.invalidate();
    const { body } = await call<{ new: { slug: string }[] }>(t.app, 'GET', '/api/home');
    expect(body.new.map((game) => game.slug)).toEqual(['cafe-racer']);
  });
});
