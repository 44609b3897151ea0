/**
 * Error answers: sizes, bad JSON, unknown paths, edge inputs naming their field, all as JSON
 * {message}. Every operation fed hostile input is in hostile-input.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { call, createTestApp, type ApiResponse, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { hostileSetup } from './hostile-setup';

let t: TestApp;
let user: string;
let admin: string;
let gameId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ user, admin, gameId } = await hostileSetup(t));
});
afterAll(() => t.close());

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
