/**
 * No input gives a 500: every operation of the router, fed hostile values in every field (and
 * unknown fields, and the value as the whole body), answers below 500, its errors JSON {message}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UploadedFile } from '../../server/domains/uploaded-file';
import { putSaveOutput } from '../../shared/schemas';
import type { AnyOperation } from '../../server/domains/operation';
import { operations as registered } from '../../server/domains/registry';
import { call, createTestApp, signIn, type ApiResponse, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { hostileSetup } from './hostile-setup';

let t: TestApp;
let user: string;
let admin: string;
let gameId: number;
let adminGameId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ user, admin, gameId, adminGameId } = await hostileSetup(t));
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
    format: ['playfree-saves', 'gamemonetize'],
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
    // An ad impression's kind; the Feeds tab's list of games (issue #58).
    kind: ['slot', 'rewarded', 'imported'],
    place: ['home'],
    gameId: [null, 1],
    gameIds: [[1]],
    month: ['2026-10'],
    total: ['12.34'],
    // A month's revenue is a total or a CSV, never both.
    csv: [undefined],
    reference: ['Transfer 42'],
    // Builds' compressed files, distributors' feeds, listings in other languages (issues #56, #58, #59).
    compressedFiles: ['AUTO'],
    publish: ['review'],
    locale: ['fr'],
    // An admin's place for a game on home (issue #58).
    placement: ['boosted'],
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
  const plausibleParams: Record<string, string> = { id: String(operation.access === 'admin' ? adminGameId : gameId), slug: 'star-blaster', buildId: '1', gameId: String(gameId), deviceId: '1', medal: 'first-win', month: '2026-10', locale: 'fr' };
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
        // A feed's sync that cannot read the feed (here: an address nothing answers at) says why with its documented 502.
        const feedUnreadable = response.status === 502 && operation.path === '/admin/feeds/{id}/sync';
        if (response.status >= 500 && !feedUnreadable) failures.push(`${response.status} ← ${label}`);
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
