import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, GAMES_ORIGIN, visitorCookie, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { rebuildStats } from '../../server/domains/games/stats';
import { NEW_THIS_WEEK_DAYS } from '../../shared/constants';
import { TEST_CATALOG } from '../support/catalog';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GAMES_PUBLIC_URL: GAMES_ORIGIN });
});
afterAll(() => t.close());

describe(`catalog reads (${engineName})`, () => {
  it('GET /api/categories lists the nine categories with icons, in order', async () => {
    const { status, body } = await call(t.app, 'GET', '/api/categories');
    expect(status).toBe(200);
    expect(body.map((category: { slug: string }) => category.slug)).toEqual([
      'action', 'racing', 'puzzle', 'sports', 'kids', 'adventure', 'strategy', 'arcade', 'casual',
    ]);
    for (const category of body) expect(Object.keys(category).sort()).toEqual(['icon', 'id', 'name', 'slug']);
  });

  it('GET /api/home answers the four lists, each with games of the spec shape', async () => {
    const { status, body } = await call(t.app, 'GET', '/api/home');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['multiplayer', 'new', 'popular', 'trending']);
    expect(body.popular).toHaveLength(4);
    expect(body.trending).toHaveLength(3);
    // New This Week: only the games published in the last 7 days, newest first (the seed's dates are fixed days).
    const thisWeek = TEST_CATALOG.filter((entry) => Date.parse(`${entry.publishedAt}T12:00:00Z`) > Date.now() - NEW_THIS_WEEK_DAYS * 86_400_000)
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
      .map((entry) => entry.slug);
    expect(body.new.map((game: { slug: string }) => game.slug)).toEqual(thisWeek);
    expect(body.multiplayer.map((game: { slug: string }) => game.slug)).toEqual(['paddle-duel']);
    const game = body.popular.find((candidate: { slug: string }) => candidate.slug === 'paddle-duel');
    expect(Object.keys(game).sort()).toEqual([
      'ageRating', 'categories', 'contentFacts', 'controls', 'description', 'developerProfile', 'id', 'isFavorited', 'metrics', 'multiplayer',
      'originAllowlists', 'ratingSummary', 'slug', 'srcUrl', 'tags', 'thumbUrl', 'title',
    ]);
    expect(game).toMatchObject({
      // Built-in games are played from their own origins, their thumbnails from the games origin's host.
      srcUrl: 'http://paddle-duel.localhost:4101/',
      thumbUrl: `${GAMES_ORIGIN}/thumbs/paddle-duel`,
      originAllowlists: [{ allowedOrigin: 'http://paddle-duel.localhost:4101' }],
      multiplayer: true,
      isFavorited: false,
      ratingSummary: { avg: 0, count: 0 },
      metrics: { plays: 0, playingNow: 0 },
      developerProfile: { studio: 'PlayFree Originals' },
      ageRating: 'E7',
    });
    expect(game.categories.map((category: { slug: string }) => category.slug)).toEqual(['sports', 'arcade']);
    expect(game.tags.map((tag: { name: string }) => tag.name)).toEqual(['2 players', 'retro']);
  });

  it('GET /api/games/{slug} answers one game and 404 for an unknown slug', async () => {
    const found = await call(t.app, 'GET', '/api/games/star-blaster');
    expect(found.status).toBe(200);
    expect(found.body.title).toBe('Star Blaster');
    const missing = await call(t.app, 'GET', '/api/games/no-such-game');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Game not found' });
    const invalid = await call(t.app, 'GET', '/api/games/Not%20A%20Slug');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/^slug:/);
  });

  it('GET /api/games filters by category and searches title, description and tags ignoring case and accents', async () => {
    const racing = await call(t.app, 'GET', '/api/games?category=racing');
    expect(racing.body.map((game: { slug: string }) => game.slug)).toEqual(['cafe-racer']);
    for (const query of ['CAFE', 'café', 'Cafe\u0301', 'vintage', 'BIKES']) {
      const { status, body } = await call(t.app, 'GET', `/api/games?search=${encodeURIComponent(query)}`);
      expect(status, query).toBe(200);
      expect(body.map((game: { slug: string }) => game.slug), query).toEqual(['cafe-racer']);
    }
    const none = await call(t.app, 'GET', '/api/games?search=%25');
    expect(none.body).toEqual([]);
    const combined = await call(t.app, 'GET', '/api/games?category=arcade&search=retro');
    expect(combined.body.map((game: { slug: string }) => game.slug)).toEqual(['paddle-duel']);
    const unknownCategory = await call(t.app, 'GET', '/api/games?category=unknown');
    expect(unknownCategory.body).toEqual([]);
  });

  it('GET /api/games pages with limit and offset and validates them', async () => {
    const first = await call(t.app, 'GET', '/api/games?sort=newest&limit=2');
    const second = await call(t.app, 'GET', '/api/games?sort=newest&limit=2&offset=2');
    expect(first.body.map((game: { slug: string }) => game.slug)).toEqual(['cafe-racer', 'balloon-pop']);
    expect(second.body.map((game: { slug: string }) => game.slug)).toEqual(['paddle-duel', 'star-blaster']);
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
      ['sort=random', 'sort'],
    ]) {
      const { status, body } = await call(t.app, 'GET', `/api/games?${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toMatch(new RegExp(`^${field}:`));
    }
  });

  it('POST /api/games/{id}/play counts plays signed out; popular and trending follow plays', async () => {
    const { body: star } = await call(t.app, 'GET', '/api/games/star-blaster');
    const { body: balloon } = await call(t.app, 'GET', '/api/games/balloon-pop');
    // A list loaded now, not one an earlier test left near the end of its freshness: that one's
    // refresh, begun by this read, could run after the plays below and show them. Dropping the
    // answers marks the search index stale: the list is read once it has caught up, as its
    // catch-up drops the answers again (on a loaded machine it landed after the plays). The clock
    // stands still until the list is read again, so plays slower than its freshness change nothing.
    t.services.catalogCache.invalidate();
    await t.services.catalogCache.searchIndex.ready(t.db.orm.em.fork());
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const before = await call(t.app, 'GET', '/api/games?sort=popular&limit=2');
      for (let i = 0; i < 3; i += 1) expect((await call(t.app, 'POST', `/api/games/${star.id}/play`, { headers: visitorCookie(i) })).status).toBe(200);
      const last = await call(t.app, 'POST', `/api/games/${balloon.id}/play`, { headers: { 'content-type': 'application/json' } });
      expect(last.body).toEqual({ plays: 1 });

      // Plays leave the cached lists alone: they show the new counts once the cache refreshes.
      const cached = await call(t.app, 'GET', '/api/games?sort=popular&limit=2');
      expect(cached.body).toEqual(before.body);
    } finally {
      vi.useRealTimers();
    }
    t.services.catalogCache.invalidate();
    const popular = await call(t.app, 'GET', '/api/games?sort=popular&limit=2');
    expect(popular.body.map((game: { slug: string }) => game.slug)).toEqual(['star-blaster', 'balloon-pop']);
    expect(popular.body[0].metrics.plays).toBe(3);
    const trendingNow = await call(t.app, 'GET', '/api/games?sort=trending&limit=1');
    expect(trendingNow.body[0].slug).toBe('star-blaster');

    // Old plays count for popular but not for trending (last 7 days). Moving raw events is a
    // fix made behind the counters' back: rebuild-stats brings every derived count in line.
    await t.db.orm.em
      .getConnection()
      .execute(`update play_events set created_at = now() - interval '8 days' where game_id = ?`, [star.id]);
    await rebuildStats(t.db.orm);
    t.services.catalogCache.invalidate();
    const trending = await call(t.app, 'GET', '/api/games?sort=trending&limit=1');
    expect(trending.body[0].slug).toBe('balloon-pop');
    const home = await call(t.app, 'GET', '/api/home');
    expect(home.body.trending[0].slug).toBe('balloon-pop');
    expect(home.body.popular[0].slug).toBe('star-blaster');
    expect(home.body.popular[0].metrics.plays).toBe(3);
  });

  it('POST /api/games/{id}/play answers 404 for unknown games and 400 for bad ids', async () => {
    expect((await call(t.app, 'POST', '/api/games/999999/play')).status).toBe(404);
    const bad = await call(t.app, 'POST', '/api/games/abc/play');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^id:/);
    expect((await call(t.app, 'POST', '/api/games/0/play')).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/games/99999999999/play')).status).toBe(400);
  });
});
