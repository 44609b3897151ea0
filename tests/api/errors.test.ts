import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UploadedFile } from '../../server/domains/uploaded-file';
import { LIMITS } from '../../shared/constants';
import { putSaveOutput } from '../../shared/schemas';
import type { AnyOperation } from '../../server/domains/operation';
import { operations as registered } from '../../server/domains/registry';
import { ADMIN_EMAIL, call, createTestApp, playAs, signIn, type ApiResponse, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let user: string;
let admin: string;
let gameId: number;
let adminGameId: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t.app, 'hostile.user@example.com');
  admin = await signIn(t.app, ADMIN_EMAIL);
  gameId = (await call(t.app, 'GET', '/api/games/star-blaster')).body.id;
  adminGameId = (await call(t.app, 'GET', '/api/games/paddle-duel')).body.id;
  // Rating and scoring need a play of the game.
  for (const token of [user, admin]) for (const id of [gameId, adminGameId]) await playAs(t.app, token, id);
});
afterAll(() => t.close());

/** Why an error answer is not JSON {message} with a plain non-empty message, or null when it is. */
function errorShapeProblem(response: ApiResponse): string | null {
  if (!String(response.headers['content-type']).startsWith('application/json')) return `content-type ${String(response.headers['content-type'])}`;
  const body = response.body as Record<string, unknown> | null;
  if (typeof body !== 'object' || body === null) return 'not an object';
  if (Object.keys(body).join() !== 'message') return `keys ${Object.keys(body).join(',')}: ${JSON.stringify(body).slice(0, 200)}`;
  if (typeof body.message !== 'string' || body.message === '') return 'empty message';
  if (/\n\s+at |node_modules|\.ts:\d+|select |insert |update /i.test(body.message)) return `internals in ${body.message.slice(0, 200)}`;
  return null;
}

/** Every error answer: JSON, exactly {message}, a non-empty string, no stack trace or internals. */
function expectErrorShape(response: ApiResponse, label: string) {
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  expect(typeof response.body, label).toBe('object');
  expect(Object.keys(response.body as object), label).toEqual(['message']);
  const { message } = response.body as { message: unknown };
  expect(typeof message, label).toBe('string');
  expect(message, label).not.toBe('');
  expect(message, label).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|select |insert |update /i);
}

/** A game submission padded to about `padding` bytes. */
function submission(padding: number): string {
  return JSON.stringify({ title: 'Big', description: 'd', srcUrl: 'https://big.example.com/', thumbUrl: 'https://big.example.com/t.png', padding: 'x'.repeat(padding) });
}

describe(`error answers (${engineName})`, () => {
  it('a submission takes a body up to 64 KiB, and is 413 past it', async () => {
    const fits = await call(t.app, 'POST', '/api/dev/games', { body: submission(LIMITS.bodyBytes * 2), token: user, headers: { 'content-type': 'application/json' } });
    expect(fits.status).not.toBe(413);
    const tooBig = await call(t.app, 'POST', '/api/dev/games', { body: submission(LIMITS.largeBodyBytes), token: user, headers: { 'content-type': 'application/json' } });
    expect(tooBig.status).toBe(413);
    expectErrorShape(tooBig, 'submission');
  });

  it('a body over 16 KiB is 413 on the other routes', async () => {
    const body = JSON.stringify({ email: 'big@example.com', padding: 'x'.repeat(LIMITS.bodyBytes) });
    for (const url of ['/api/auth/login', '/api/reports', `/api/games/${gameId}/rate`]) {
      const response = await call(t.app, 'POST', url, { body, token: user, headers: { 'content-type': 'application/json' } });
      expect(response.status, url).toBe(413);
      expectErrorShape(response, url);
    }
    // Just under the limit is read (and then validated).
    const underLimit = JSON.stringify({ email: 'fits@example.com', padding: 'x'.repeat(LIMITS.bodyBytes - 100) });
    const fits = await call(t.app, 'POST', '/api/auth/login', { body: underLimit, headers: { 'content-type': 'application/json' } });
    expect(fits.status).toBe(200);
  });

  it('invalid JSON is 400', async () => {
    for (const body of ['{"email":', '{email: "a@example.com"}', "{'email':'a@example.com'}", '{"email":"a@example.com"}}', 'undefined', '\u0000']) {
      const response = await call(t.app, 'POST', '/api/auth/login', { body, headers: { 'content-type': 'application/json' } });
      expect(response.status, body).toBe(400);
      expectErrorShape(response, body);
      expect((response.body as { message: string }).message, body).toMatch(/^body:/);
    }
  });

  it('a JSON body that is not an object is 400', async () => {
    for (const body of ['[]', '[{"email":"a@example.com"}]', '"a@example.com"', '42', 'true']) {
      for (const url of ['/api/auth/login', `/api/games/${gameId}/rate`, '/api/reports']) {
        const response = await call(t.app, 'POST', url, { body, token: user, headers: { 'content-type': 'application/json' } });
        expect(response.status, `${url} ${body}`).toBe(400);
        expectErrorShape(response, `${url} ${body}`);
        expect((response.body as { message: string }).message).toMatch(/^body:/);
      }
    }
  });

  it('a body that is not JSON is rejected with a 4xx JSON error', async () => {
    for (const [contentType, body] of [
      ['text/plain', 'email=a@example.com'],
      ['application/x-www-form-urlencoded', 'email=a%40example.com'],
      ['application/xml', '<email>a@example.com</email>'],
    ] as const) {
      const response = await call(t.app, 'POST', '/api/auth/login', { body, headers: { 'content-type': contentType } });
      expect(response.status, contentType).toBeGreaterThanOrEqual(400);
      expect(response.status, contentType).toBeLessThan(500);
      expectErrorShape(response, contentType);
    }
  });

  it('an unknown /api path is 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/games/star-blaster/extra'],
      ['POST', `/api/games/${gameId}/unknown`],
      ['GET', '/api/admin'],
      ['POST', '/api/nope'],
    ] as const) {
      const response = await call(t.app, method, url, { token: admin });
      expect(response.status, `${method} ${url}`).toBe(404);
      expectErrorShape(response, `${method} ${url}`);
    }
  });

  it('a wrong method on a known path is 404 JSON', async () => {
    for (const [method, url] of [
      ['DELETE', '/api/home'],
      ['POST', '/api/categories'],
      ['PUT', '/api/games/star-blaster'],
      ['GET', '/api/auth/login'],
      ['PATCH', `/api/games/${gameId}/favorite`],
      ['GET', `/api/games/${gameId}/rate`],
      ['DELETE', '/api/admin/reports'],
    ] as const) {
      const response = await call(t.app, method, url, { token: admin });
      expect(response.status, `${method} ${url}`).toBe(404);
      expectErrorShape(response, `${method} ${url}`);
    }
  });

  it('errors of every kind share the {message} shape', async () => {
    const responses: [string, ApiResponse][] = [
      ['401', await call(t.app, 'GET', '/api/auth/me')],
      ['403', await call(t.app, 'GET', '/api/admin/reports', { token: user })],
      ['400', await call(t.app, 'GET', '/api/games?limit=abc')],
      ['404', await call(t.app, 'GET', '/api/games/no-such-game')],
      ['409', await call(t.app, 'POST', '/api/dev/games', {
        token: user,
        body: { title: 'Copy', description: 'd', srcUrl: `${(await call(t.app, 'GET', '/api/games/star-blaster')).body.srcUrl}`, thumbUrl: 'https://a.example.com/t.png' },
      })],
    ];
    for (const [status, response] of responses) {
      expect(response.status).toBe(Number(status));
      expectErrorShape(response, status);
    }
  });
});

describe(`edge inputs answer 400 naming the field (${engineName})`, () => {
  // PostgreSQL text cannot hold NUL (U+0000), and jsonb rejects lone surrogates:
  // such strings must be refused by validation, not reach the database.
  it('a NUL character in search text is 400 search', async () => {
    for (const url of ['/api/games?search=a%00b', '/api/kids/games?search=%00']) {
      const response = await call(t.app, 'GET', url);
      expect(response.status, url).toBe(400);
      expectErrorShape(response, url);
      expect((response.body as { message: string }).message, url).toMatch(/^search:/);
    }
  });

  it('a NUL character in a rating comment or a report is 400 naming the field', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', `/api/games/${gameId}/rate`, { score: 4, comment: 'nice\u0000game' }, 'comment'],
      ['POST', '/api/reports', { gameUrl: 'https://example.com/g', reportType: 'other', description: 'a\u0000b' }, 'description'],
      ['POST', '/api/reports', { gameUrl: 'https://example.com/g', reportType: 'other', description: 'd', gameTitle: '\u0000' }, 'gameTitle'],
      ['POST', '/api/reports', { gameUrl: 'https://example.com/\u0000', reportType: 'other', description: 'd' }, 'gameUrl'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await call(t.app, method as 'POST', url, { token: user, body });
      expect(response.status, `${url} ${field}`).toBe(400);
      expect((response.body as { message: string }).message, `${url} ${field}`).toMatch(new RegExp(`^${field}:`));
    }
  });

  it('NUL characters and lone surrogates in a submission are 400 naming the field', async () => {
    const base = { description: 'Edge case.', thumbUrl: 'https://edge.example.com/t.png' };
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/dev/games', { ...base, title: 'Nul\u0000Game', srcUrl: 'https://edge-1.example.com/' }, 'title'],
      ['/api/dev/games', { ...base, title: 'Surrogate \uD800 Game', srcUrl: 'https://edge-2.example.com/' }, 'title'],
      ['/api/dev/games', { ...base, title: 'Edge', description: '\uDC00', srcUrl: 'https://edge-3.example.com/' }, 'description'],
      ['/api/games/submit', { title: 'Edge', description: 'd', category: 'puzzle', gameUrl: 'https://edge-4.example.com/', instructions: 'a\u0000' }, 'instructions'],
      ['/api/games/submit', { title: 'Edge', description: 'd', category: 'puzzle', gameUrl: 'https://edge-5.example.com/', tags: 'fun,\uD800' }, 'tags'],
    ];
    for (const [url, body, field] of cases) {
      const response = await call(t.app, 'POST', url, { token: user, body });
      expect(response.status, `${url} ${field}`).toBe(400);
      expect((response.body as { message: string }).message, `${url} ${field}`).toMatch(new RegExp(`^${field}:`));
    }
  });

  it('a legacy tag longer than a tag may be is 400 tags', async () => {
    const response = await call(t.app, 'POST', '/api/games/submit', {
      token: user,
      body: { title: 'Long Tags', description: 'd', category: 'puzzle', gameUrl: 'https://long-tags.example.com/', tags: `fun, ${'x'.repeat(LIMITS.tagMax + 1)}` },
    });
    expect(response.status).toBe(400);
    expect((response.body as { message: string }).message).toMatch(/^tags:/);
  });

  it('a malformed or overlong path segment is a 4xx JSON {message}', async () => {
    for (const [method, url] of [
      ['GET', '/api/games/%FF'],
      ['POST', '/api/games/%ED%A0%80/play'],
      ['GET', `/api/games/${'a'.repeat(300)}`],
      ['POST', `/api/admin/reports/${'9'.repeat(200)}/resolve`],
    ] as const) {
      const response = await call(t.app, method, url, { token: admin });
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(response.status, url).toBeLessThan(500);
      expectErrorShape(response, url);
    }
  });
});

// ---------- no input ever gives a 500 ----------

const HOSTILE_VALUES: unknown[] = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2_147_483_648,
  -1,
  0,
  0.5,
  '9'.repeat(400),
  '1e308',
  'NaN',
  '-0',
  '0x10',
  true,
  null,
  [],
  ['a', 'b'],
  [1, [2, [3, [4]]]],
  { $gt: '' },
  { nested: { deeper: { deepest: [1, { a: 'b' }] } } },
  '',
  ' ',
  'x'.repeat(20_000),
  '😀🎮 Ünïcödé ñ 中文 \u202Eevil',
  '\uD800',
  '\u0000',
  'a\u0000b',
  "' OR 1=1; --",
  "'); drop table games; --",
  '%_\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'https://example.com/\u0000',
  "https://example.com/' OR '1'='1",
  'javascript:alert(1)',
  'hostile@example.com\u0000',
];

/** Path segments that are not what the route expects; some are raw (already percent-encoded or malformed). */
const HOSTILE_SEGMENTS = [
  '1e308', '-1', '0', '1.5', '9'.repeat(40), 'NaN', 'abc', '%00', '%27%20OR%201%3D1', '%F0%9F%98%80', '%ED%A0%80', '%FF',
  'star-blaster', '1', encodeURIComponent("'); drop table games; --"), 'a'.repeat(300),
];

let unique = 0;

/**
 * Plausible values per input field (the first the field's schema accepts is used), so one hostile
 * field at a time reaches the service. URLs are unique per call, to pass the duplicate checks.
 */
function plausibleCandidates(): Record<string, unknown[]> {
  unique += 1;
  return {
    email: ['hostile.sender@example.com'],
    score: [3],
    comment: ['Nice'],
    reason: ['spam'],
    gameUrl: [`https://game-${unique}.hostile.example.com/`],
    gameTitle: ['Hostile'],
    reportType: ['other'],
    description: ['Hostile input test.'],
    priority: ['high'],
    title: ['Hostile Title'],
    category: ['puzzle'],
    tags: ['a, b', ['a', 'b']],
    thumbnailUrl: ['https://hostile.example.com/thumb.png'],
    ageRating: ['E7'],
    multiplayer: [false],
    instructions: ['Play.'],
    srcUrl: [`https://src-${unique}.hostile.example.com/`],
    thumbUrl: ['https://hostile.example.com/thumb.png'],
    bannerUrl: ['https://hostile.example.com/banner.png'],
    playType: ['IFRAME'],
    singlePlayer: [true],
    categories: [['arcade']],
    status: ['OPEN'],
    search: ['star'],
    sort: ['newest'],
    limit: [5],
    offset: [0],
    // A well-formed newsletter link token (32 bytes, base64url) that matches no subscription.
    token: ['A'.repeat(43)],
    // A cloud save and a saves file (issue #14).
    data: [{ level: 1 }],
    format: ['playfree-saves'],
    // A webhook (issue #13).
    url: ['https://hooks.hostile.example.com/playfree'],
    events: [['game.approved']],
    // Collections, the Kids Zone's child profiles and devices (issues #25, #26).
    name: [`Hostile list ${unique}`],
    avatar: ['fox'],
    ageBand: ['6-8'],
    pin: ['1234'],
    code: ['123456', '12345678'],
    // Page views, impressions and revenue (issue #37).
    path: ['/'],
    pageViewId: ['A'.repeat(22)],
    kind: ['slot'],
    place: ['home'],
    gameId: [null, 1],
    gameIds: [[1]],
    month: ['2026-10'],
    total: ['12.34'],
    // A month's revenue is a total or a CSV, never both.
    csv: [undefined],
    reference: ['Transfer 42'],
  };
}

/** For fields without a plausible value of their own (operations added later). */
const FALLBACK_CANDIDATES: unknown[] = ['x', 1, 60, true, '12345678', 'fallback@example.com', 'https://fallback.example.com/', []];

function inputFields(operation: AnyOperation): string[] {
  return operation.input instanceof z.ZodObject ? Object.keys(operation.input.shape) : [];
}

function pathParams(operation: AnyOperation): string[] {
  return [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

function queryValue(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return encodeURIComponent(value);
    } catch {
      return '%ED%A0%80'; // a lone surrogate: send its (invalid) UTF-8 bytes instead
    }
  }
  return encodeURIComponent(JSON.stringify(value));
}

function toQuery(values: Record<string, unknown>): string {
  const parts = Object.entries(values).flatMap(([key, value]) =>
    Array.isArray(value) ? value.map((item) => `${key}=${queryValue(item)}`) : [`${key}=${queryValue(value)}`],
  );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

type Attempt = { url: string; body?: unknown };

function attemptsFor(operation: AnyOperation): Attempt[] {
  const params = pathParams(operation);
  // An upload's file is its body, never a JSON field: its JSON bodies are all refused (400).
  const fields = inputFields(operation).filter((field) => !params.includes(field) && !(operation.upload && field === 'file'));
  // Admin operations act on another game than the others, so a rejection does not hide the game from them.
  const plausibleParams: Record<string, string> = { id: String(operation.access === 'admin' ? adminGameId : gameId), slug: 'star-blaster', buildId: '1', gameId: String(gameId), deviceId: '1', medal: 'first-win', month: '2026-10' };
  const pathWith = (segment: (param: string) => string) =>
    `/api${operation.path.replace(/\{(\w+)\}/g, (_match, param: string) => segment(param))}`;
  const plausiblePath = pathWith((param) => plausibleParams[param]!);
  const shape: Record<string, z.ZodType> = operation.input instanceof z.ZodObject ? operation.input.shape : {};
  const plausibleBody = () => {
    const candidates = plausibleCandidates();
    return Object.fromEntries(
      fields.map((field) => [
        field,
        [...(candidates[field] ?? []), ...FALLBACK_CANDIDATES].find((candidate) => shape[field]!.safeParse(candidate).success),
      ]),
    );
  };
  // The plausible input must be valid, or the hostile fields would never get past validation.
  const params0 = Object.fromEntries(params.map((param) => [param, plausibleParams[param]]));
  const file = operation.upload ? { file: new UploadedFile('/nonexistent/build.zip', 1, null) } : {};
  expect(operation.input.safeParse({ ...plausibleBody(), ...params0, ...file }).success, operation.path).toBe(fields.length > 0 || params.length > 0);
  const withInput = (url: string, values: Record<string, unknown> | unknown): Attempt =>
    operation.method === 'GET'
      ? { url: `${url}${toQuery(typeof values === 'object' && values !== null && !Array.isArray(values) ? (values as Record<string, unknown>) : { q: values })}` }
      : { url, body: values };

  const attempts: Attempt[] = [withInput(plausiblePath, plausibleBody())];
  for (const segment of HOSTILE_SEGMENTS) {
    if (params.length > 0) attempts.push(withInput(pathWith(() => segment), plausibleBody()));
  }
  for (const value of HOSTILE_VALUES) {
    // Every field hostile at once, then one hostile field among plausible ones.
    attempts.push(withInput(plausiblePath, Object.fromEntries(fields.map((field) => [field, value]))));
    for (const field of fields) attempts.push(withInput(plausiblePath, { ...plausibleBody(), [field]: value }));
    // Fields the operation does not know (JSON.parse makes __proto__ an own key), and the value as the whole body.
    const json = JSON.stringify(value) ?? 'null';
    const unknownKeys = JSON.parse(`{"unexpected": ${json}, "__proto__": ${json}, "constructor": ${json}}`) as Record<string, unknown>;
    attempts.push(withInput(plausiblePath, { ...plausibleBody(), ...unknownKeys }));
    if (operation.method !== 'GET') attempts.push({ url: plausiblePath, body: JSON.stringify(value) ?? 'null' });
  }
  return attempts;
}

const operations = registered.map(({ operation }) => operation);

describe(`no input gives a 500 (${engineName})`, () => {
  it('covers every operation of the router', () => {
    expect(operations.length).toBeGreaterThanOrEqual(21);
  });

  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s answers < 500 to hostile input, with {message} errors',
    async (_name, operation) => {
      const failures: string[] = [];
      for (const attempt of attemptsFor(operation)) {
        // Logging out revokes the token it is sent with: give it a fresh one each time.
        const token = operation.path === '/auth/logout' ? await signIn(t.app, 'logout.target@example.com') : operation.access === 'admin' ? admin : user;
        const response = await call(t.app, operation.method, attempt.url, {
          token,
          ...(attempt.body !== undefined ? { body: attempt.body, headers: { 'content-type': 'application/json' } } : {}),
        });
        const label = `${operation.method} ${attempt.url.slice(0, 120)} ${attempt.body === undefined ? '' : JSON.stringify(attempt.body).slice(0, 120)}`;
        if (response.status >= 500) failures.push(`${response.status} ← ${label}`);
        // A save write naming an old version is refused with the current save: its documented 409 answer.
        const saveConflict = response.status === 409 && operation.path === '/games/{id}/save' && putSaveOutput.safeParse(response.body).success;
        const problem = response.status >= 400 && !saveConflict ? errorShapeProblem(response) : null;
        if (problem) failures.push(`${response.status} not {message} (${problem}) ← ${label}`);
      }
      expect(failures).toEqual([]);
    },
    // Hundreds of requests per operation: allow for a busy machine (this is not a timing assertion).
    180_000,
  );

  it('the catalog and the admin token still work after the hostile run', async () => {
    expect((await call(t.app, 'GET', '/api/categories')).body).toHaveLength(9);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: admin })).body.role).toBe('ADMIN');
    const rows = await t.db.orm.em.getConnection().execute<{ count: number | string }[]>('select count(*) as count from games');
    expect(Number(rows[0]!.count)).toBeGreaterThanOrEqual(4);
  });
});
