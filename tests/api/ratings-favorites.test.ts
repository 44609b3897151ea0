import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, createTestApp, gameIdsBySlug, playAs, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type GameCard = { id: number; slug: string; isFavorited: boolean; ratingSummary: { avg: number; count: number } };
type Home = Record<'popular' | 'trending' | 'new' | 'multiplayer', GameCard[]>;

let t: TestApp;
let alice: string;
let bob: string;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t.app, 'alice@example.com');
  bob = await signIn(t.app, 'bob@example.com');
  ids = await gameIdsBySlug(t.app, ['star-blaster', 'cafe-racer', 'balloon-pop', 'paddle-duel']);
  // Rating a game needs a play of it: Alice and Bob have played everything.
  for (const player of [alice, bob]) for (const id of Object.values(ids)) await playAs(t.app, player, id);
});
afterAll(() => t.close());

async function count(table: 'ratings' | 'favorites', gameId: number, email?: string): Promise<number> {
  const rows = await t.db.orm.em
    .getConnection()
    .execute<{ count: number | string }[]>(
      `select count(*) as count from ${table} x join users u on u.id = x.user_id where x.game_id = ?${email ? ' and u.email = ?' : ''}`,
      email ? [gameId, email] : [gameId],
    );
  return Number(rows[0]!.count);
}

function rate(id: number | string, body: unknown, token?: string) {
  return call(t.app, 'POST', `/api/games/${id}/rate`, { body, ...(token ? { token } : {}) });
}

describe(`POST /api/games/{id}/rate (${engineName})`, () => {
  it('is 401 signed out and stores nothing', async () => {
    const { status, body } = await rate(ids['star-blaster']!, { score: 5 });
    expect(status).toBe(401);
    expect(Object.keys(body)).toEqual(['message']);
    expect(await count('ratings', ids['star-blaster']!)).toBe(0);
  });

  it('is 400 naming score for scores that are not a whole number from 1 to 5', async () => {
    const cases: [string, unknown][] = [
      ['0', { score: 0 }],
      ['6', { score: 6 }],
      ['2.5', { score: 2.5 }],
      ['"4"', { score: '4' }],
      ['-1', { score: -1 }],
      ['null', { score: null }],
      ['missing', { comment: 'great' }],
      ['empty body', {}],
    ];
    for (const [label, body] of cases) {
      const response = await rate(ids['star-blaster']!, body, alice);
      expect(response.status, label).toBe(400);
      expect(response.body.message, label).toMatch(/^score:/);
    }
    expect(await count('ratings', ids['star-blaster']!)).toBe(0);
  });

  it('is 400 naming comment for a comment over 1000 characters; 1000 is accepted', async () => {
    const tooLong = await rate(ids['paddle-duel']!, { score: 4, comment: 'x'.repeat(1001) }, alice);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/^comment:/);
    const wrongType = await rate(ids['paddle-duel']!, { score: 4, comment: 12 }, alice);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^comment:/);
    expect(await count('ratings', ids['paddle-duel']!)).toBe(0);

    const longest = await rate(ids['paddle-duel']!, { score: 4, comment: 'y'.repeat(1000) }, alice);
    expect(longest.status).toBe(200);
    const [row] = await t.db.orm.em
      .getConnection()
      .execute<{ comment: string }[]>('select comment from ratings where game_id = ?', [ids['paddle-duel']]);
    expect(row!.comment).toBe('y'.repeat(1000));
  });

  it('is 403 until the account has played the game; a play signed in, or signed out in this browser, unlocks it', async () => {
    const id = ids['paddle-duel']!;
    const erin = await signIn(t.app, 'erin@example.com');
    const refused = await rate(id, { score: 5 }, erin);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Play this game before rating it' });
    expect(await count('ratings', id, 'erin@example.com')).toBe(0);
    await playAs(t.app, erin, id);
    expect((await rate(id, { score: 5 }, erin)).status).toBe(200);

    // Played signed out, then signed in in the same browser.
    const browser = { cookie: 'pf_visitor=frankfrankfrankfrank12' };
    await call(t.app, 'POST', `/api/games/${id}/play`, { headers: browser });
    const frank = await call<{ token: string }>(t.app, 'POST', '/api/auth/login', { body: { email: 'frank@example.com' }, headers: browser });
    expect((await rate(id, { score: 4 }, frank.body.token)).status).toBe(200);
  });

  it('is 404 for an unknown game and 400 for an invalid id', async () => {
    const missing = await rate(999999, { score: 3 }, alice);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Game not found' });
    const invalid = await rate('abc', { score: 3 }, alice);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/^id:/);
  });

  it('answers the new rating summary; rating again replaces the rating; two users average', async () => {
    const id = ids['star-blaster']!;
    const first = await rate(id, { score: 4, comment: 'Fun!' }, alice);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ratingSummary: { avg: 4, count: 1 } });

    const again = await rate(id, { score: 2 }, alice);
    expect(again.body).toEqual({ ratingSummary: { avg: 2, count: 1 } });
    expect(await count('ratings', id, 'alice@example.com')).toBe(1);
    const [row] = await t.db.orm.em
      .getConnection()
      .execute<{ score: number; comment: string | null }[]>('select score, comment from ratings where game_id = ?', [id]);
    expect(row).toEqual({ score: 2, comment: null });

    const second = await rate(id, { score: 5 }, bob);
    expect(second.body).toEqual({ ratingSummary: { avg: 3.5, count: 2 } });

    // The public game, the lists and home show the new summary at once.
    const game = await call<GameCard>(t.app, 'GET', '/api/games/star-blaster');
    expect(game.body.ratingSummary).toEqual({ avg: 3.5, count: 2 });
    const list = await call<GameCard[]>(t.app, 'GET', '/api/games');
    expect(list.body.find((candidate) => candidate.id === id)!.ratingSummary).toEqual({ avg: 3.5, count: 2 });
    const home = await call<Home>(t.app, 'GET', '/api/home');
    expect(home.body.popular.find((candidate) => candidate.id === id)!.ratingSummary).toEqual({ avg: 3.5, count: 2 });
  });

  it('rounds the average to two decimals', async () => {
    const id = ids['cafe-racer']!;
    const carol = await signIn(t.app, 'carol@example.com');
    await playAs(t.app, carol, id);
    await rate(id, { score: 5 }, alice);
    await rate(id, { score: 5 }, bob);
    const { body } = await rate(id, { score: 4 }, carol);
    expect(body).toEqual({ ratingSummary: { avg: 4.67, count: 3 } });
  });

  it('takes the comment as optional: absent, empty or present', async () => {
    const id = ids['balloon-pop']!;
    expect((await rate(id, { score: 3 }, alice)).status).toBe(200);
    expect((await rate(id, { score: 3, comment: '' }, bob)).status).toBe(200);
    const dave = await signIn(t.app, 'dave@example.com');
    await playAs(t.app, dave, id);
    expect((await rate(id, { score: 3, comment: '  Lovely colours  ' }, dave)).body).toEqual({ ratingSummary: { avg: 3, count: 3 } });
    const rows = await t.db.orm.em
      .getConnection()
      .execute<{ email: string; comment: string | null }[]>(
        'select u.email, r.comment from ratings r join users u on u.id = r.user_id where r.game_id = ? order by u.email',
        [id],
      );
    expect(rows).toEqual([
      { email: 'alice@example.com', comment: null },
      { email: 'bob@example.com', comment: null },
      { email: 'dave@example.com', comment: 'Lovely colours' },
    ]);
  });

  it('is 404 for a game that is not published yet', async () => {
    const submitted = await call<{ id: number }>(t.app, 'POST', '/api/dev/games', {
      token: alice,
      body: {
        title: 'Unreviewed Game',
        description: 'Waiting for review.',
        srcUrl: 'https://unreviewed.example.com/play/',
        thumbUrl: 'https://unreviewed.example.com/thumb.png',
      },
    });
    expect(submitted.status).toBe(201);
    expect((await rate(submitted.body.id, { score: 5 }, alice)).status).toBe(404);
    const favorite = await call(t.app, 'POST', `/api/games/${submitted.body.id}/favorite`, { token: alice });
    expect(favorite.status).toBe(404);
  });
});

describe(`reviews and your own rating (${engineName})`, () => {
  it('GET /api/games/{id}/reviews lists ratings newest first, ten a page, each with the reviewer\'s counted plays', async () => {
    const id = ids['balloon-pop']!;
    const reviewers: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const token = await signIn(t.app, `reviewer${i}@example.com`);
      reviewers.push(token);
      await playAs(t.app, token, id);
      expect((await rate(id, { score: (i % 5) + 1, comment: `Review ${i}` }, token)).status).toBe(200);
    }
    const first = await call<{ reviews: { player: string; score: number; comment: string | null; plays: number }[]; page: number; hasMore: boolean }>(
      t.app,
      'GET',
      `/api/games/${id}/reviews`,
    );
    expect(first.status).toBe(200);
    expect(first.body.page).toBe(1);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.reviews).toHaveLength(10);
    expect(first.body.reviews[0]).toMatchObject({ comment: 'Review 10', score: 1, plays: 1, player: 'Reviewer10' });
    const second = await call<{ reviews: unknown[]; hasMore: boolean }>(t.app, 'GET', `/api/games/${id}/reviews?page=2`);
    expect(second.body.hasMore).toBe(false);
    expect(second.body.reviews.length).toBeGreaterThan(0);
    expect((await call(t.app, 'GET', `/api/games/${id}/reviews?page=0`)).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/games/999999/reviews')).status).toBe(404);
  });

  it('GET /api/games/{id}/rating answers your saved rating and whether you have played the game', async () => {
    const id = ids['star-blaster']!;
    const grace = await signIn(t.app, 'grace@example.com');
    expect((await call(t.app, 'GET', `/api/games/${id}/rating`)).status).toBe(401);
    expect((await call(t.app, 'GET', `/api/games/${id}/rating`, { token: grace })).body).toEqual({ rating: null, played: false });
    await playAs(t.app, grace, id);
    expect((await call(t.app, 'GET', `/api/games/${id}/rating`, { token: grace })).body).toEqual({ rating: null, played: true });
    await rate(id, { score: 4, comment: 'Solid' }, grace);
    const mine = await call<{ rating: { score: number; comment: string }; played: boolean }>(t.app, 'GET', `/api/games/${id}/rating`, { token: grace });
    expect(mine.body).toMatchObject({ rating: { score: 4, comment: 'Solid' }, played: true });
  });
});

describe(`POST and DELETE /api/games/{id}/favorite (${engineName})`, () => {
  it('is 401 signed out for both methods', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const { status, body } = await call(t.app, method, `/api/games/${ids['paddle-duel']}/favorite`);
      expect(status, method).toBe(401);
      expect(Object.keys(body)).toEqual(['message']);
    }
    expect(await count('favorites', ids['paddle-duel']!)).toBe(0);
  });

  it('is 404 for an unknown game and 400 for an invalid id', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const missing = await call(t.app, method, '/api/games/999999/favorite', { token: alice });
      expect(missing.status, method).toBe(404);
      expect(missing.body).toEqual({ message: 'Game not found' });
      const invalid = await call(t.app, method, '/api/games/-3/favorite', { token: alice });
      expect(invalid.status, method).toBe(400);
      expect(invalid.body.message).toMatch(/^id:/);
    }
  });

  it('adding is idempotent: twice keeps one row', async () => {
    const id = ids['paddle-duel']!;
    for (let i = 0; i < 2; i += 1) {
      const { status, body } = await call(t.app, 'POST', `/api/games/${id}/favorite`, { token: alice });
      expect(status).toBe(200);
      expect(body).toEqual({ isFavorited: true });
    }
    expect(await count('favorites', id, 'alice@example.com')).toBe(1);
    expect(await count('favorites', id)).toBe(1);
  });

  it('isFavorited is true for that user in the game, the lists and home, and false for others', async () => {
    const id = ids['paddle-duel']!;
    // Home's New This Week holds only this week's games: publish Paddle Duel today, whatever today is.
    await t.db.orm.em.fork().getConnection().execute(`update games set published_at = now() where id = ?`, [id]);
    t.services.catalogCache.invalidate();
    // Warm the shared cache anonymously first: per-user answers must not leak into it.
    expect((await call<GameCard>(t.app, 'GET', '/api/games/paddle-duel')).body.isFavorited).toBe(false);

    const mine = await call<GameCard>(t.app, 'GET', '/api/games/paddle-duel', { token: alice });
    expect(mine.body.isFavorited).toBe(true);
    const myList = await call<GameCard[]>(t.app, 'GET', '/api/games', { token: alice });
    expect(myList.body.filter((game) => game.isFavorited).map((game) => game.id)).toEqual([id]);
    const myHome = await call<Home>(t.app, 'GET', '/api/home', { token: alice });
    for (const list of ['popular', 'new', 'multiplayer'] as const) {
      const entry = myHome.body[list].find((game) => game.id === id);
      expect(entry, list).toBeDefined();
      expect(entry!.isFavorited, list).toBe(true);
      expect(myHome.body[list].filter((game) => game.id !== id).every((game) => !game.isFavorited), list).toBe(true);
    }

    for (const [who, options] of [
      ['bob', { token: bob }],
      ['anonymous', {}],
    ] as const) {
      expect((await call<GameCard>(t.app, 'GET', '/api/games/paddle-duel', options)).body.isFavorited, who).toBe(false);
      const list = await call<GameCard[]>(t.app, 'GET', '/api/games', options);
      expect(list.body.some((game) => game.isFavorited), who).toBe(false);
      const home = await call<Home>(t.app, 'GET', '/api/home', options);
      for (const games of Object.values(home.body)) expect(games.some((game) => game.isFavorited), who).toBe(false);
    }
  });

  it('removing is idempotent and clears isFavorited', async () => {
    const id = ids['paddle-duel']!;
    for (let i = 0; i < 2; i += 1) {
      const { status, body } = await call(t.app, 'DELETE', `/api/games/${id}/favorite`, { token: alice });
      expect(status).toBe(200);
      expect(body).toEqual({ isFavorited: false });
    }
    expect(await count('favorites', id)).toBe(0);
    expect((await call<GameCard>(t.app, 'GET', '/api/games/paddle-duel', { token: alice })).body.isFavorited).toBe(false);
    const home = await call<Home>(t.app, 'GET', '/api/home', { token: alice });
    expect(home.body.multiplayer.find((game) => game.id === id)!.isFavorited).toBe(false);
  });

  it("removing one user's favourite leaves another user's", async () => {
    const id = ids['star-blaster']!;
    await call(t.app, 'POST', `/api/games/${id}/favorite`, { token: alice });
    await call(t.app, 'POST', `/api/games/${id}/favorite`, { token: bob });
    await call(t.app, 'DELETE', `/api/games/${id}/favorite`, { token: bob });
    expect((await call<GameCard>(t.app, 'GET', '/api/games/star-blaster', { token: alice })).body.isFavorited).toBe(true);
    expect((await call<GameCard>(t.app, 'GET', '/api/games/star-blaster', { token: bob })).body.isFavorited).toBe(false);
  });

  it('an admin favourites like anyone else', async () => {
    const admin = await signIn(t.app, ADMIN_EMAIL);
    const { status } = await call(t.app, 'POST', `/api/games/${ids['balloon-pop']}/favorite`, { token: admin });
    expect(status).toBe(200);
    expect((await call<GameCard>(t.app, 'GET', '/api/games/balloon-pop', { token: admin })).body.isFavorited).toBe(true);
  });
});
