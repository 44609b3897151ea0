/**
 * The same procedures through /trpc (tRPC 11 HTTP format, not batched):
 * queries are GET /trpc/{path}?input=<JSON>, mutations POST /trpc/{path} with a JSON body;
 * answers are {result: {data}} and errors {error: {message, code, data: {code, httpStatus, path}}}.
 */
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../server/trpc/router';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type TrpcError = { message: string; code: number; data: { code: string; httpStatus: number; path?: string } };
type TrpcAnswer<T> = { status: number; data: T; error: TrpcError | undefined; text: string; headers: Record<string, unknown> };

let t: TestApp;
let user: string;
let userId: number;
let admin: string;
let starId: number;

function authHeaders(token?: string): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function answer<T>(response: { statusCode: number; body: string; headers: Record<string, unknown> }): Promise<TrpcAnswer<T>> {
  const json = JSON.parse(response.body) as { result?: { data: T }; error?: TrpcError };
  return { status: response.statusCode, data: json.result?.data as T, error: json.error, text: response.body, headers: response.headers };
}

async function query<T = any>(path: string, input?: unknown, token?: string): Promise<TrpcAnswer<T>> {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return answer<T>(await t.app.inject({ method: 'GET', url: `/trpc/${path}${search}`, headers: authHeaders(token) }));
}

async function mutation<T = any>(path: string, input: unknown, token?: string): Promise<TrpcAnswer<T>> {
  return answer<T>(
    await t.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { ...authHeaders(token), 'content-type': 'application/json' },
      payload: JSON.stringify(input),
    }),
  );
}

/** An error answer with the given tRPC code and HTTP status, with no stack anywhere. */
function expectError(result: TrpcAnswer<unknown>, code: string, httpStatus: number) {
  expect(result.status, result.text).toBe(httpStatus);
  expect(result.error, result.text).toBeDefined();
  expect(result.error!.data.code).toBe(code);
  expect(result.error!.data.httpStatus).toBe(httpStatus);
  expect(typeof result.error!.code).toBe('number');
  expect(result.error!.message).toBeTruthy();
  expect(result.error!.data).not.toHaveProperty('stack');
  expect(result.text).not.toMatch(/"stack"|\n\s+at |node_modules/);
}

beforeAll(async () => {
  t = await createTestApp();
  const login = await mutation<{ user: { id: number }; token: string }>('auth.login', { email: 'trpc.user@example.com' });
  user = login.data.token;
  userId = login.data.user.id;
  admin = await signIn(t.app, ADMIN_EMAIL);
  starId = (await query<{ id: number }>('games.bySlug', { slug: 'star-blaster' })).data.id;
});
afterAll(() => t.close());

describe(`auth router (${engineName})`, () => {
  it('auth.login answers {user, token} and sets the cookie; auth.me reads it back', async () => {
    const login = await mutation<{ user: { id: number; email: string; role: string; name: string }; token: string }>('auth.login', {
      email: 'Mixed.Case@Example.com',
    });
    expect(login.status).toBe(200);
    expect(login.data.user).toMatchObject({ email: 'mixed.case@example.com', name: 'Mixed Case', role: 'USER' });
    expect(login.data.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(String(login.headers['set-cookie'])).toMatch(new RegExp(`auth_token=${login.data.token};.*HttpOnly`, 'i'));

    const me = await query('auth.me', undefined, login.data.token);
    expect(me.status).toBe(200);
    expect(me.data).toEqual(login.data.user);
    const byCookie = await answer(
      await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie: `auth_token=${login.data.token}` } }),
    );
    expect(byCookie.data).toEqual(login.data.user);
  });

  it('auth.me is UNAUTHORIZED signed out; auth.login is BAD_REQUEST naming email', async () => {
    expectError(await query('auth.me'), 'UNAUTHORIZED', 401);
    expectError(await query('auth.me', undefined, 'garbage'), 'UNAUTHORIZED', 401);
    const bad = await mutation('auth.login', { email: 'not-an-email' });
    expectError(bad, 'BAD_REQUEST', 400);
    expect(bad.error!.message).toMatch(/^email:/);
    expect(bad.error!.data.path).toBe('auth.login');
  });

  it('auth.logout (a mutation without input, as the batching client sends it) revokes the token', async () => {
    const { data } = await mutation<{ token: string }>('auth.login', { email: 'trpc.leaver@example.com' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout?batch=1',
      headers: { ...authHeaders(data.token), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual([{ result: { data: { ok: true } } }]);
    expectError(await query('auth.me', undefined, data.token), 'UNAUTHORIZED', 401);
  });
});

describe(`catalog routers (${engineName})`, () => {
  it('home.get answers the same data as GET /api/home, anonymous and signed in', async () => {
    await mutation('favorites.add', { id: starId }, user);
    for (const token of [undefined, user]) {
      const trpc = await query('home.get', undefined, token);
      const api = await call(t.app, 'GET', '/api/home', token ? { token } : {});
      expect(trpc.status).toBe(200);
      expect(trpc.data).toEqual(api.body);
    }
    const mine = await query<{ popular: { id: number; isFavorited: boolean }[] }>('home.get', undefined, user);
    expect(mine.data.popular.find((game) => game.id === starId)!.isFavorited).toBe(true);
    await mutation('favorites.remove', { id: starId }, user);
  });

  it('home.get and categories.list are BAD_REQUEST with an input they do not take', async () => {
    expect.hasAssertions();
    expectError(await query('home.get', 'unexpected'), 'BAD_REQUEST', 400);
    expectError(await query('categories.list', { all: true }), 'BAD_REQUEST', 400);
  });

  it('categories.list answers the nine categories, as /api does', async () => {
    const trpc = await query<{ slug: string }[]>('categories.list');
    expect(trpc.data).toHaveLength(9);
    expect(trpc.data).toEqual((await call(t.app, 'GET', '/api/categories')).body);
  });

  it('games.bySlug answers the same game as GET /api/games/{slug}; unknown is NOT_FOUND', async () => {
    for (const slug of ['star-blaster', 'paddle-duel']) {
      const trpc = await query('games.bySlug', { slug });
      expect(trpc.data).toEqual((await call(t.app, 'GET', `/api/games/${slug}`)).body);
    }
    const missing = await query('games.bySlug', { slug: 'no-such-game' });
    expectError(missing, 'NOT_FOUND', 404);
    expect(missing.error!.message).toBe('Game not found');
    const invalid = await query('games.bySlug', { slug: 'Not A Slug' });
    expectError(invalid, 'BAD_REQUEST', 400);
    expect(invalid.error!.message).toMatch(/^slug:/);
  });

  it('games.list filters like /api/games and validates its input', async () => {
    const racing = await query<{ slug: string }[]>('games.list', { category: 'racing' });
    expect(racing.data.map((game) => game.slug)).toEqual(['cafe-racer']);
    const newest = await query('games.list', { sort: 'newest', limit: 2 });
    expect(newest.data).toEqual((await call(t.app, 'GET', '/api/games?sort=newest&limit=2')).body);
    const bad = await query('games.list', { limit: 0 });
    expectError(bad, 'BAD_REQUEST', 400);
    expect(bad.error!.message).toMatch(/^limit:/);
  });

  it('games.play counts a play; an unknown game is NOT_FOUND; a mutation sent as GET is refused', async () => {
    const played = await mutation<{ plays: number }>('games.play', { id: starId });
    expect(played.status).toBe(200);
    expect(played.data).toEqual({ plays: 1 });
    expectError(await mutation('games.play', { id: 999999 }), 'NOT_FOUND', 404);
    expectError(await query('games.play', { id: starId }), 'METHOD_NOT_SUPPORTED', 405);
    expectError(await query('games.nope'), 'NOT_FOUND', 404);
  });

  it('kids.games and kids.categories answer the kid-safe data; a bad category is BAD_REQUEST', async () => {
    const games = await query<{ slug: string }[]>('kids.games', { search: 'balloon' });
    expect(games.data).toEqual((await call(t.app, 'GET', '/api/kids/games?search=balloon')).body);
    expect(games.data.map((game) => game.slug)).toEqual(['balloon-pop']);
    const categories = await query<{ slug: string }[]>('kids.categories');
    expect(categories.data.map((category) => category.slug)).toEqual(['racing', 'sports', 'kids', 'arcade', 'casual']);
    const bad = await query('kids.games', { category: 'Bad Slug' });
    expectError(bad, 'BAD_REQUEST', 400);
    expect(bad.error!.message).toMatch(/^category:/);
  });
});

describe(`signed-in routers (${engineName})`, () => {
  it('ratings.rate answers the summary once played; unplayed FORBIDDEN; signed out UNAUTHORIZED; a bad score BAD_REQUEST', async () => {
    const unplayed = await mutation('ratings.rate', { id: starId, score: 5 }, user);
    expectError(unplayed, 'FORBIDDEN', 403);
    expect(unplayed.error!.message).toBe('Play this game before rating it');
    expect((await mutation('games.play', { id: starId }, user)).status).toBe(200);
    const rated = await mutation('ratings.rate', { id: starId, score: 5, comment: 'Great' }, user);
    expect(rated.status).toBe(200);
    expect(rated.data).toEqual({ ratingSummary: { avg: 5, count: 1 } });
    expectError(await mutation('ratings.rate', { id: starId, score: 5 }), 'UNAUTHORIZED', 401);
    const bad = await mutation('ratings.rate', { id: starId, score: 9 }, user);
    expectError(bad, 'BAD_REQUEST', 400);
    expect(bad.error!.message).toMatch(/^score:/);
    expectError(await mutation('ratings.rate', { id: 999999, score: 3 }, user), 'NOT_FOUND', 404);
  });

  it('favorites.add and favorites.remove toggle isFavorited; an unknown game is NOT_FOUND', async () => {
    expect((await mutation('favorites.add', { id: starId }, user)).data).toEqual({ isFavorited: true });
    expect((await query<{ isFavorited: boolean }>('games.bySlug', { slug: 'star-blaster' }, user)).data.isFavorited).toBe(true);
    expect((await mutation('favorites.remove', { id: starId }, user)).data).toEqual({ isFavorited: false });
    expect((await query<{ isFavorited: boolean }>('games.bySlug', { slug: 'star-blaster' }, user)).data.isFavorited).toBe(false);
    expectError(await mutation('favorites.add', { id: 999999 }, user), 'NOT_FOUND', 404);
    expectError(await mutation('favorites.remove', { id: starId }), 'UNAUTHORIZED', 401);
  });

  it('reports.reportGame and reports.create store OPEN reports; a bad reason is BAD_REQUEST', async () => {
    const gameReport = await mutation('reports.reportGame', { id: starId, reason: 'broken' }, user);
    expect(gameReport.status).toBe(200);
    expect(gameReport.data).toMatchObject({ kind: 'GAME', gameId: starId, userId, reason: 'broken', status: 'OPEN' });
    const general = await mutation('reports.create', {
      gameUrl: 'https://elsewhere.example.com/game',
      reportType: 'malware',
      description: 'Asks to download an exe.',
    });
    expect(general.data).toMatchObject({ kind: 'GENERAL', userId: null, priority: 'medium', status: 'OPEN' });
    const bad = await mutation('reports.reportGame', { id: starId, reason: 'boring' }, user);
    expectError(bad, 'BAD_REQUEST', 400);
    expect(bad.error!.message).toMatch(/^reason:/);
    expectError(await mutation('reports.reportGame', { id: starId, reason: 'spam' }), 'UNAUTHORIZED', 401);
  });

  it('developer.submit, developer.submitLegacy and developer.myGames; errors name the field or conflict', async () => {
    const submitted = await mutation<{ id: number; slug: string; status: string }>(
      'developer.submit',
      {
        title: 'Router Game',
        description: 'Submitted through tRPC.',
        srcUrl: 'https://router-game.example.com/',
        thumbUrl: 'https://router-game.example.com/thumb.png',
      },
      user,
    );
    expect(submitted.status).toBe(200);
    expect(submitted.data).toEqual({ id: expect.any(Number), slug: 'router-game', status: 'PENDING' });
    const legacy = await mutation(
      'developer.submitLegacy',
      { title: 'Router Legacy', description: 'Legacy via tRPC.', category: 'arcade', gameUrl: 'https://router-legacy.example.com/' },
      user,
    );
    expect(legacy.data).toMatchObject({ slug: 'router-legacy', status: 'PENDING' });

    const mine = await query<{ id: number; status: string }[]>('developer.myGames', undefined, user);
    expect(mine.data).toEqual((await call(t.app, 'GET', '/api/dev/games', { token: user })).body);
    expect(mine.data.map((game) => game.status)).toEqual(['PENDING', 'PENDING']);

    expectError(await query('developer.myGames'), 'UNAUTHORIZED', 401);
    const bad = await mutation('developer.submit', { title: 'X', description: 'd', srcUrl: 'http://public.example.com/', thumbUrl: 'https://a.example.com/t.png' }, user);
    expectError(bad, 'BAD_REQUEST', 400);
    expect(bad.error!.message).toMatch(/^srcUrl:/);
    const duplicate = await mutation(
      'developer.submit',
      { title: 'Copy', description: 'd', srcUrl: 'https://router-game.example.com/', thumbUrl: 'https://a.example.com/t.png' },
      user,
    );
    expectError(duplicate, 'CONFLICT', 409);
  });
});

describe(`admin router (${engineName})`, () => {
  it('is UNAUTHORIZED signed out and FORBIDDEN for a user', async () => {
    expect.hasAssertions();
    expectError(await query('admin.pendingGames'), 'UNAUTHORIZED', 401);
    expectError(await query('admin.pendingGames', undefined, user), 'FORBIDDEN', 403);
    expectError(await query('admin.reports', { status: 'OPEN' }, user), 'FORBIDDEN', 403);
    expectError(await mutation('admin.approve', { id: starId }, user), 'FORBIDDEN', 403);
  });

  it('pendingGames, approve and reject work as on /api', async () => {
    const pending = await query<{ id: number; slug: string }[]>('admin.pendingGames', undefined, admin);
    expect(pending.data).toEqual((await call(t.app, 'GET', '/api/admin/games/pending', { token: admin })).body);
    const game = pending.data.find((candidate) => candidate.slug === 'router-game')!;
    const approved = await mutation('admin.approve', { id: game.id }, admin);
    expect(approved.data).toEqual({ id: game.id, slug: 'router-game', status: 'APPROVED' });
    const published = await query<{ originAllowlists: unknown }>('games.bySlug', { slug: 'router-game' });
    expect(published.data.originAllowlists).toEqual([{ allowedOrigin: 'https://router-game.example.com' }]);
    const legacy = pending.data.find((candidate) => candidate.slug === 'router-legacy')!;
    expect((await mutation('admin.reject', { id: legacy.id }, admin)).data).toMatchObject({ status: 'REJECTED' });
    expectError(await mutation('admin.approve', { id: 999999 }, admin), 'NOT_FOUND', 404);
  });

  it('reports, resolveReport and dismissReport; a second decision is CONFLICT', async () => {
    const open = await query<{ id: number }[]>('admin.reports', { status: 'OPEN' }, admin);
    expect(open.data).toEqual((await call(t.app, 'GET', '/api/admin/reports', { token: admin })).body);
    expect(open.data.length).toBeGreaterThanOrEqual(2);
    const [first, second] = open.data;
    expect((await mutation('admin.resolveReport', { id: first!.id }, admin)).data).toMatchObject({ status: 'RESOLVED' });
    expect((await mutation('admin.dismissReport', { id: second!.id }, admin)).data).toMatchObject({ status: 'DISMISSED' });
    expectError(await mutation('admin.resolveReport', { id: first!.id }, admin), 'CONFLICT', 409);
    expectError(await mutation('admin.dismissReport', { id: 999999 }, admin), 'NOT_FOUND', 404);
    const badStatus = await query('admin.reports', { status: 'CLOSED' }, admin);
    expectError(badStatus, 'BAD_REQUEST', 400);
    expect(badStatus.error!.message).toMatch(/^status:/);
  });
});

/** fetch for the tRPC client, answered by the app in-process. */
async function injectFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input));
  const response = await t.app.inject({
    method: (init?.method ?? 'GET') as 'GET' | 'POST',
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(new Headers(init?.headers).entries()),
    ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
  });
  return new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
}

describe(`the tRPC client (${engineName})`, () => {

  for (const [name, link] of [
    ['httpBatchLink', httpBatchLink],
    ['httpLink (not batched)', httpLink],
  ] as const) {
    it(`${name}: queries, mutations with and without input, and typed errors`, async () => {
      const { data } = await mutation<{ token: string }>('auth.login', { email: `client.${name.length}@example.com` });
      const client = createTRPCClient<AppRouter>({
        links: [link({ url: 'http://portal.test/trpc', fetch: injectFetch, headers: authHeaders(data.token) })],
      });
      expect((await client.games.bySlug.query({ slug: 'cafe-racer' })).title).toBe('Café Racer');
      expect(await client.favorites.add.mutate({ id: starId })).toEqual({ isFavorited: true });
      const failure = await client.games.bySlug.query({ slug: 'no-such-game' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TRPCClientError);
      expect((failure as TRPCClientError<AppRouter>).data?.httpStatus).toBe(404);
      // A mutation without input (logout) must work with either link.
      expect(await client.auth.logout.mutate()).toEqual({ ok: true });
      const after = await client.auth.me.query().catch((error: unknown) => error);
      expect((after as TRPCClientError<AppRouter>).data?.code).toBe('UNAUTHORIZED');
    });
  }
});
