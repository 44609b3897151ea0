import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameAnalyticsOutput } from '../../server/domains/analytics/schemas';
import { createApiKey } from '../../server/domains/apikeys/service';
import { createDomainContext } from '../../server/domains/context';
import { PUBLIC_API } from '../../shared/constants';
import { v1GameOutput, v1GamesOutput, v1SubmittedOutput } from '../../shared/schemas';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type V1Game = { id: number; title: string; slug: string; description: string; thumbnail: string | null; category: string | null; plays: number; rating: number; created_at: string };
type V1List = { games: V1Game[]; total: number; page: number; limit: number };

let t: TestApp;
let alice: string;
let bob: string;
let admin: string;
let aliceKey: string;
let bobKey: string;

async function newKey(token: string): Promise<string> {
  const response = await call<{ key: string }>(t.app, 'POST', '/api/dev/keys', { token });
  if (response.status !== 201) throw new Error(`key failed: ${JSON.stringify(response.body)}`);
  return response.body.key;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t.app, 'alice@example.com');
  bob = await signIn(t.app, 'bob@example.com');
  admin = await signIn(t.app, ADMIN_EMAIL);
  aliceKey = await newKey(alice);
  bobKey = await newKey(bob);
});
afterAll(() => t.close());

const v1 = <T = any>(method: 'GET' | 'POST' | 'PUT', path: string, key: string | undefined, body?: unknown) =>
  call<T>(t.app, method, `/api/v1${path}`, { ...(key ? { token: key } : {}), ...(body === undefined ? {} : { body }) });

const submission = (name: string, extra: Record<string, unknown> = {}) => ({
  title: name,
  description: `${name}: blast your way through an asteroid field.`,
  game_url: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.studio.example.com/play/`,
  thumbnail: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.studio.example.com/thumb.png`,
  category: 'action',
  age_rating: 'E7',
  tags: ['arcade', 'space'],
  instructions: 'Arrow keys to move, space to shoot.',
  ...extra,
});

describe(`/api/v1 authentication (${engineName})`, () => {
  it('is 401 without a key, with a made-up key and with a session token, naming the header', async () => {
    for (const key of [undefined, 'pf_live_00000000000000000000000000000000', 'nonsense', alice]) {
      const response = await v1('GET', '/games', key);
      expect(response.status, String(key)).toBe(401);
      expect(response.body.message).toMatch(/Authorization: Bearer/);
    }
  });

  it('never takes the portal cookie as a key', async () => {
    const response = await call(t.app, 'GET', '/api/v1/games', { headers: { cookie: `auth_token=${aliceKey}` } });
    expect(response.status).toBe(401);
  });
});

describe(`GET /api/v1/games (${engineName})`, () => {
  it("lists the portal's published games in the documented shape, newest first, 20 by default", async () => {
    const response = await v1<V1List>('GET', '/games', aliceKey);
    expect(response.status).toBe(200);
    expect(v1GamesOutput.strict().parse(response.body)).toEqual(response.body);
    expect(response.body).toMatchObject({ total: 4, page: 1, limit: PUBLIC_API.defaultLimit });
    expect(response.body.games).toHaveLength(4);
    for (const game of response.body.games) expect(Object.keys(game).sort()).toEqual(['category', 'created_at', 'description', 'id', 'plays', 'rating', 'slug', 'thumbnail', 'title']);
    const starBlaster = response.body.games.find((game) => game.slug === 'star-blaster')!;
    expect(starBlaster).toMatchObject({ title: 'Star Blaster', category: 'action', plays: 0, rating: 0 });
    const order = response.body.games.map((game) => [game.created_at, game.id] as const);
    expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : b[0].localeCompare(a[0]))));
  });

  it('pages with limit and page, and filters by category', async () => {
    const all = (await v1<V1List>('GET', '/games', aliceKey)).body.games.map((game) => game.id);
    const first = await v1<V1List>('GET', '/games?limit=3', aliceKey);
    const second = await v1<V1List>('GET', '/games?limit=3&page=2', aliceKey);
    expect(first.body.games.map((game) => game.id)).toEqual(all.slice(0, 3));
    expect(second.body).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(second.body.games.map((game) => game.id)).toEqual(all.slice(3));
    const arcade = await v1<V1List>('GET', '/games?category=arcade', aliceKey);
    expect(arcade.body.games.map((game) => game.slug).sort()).toEqual(['paddle-duel', 'star-blaster']);
    expect(arcade.body.total).toBe(2);
  });

  it("filters featured games: the home page's Popular list", async () => {
    const home = await call<{ popular: { id: number }[] }>(t.app, 'GET', '/api/home');
    const featured = await v1<V1List>('GET', '/games?featured=true', aliceKey);
    expect(featured.body.games.map((game) => game.id).sort()).toEqual(home.body.popular.map((game) => game.id).sort());
    const others = await v1<V1List>('GET', '/games?featured=false', aliceKey);
    expect(others.body.total).toBe(4 - featured.body.total);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      [`limit=${PUBLIC_API.maxLimit + 1}`, 'limit'],
      ['page=abc', 'page'],
      ['status=LIVE', 'status'],
      ['category=Not%20A%20Slug', 'category'],
    ] as const) {
      const response = await v1('GET', `/games?${query}`, aliceKey);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toMatch(new RegExp(`^${field}`));
    }
  });
});

describe(`POST and PUT /api/v1/games (${engineName})`, () => {
  let submitted: { id: number; slug: string; title: string; status: string; created_at: string };

  it("submits a PENDING game of the key's owner (201), seen in their portal and by status", async () => {
    const response = await v1('POST', '/games', aliceKey, submission('Space Rocks'));
    expect(response.status).toBe(201);
    expect(v1SubmittedOutput.strict().parse(response.body)).toEqual(response.body);
    expect(response.body).toMatchObject({ title: 'Space Rocks', slug: 'space-rocks', status: 'PENDING' });
    submitted = response.body;

    const mine = await call<{ id: number; status: string }[]>(t.app, 'GET', '/api/dev/games', { token: alice });
    expect(mine.body.find((game) => game.id === submitted.id)).toMatchObject({ status: 'PENDING' });
    const pending = await v1<V1List>('GET', '/games?status=PENDING', aliceKey);
    expect(pending.body.games.map((game) => game.id)).toEqual([submitted.id]);
    expect(pending.body.games[0]).toMatchObject({ category: 'action', thumbnail: submission('Space Rocks').thumbnail });
    // Nobody else's list shows it, and the published list does not either.
    expect((await v1<V1List>('GET', '/games?status=PENDING', bobKey)).body.games).toEqual([]);
    expect((await v1<V1List>('GET', '/games', aliceKey)).body.games.map((game) => game.id)).not.toContain(submitted.id);
    expect((await call(t.app, 'GET', '/api/admin/games/pending', { token: admin })).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: submitted.id })]),
    );
  });

  it('refuses a bad submission with 400 naming the field, an unknown category too, and a game URL already live with 409', async () => {
    const missing = await v1('POST', '/games', aliceKey, { ...submission('No Url'), game_url: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^game_url/);
    const insecure = await v1('POST', '/games', aliceKey, submission('Insecure', { thumbnail: 'http://example.com/t.png' }));
    expect(insecure.status).toBe(400);
    expect(insecure.body.message).toMatch(/^thumbnail/);
    const unknown = await v1('POST', '/games', aliceKey, submission('Nowhere', { category: 'no-such-category' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^category/);
    const notObject = await call(t.app, 'POST', '/api/v1/games', { token: aliceKey, body: '[1]', headers: { 'content-type': 'application/json' } });
    expect(notObject.status).toBe(400);
    const duplicate = await v1('POST', '/games', bobKey, submission('Space Rocks'));
    expect(duplicate.status).toBe(409);
  });

  it('takes the controls and content facts, violence included, as the review and the Kids Zone read them', async () => {
    const content_facts = { ads: false, chat: false, external_links: false, in_app_purchases: false, saves: 'device', violence: 'cartoon' };
    const declared = await v1('POST', '/games', aliceKey, submission('Drone Pop', { controls: ['mouse', 'touch'], content_facts }));
    expect(declared.status).toBe(201);
    const queue = await call<{ id: number }[]>(t.app, 'GET', '/api/admin/games/pending', { token: admin });
    expect(queue.body.find((game) => game.id === declared.body.id)).toMatchObject({
      controls: ['touch', 'mouse'],
      contentFacts: { ads: false, chat: false, externalLinks: false, inAppPurchases: false, saves: 'device', violence: 'cartoon' },
    });
    const gory = await v1('POST', '/games', aliceKey, submission('Gory', { content_facts: { ...content_facts, violence: 'gory' } }));
    expect(gory.status).toBe(400);
    expect(gory.body.message).toMatch(/^content_facts\.violence: Must be one of none, cartoon, realistic/);
    const partial = await v1('POST', '/games', aliceKey, submission('Partial', { content_facts: { violence: 'none' } }));
    expect(partial.status).toBe(400);
    expect(partial.body.message).toMatch(/^content_facts\./);
  });

  it("updates the owner's game (title, description, thumbnail) and answers it in the documented shape", async () => {
    const response = await v1('PUT', `/games/${submitted.id}`, aliceKey, {
      title: 'Space Rocks Deluxe',
      description: 'Now with boss fights and a two-player mode!',
      thumbnail: 'https://space-rocks.studio.example.com/thumb-v2.png',
    });
    expect(response.status).toBe(200);
    expect(v1GameOutput.strict().parse(response.body)).toEqual(response.body);
    expect(response.body).toMatchObject({
      id: submitted.id,
      slug: 'space-rocks',
      title: 'Space Rocks Deluxe',
      description: 'Now with boss fights and a two-player mode!',
      thumbnail: 'https://space-rocks.studio.example.com/thumb-v2.png',
    });
    const partly = await v1('PUT', `/games/${submitted.id}`, aliceKey, { description: 'Only this changes.' });
    expect(partly.body).toMatchObject({ title: 'Space Rocks Deluxe', description: 'Only this changes.' });
  });

  it("answers 404 for someone else's game and a missing one, and 400 for a bad field", async () => {
    const theirs = await v1('PUT', `/games/${submitted.id}`, bobKey, { title: 'Stolen' });
    expect(theirs.status).toBe(404);
    const builtIn = (await v1<V1List>('GET', '/games', aliceKey)).body.games[0]!;
    expect((await v1('PUT', `/games/${builtIn.id}`, aliceKey, { title: 'Mine now' })).status).toBe(404);
    expect((await v1('PUT', '/games/999999', aliceKey, { title: 'Nothing' })).status).toBe(404);
    const empty = await v1('PUT', `/games/${submitted.id}`, aliceKey, { title: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^title/);
  });

  it('shows a published game\'s new listing on the portal at once', async () => {
    expect((await call(t.app, 'POST', `/api/admin/games/${submitted.id}/approve`, { token: admin })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/games/space-rocks')).body.title).toBe('Space Rocks Deluxe');
    // Searches, once the index answers, show the games kept by id (games-by-id.ts).
    const index = t.services.catalogCache.searchIndex;
    // A different text each time: an answer asked for again is kept (cache.ts).
    const searched = async (text: string) => (await call<{ title: string }[]>(t.app, 'GET', `/api/games?search=${text}`)).body.map((game) => game.title);
    await index.ready(t.db.orm.em.fork());
    expect(await searched('rocks')).toEqual(['Space Rocks Deluxe']);
    await v1('PUT', `/games/${submitted.id}`, aliceKey, { title: 'Space Rocks Remastered' });
    expect((await call(t.app, 'GET', '/api/games/space-rocks')).body.title).toBe('Space Rocks Remastered');
    // The edited game is read again, not shown as it was kept (the others kept stay: cache.ts).
    expect(await searched('space%20rocks')).toEqual(['Space Rocks Remastered']);
    await index.ready(t.db.orm.em.fork());
    expect(await searched('rock')).toEqual(['Space Rocks Remastered']);
    const approved = await v1<V1List>('GET', '/games?status=APPROVED', aliceKey);
    expect(approved.body.games.map((game) => game.title)).toEqual(['Space Rocks Remastered']);
  });
});

describe(`/api/v1/analytics (${engineName})`, () => {
  let gameId: number;
  beforeAll(async () => {
    gameId = (await v1<V1List>('GET', '/games?status=APPROVED', aliceKey)).body.games[0]!.id;
  });

  it("answers the documented figures of the owner's game, 30 days by default", async () => {
    const response = await v1('GET', `/analytics/games/${gameId}`, aliceKey);
    expect(response.status).toBe(200);
    expect(gameAnalyticsOutput.strict().parse(response.body)).toEqual(response.body);
    expect(response.body).toMatchObject({ game_id: gameId, period: '30d', metrics: { revenue: { total: 0, currency: 'USD' } } });
    expect(Object.keys(response.body.metrics.retention_rates).sort()).toEqual(['day_1', 'day_30', 'day_7']);
    const week = await v1('GET', `/analytics/games/${gameId}?period=7d`, aliceKey);
    expect(week.body.period).toBe('7d');
    expect(Number(week.headers['x-ratelimit-limit'])).toBe(PUBLIC_API.analyticsPerHour * 1000);
  });

  it("carries what the developer portal's Analytics and Earnings tabs show: the funnel per day and the earnings (issue #49)", async () => {
    const script = await v1<{ days: Record<string, unknown>[]; earnings: Record<string, unknown> }>('GET', `/analytics/games/${gameId}?period=7d`, aliceKey);
    const screen = await call(t.app, 'GET', `/api/dev/games/${gameId}/analytics?period=7d`, { token: alice });
    expect(screen.status).toBe(200);
    expect(script.body).toEqual(screen.body);
    expect(script.body.days).toHaveLength(7);
    expect(Object.keys(script.body.days[0]!).sort()).toEqual(
      ['ad_impressions', 'average_session', 'breaks', 'card_impressions', 'completions', 'day', 'page_views', 'plays', 'returning_day_1', 'returning_day_7', 'sessions', 'unique_players'],
    );
    expect(Object.keys(script.body.earnings).sort()).toEqual(['confirmed', 'currency', 'estimated_from_month', 'estimated_this_month']);
  });

  it("is 404 for someone else's game and 400 for a period it does not know", async () => {
    expect((await v1('GET', `/analytics/games/${gameId}`, bobKey)).status).toBe(404);
    const bad = await v1('GET', `/analytics/games/${gameId}?period=1y`, aliceKey);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^period/);
  });

  it('records an event of the owner\'s game (202) as the docs send it', async () => {
    const response = await v1('POST', '/analytics/events', aliceKey, {
      game_id: gameId,
      player_id: 'p_8f3a2c',
      event: 'level_complete',
      properties: { level: 3, time_seconds: 48.2, stars: 2 },
      timestamp: new Date().toISOString(),
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: true });
    const stored = await t.db.orm.em.fork().getConnection().execute<{ event: string }[]>('select event from analytics_events where game_id = ?', [gameId]);
    expect(stored.map((row) => row.event)).toEqual(['level_complete']);
  });

  it("refuses an event without its name (400), and one for someone else's game (404)", async () => {
    const missing = await v1('POST', '/analytics/events', aliceKey, { game_id: gameId, player_id: 'p1' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^event/);
    expect((await v1('POST', '/analytics/events', bobKey, { game_id: gameId, player_id: 'p1', event: 'start' })).status).toBe(404);
  });
});

const HOSTILE_VALUES: unknown[] = [
  null, true, -1, 0, 1.5, 1e308, '9'.repeat(40), '', ' ', 'x'.repeat(5000), '\u0000', '\uD800', '<script>alert(1)</script>',
  "'; drop table games; --", 'javascript:alert(1)', [], [1, 2], {}, { $ne: null }, { nested: { deep: ['\u0000'] } },
];
const HOSTILE_SEGMENTS = ['0', '-1', '1.5', '9'.repeat(40), 'abc', '%00', '%27%20OR%201%3D1', '%FF', 'a'.repeat(300)];

/** A valid input per v1 operation: each field in turn is swapped for a hostile value. */
const valid = (gameId: number): Record<string, Record<string, unknown>> => ({
  'GET /games': { limit: 5, page: 1, category: 'action', featured: 'true', status: 'PENDING' },
  'POST /games': submission(`Hostile ${Date.now()}`),
  'PUT /games/{id}': { title: 'Hostile' },
  'GET /analytics/games/{id}': { period: '7d' },
  'POST /analytics/events': { game_id: gameId, player_id: 'p1', event: 'level_complete', properties: { level: 1 } },
});

describe(`/api/v1 under hostile input (${engineName})`, () => {
  it('answers every field and path segment it does not expect with < 500 and a JSON {message}', async () => {
    const own = (await v1<V1List>('GET', '/games?status=APPROVED', aliceKey)).body.games[0]!.id;
    const answers: { label: string; status: number; body: unknown; type: string }[] = [];
    const send = async (label: string, method: 'GET' | 'POST' | 'PUT', path: string, input: Record<string, unknown>) => {
      const response =
        method === 'GET'
          ? await call(t.app, 'GET', `/api/v1${path}?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()}`, { token: aliceKey })
          : await call(t.app, method, `/api/v1${path}`, { token: aliceKey, body: input });
      answers.push({ label, status: response.status, body: response.body, type: String(response.headers['content-type']) });
    };
    for (const [route, input] of Object.entries(valid(own))) {
      const [method, template] = route.split(' ') as ['GET' | 'POST' | 'PUT', string];
      const path = template.replace('{id}', String(own));
      for (const field of Object.keys(input)) {
        for (const value of HOSTILE_VALUES) await send(`${route} ${field}=${JSON.stringify(value)?.slice(0, 40)}`, method, path, { ...valid(own)[route], [field]: value });
      }
      if (template.includes('{id}')) for (const segment of HOSTILE_SEGMENTS) await send(`${route} id=${segment}`, method, template.replace('{id}', segment), input);
    }
    for (const answer of answers) {
      expect(answer.status, answer.label).toBeLessThan(500);
      if (answer.status >= 400) {
        expect(answer.type, answer.label).toMatch(/^application\/json/);
        expect(Object.keys(answer.body as object), answer.label).toEqual(['message']);
      }
    }
    expect(answers.filter((answer) => answer.status === 400).length).toBeGreaterThan(50);
  });
});

describe(`/api/v1 rate limits (${engineName})`, () => {
  it('reports the standing of the key in X-RateLimit-* headers', async () => {
    const first = await v1('GET', '/games', bobKey);
    const second = await v1('GET', '/games', bobKey);
    const limit = Number(first.headers['x-ratelimit-limit']);
    expect(limit).toBe(PUBLIC_API.gamesPerHour * 1000);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(first.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(3600);
  });

  it('answers 429 past the limit of one key, while another key still works', async () => {
    // 1000 an hour at a multiplier of 0.003 is 3 calls.
    const limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '0.003' });
    try {
      const token = await signIn(limited.app, 'dora@example.com');
      const user = (await call(limited.app, 'GET', '/api/auth/me', { token })).body;
      // Making keys has its own limit (1 an hour at this multiplier): the second comes from the service.
      const keys = [
        (await call<{ key: string }>(limited.app, 'POST', '/api/dev/keys', { token })).body.key,
        (await createApiKey(Object.assign(createDomainContext({ services: limited.services }), { user: { ...user, sessionId: 0, blocked: false } }))).key,
      ];
      const get = (key: string) => call(limited.app, 'GET', '/api/v1/games', { token: key });
      const remaining: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await get(keys[0]!);
        expect(response.status).toBe(200);
        expect(response.headers['x-ratelimit-limit']).toBe('3');
        remaining.push(String(response.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const refused = await get(keys[0]!);
      expect(refused.status).toBe(429);
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((refused.body as { message: string }).message).toMatch(/Too many requests/);
      // Writes count in the same budget.
      expect((await call(limited.app, 'PUT', '/api/v1/games/1', { token: keys[0]!, body: { title: 'x' } })).status).toBe(429);
      expect((await get(keys[1]!)).status).toBe(200);
      // Analytics have their own budget (10,000 an hour: 30 here): a missing game is still looked up.
      const analytics = await call(limited.app, 'GET', '/api/v1/analytics/games/999999', { token: keys[0]! });
      expect(analytics.status).toBe(404);
      expect(analytics.headers['x-ratelimit-limit']).toBe('30');
    } finally {
      await limited.close();
    }
  });
});
