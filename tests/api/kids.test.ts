import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, createTestApp, GAMES_ORIGIN, playAs, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type KidsGame = { id: number; slug: string; title: string; description: string; thumbUrl: string | null; ratingSummary: { avg: number } };
type Category = { id: number; slug: string; name: string; icon: string };

let t: TestApp;
let dev: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ GAMES_PUBLIC_URL: GAMES_ORIGIN });
  dev = await signIn(t.app, 'kids.dev@example.com');
  admin = await signIn(t.app, ADMIN_EMAIL);
});
afterAll(() => t.close());

async function kidsGames(query = ''): Promise<KidsGame[]> {
  const response = await call<KidsGame[]>(t.app, 'GET', `/api/kids/games${query}`);
  expect(response.status, query).toBe(200);
  return response.body;
}

const slugs = (games: { slug: string }[]) => games.map((game) => game.slug).sort();

async function submit(title: string, ageRating: string, categories: string[]) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const response = await call<{ id: number; slug: string }>(t.app, 'POST', '/api/dev/games', {
    token: dev,
    body: {
      title,
      description: `${title} for testing the Kids Zone.`,
      srcUrl: `https://${slug}.kids.example.com/`,
      thumbUrl: `https://${slug}.kids.example.com/thumb.png`,
      ageRating,
      categories,
    },
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function approve(id: number) {
  expect((await call(t.app, 'POST', `/api/admin/games/${id}/approve`, { token: admin })).status).toBe(200);
}

describe(`GET /api/kids/games (${engineName})`, () => {
  it('lists only published KIDS and E7 games, with exactly the kids fields', async () => {
    const games = await kidsGames();
    expect(slugs(games)).toEqual(['balloon-pop', 'cafe-racer', 'paddle-duel']);
    for (const game of games) {
      expect(Object.keys(game).sort()).toEqual(['description', 'id', 'ratingSummary', 'slug', 'thumbUrl', 'title']);
      expect(Object.keys(game.ratingSummary)).toEqual(['avg']);
    }
    expect(games.find((game) => game.slug === 'balloon-pop')).toEqual({
      id: expect.any(Number),
      slug: 'balloon-pop',
      title: 'Balloon Pop',
      description: 'Pop the colourful balloons before they float away.',
      thumbUrl: `${GAMES_ORIGIN}/thumbs/balloon-pop`,
      ratingSummary: { avg: 0 },
    });
  });

  it('searches title, description and tags, ignoring case and accents', async () => {
    expect(slugs(await kidsGames('?search=balloon'))).toEqual(['balloon-pop']);
    expect(slugs(await kidsGames('?search=CAF%C3%89'))).toEqual(['cafe-racer']);
    expect(slugs(await kidsGames('?search=retro'))).toEqual(['cafe-racer', 'paddle-duel']);
    expect(slugs(await kidsGames('?search=toddlers'))).toEqual(['balloon-pop']);
    // Star Blaster (E13) matches but is not kid-safe.
    expect(await kidsGames('?search=asteroids')).toEqual([]);
    expect(await kidsGames('?search=%25')).toEqual([]);
    expect(slugs(await kidsGames('?search=%20%20'))).toEqual(['balloon-pop', 'cafe-racer', 'paddle-duel']);
  });

  it('filters by category slug, alone and with search', async () => {
    expect(slugs(await kidsGames('?category=arcade'))).toEqual(['paddle-duel']);
    expect(slugs(await kidsGames('?category=kids'))).toEqual(['balloon-pop']);
    expect(await kidsGames('?category=action')).toEqual([]);
    expect(await kidsGames('?category=no-such-category')).toEqual([]);
    expect(slugs(await kidsGames('?category=racing&search=bikes'))).toEqual(['cafe-racer']);
    expect(await kidsGames('?category=racing&search=balloon')).toEqual([]);
  });

  it('is 400 naming the field for invalid filters', async () => {
    for (const [query, field] of [
      ['?category=Not%20A%20Slug', 'category'],
      ['?category=', 'category'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const response = await call(t.app, 'GET', `/api/kids/games${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toMatch(new RegExp(`^${field}:`));
    }
  });

  it('shows the rating average and follows moderation', async () => {
    const user = await signIn(t.app, 'kid.parent@example.com');
    const { body: cafe } = await call<{ id: number }>(t.app, 'GET', '/api/games/cafe-racer');
    await playAs(t.app, user, cafe.id);
    await call(t.app, 'POST', `/api/games/${cafe.id}/rate`, { token: user, body: { score: 4 } });
    // The game's page shows a new rating at once; lists catch up when the cache refreshes.
    expect((await call<{ ratingSummary: unknown }>(t.app, 'GET', '/api/games/cafe-racer')).body.ratingSummary).toEqual({ avg: 4, count: 1 });
    t.services.catalogCache.invalidate();
    expect((await kidsGames()).find((game) => game.slug === 'cafe-racer')!.ratingSummary).toEqual({ avg: 4 });

    const kidsGame = await submit('Puzzle Pals', 'KIDS', ['puzzle']);
    const teenGame = await submit('Teen Puzzle', 'E13', ['puzzle']);
    const adultGame = await submit('Grown Up Puzzle', 'E18', ['puzzle']);
    expect(slugs(await kidsGames('?category=puzzle'))).toEqual([]);
    await approve(kidsGame.id);
    await approve(teenGame.id);
    await approve(adultGame.id);
    expect(slugs(await kidsGames('?category=puzzle'))).toEqual(['puzzle-pals']);
    expect(slugs(await kidsGames('?search=puzzle'))).toEqual(['puzzle-pals']);

    await call(t.app, 'POST', `/api/admin/games/${kidsGame.id}/reject`, { token: admin });
    expect(await kidsGames('?category=puzzle')).toEqual([]);
  });
});

describe(`GET /api/kids/categories (${engineName})`, () => {
  it('lists only categories that have published kid-safe games, in category order, with the category fields', async () => {
    const response = await call<Category[]>(t.app, 'GET', '/api/kids/categories');
    expect(response.status).toBe(200);
    // Puzzle Pals was rejected; only E13/E18 games remain in puzzle.
    expect(response.body.map((category) => category.slug)).toEqual(['racing', 'sports', 'kids', 'arcade', 'casual']);
    const all = await call<Category[]>(t.app, 'GET', '/api/categories');
    for (const category of response.body) {
      expect(Object.keys(category).sort()).toEqual(['icon', 'id', 'name', 'slug']);
      expect(all.body).toContainEqual(category);
    }
  });

  it('gains a category when a kid-safe game in it is approved, not while it is pending', async () => {
    // Rated KIDS: a bare submission declares no facts, and only the KIDS rating promises no violence.
    const game = await submit('Adventure Buddies', 'KIDS', ['adventure']);
    const before = await call<Category[]>(t.app, 'GET', '/api/kids/categories');
    expect(before.body.map((category) => category.slug)).not.toContain('adventure');
    await approve(game.id);
    const after = await call<Category[]>(t.app, 'GET', '/api/kids/categories');
    expect(after.body.map((category) => category.slug)).toEqual(['racing', 'sports', 'kids', 'adventure', 'arcade', 'casual']);
    expect(slugs(await kidsGames('?category=adventure'))).toEqual(['adventure-buddies']);
  });
});
