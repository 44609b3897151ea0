/**
 * Property-based fuzzing (fast-check) of every /api operation: random and hostile
 * bodies, queries, path parameters and headers, as anonymous and as admin.
 * Properties: never a 500, always a JSON {message} on errors that says what is wrong (the field it
 * is about, "Required" only for a field not sent (or sent blank), the limit of a body too large, 415 for a body the
 * API does not read), and a rejected request leaves the database exactly as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../server/domains/registry';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN_EMAIL);
});
afterAll(() => t.close());

/** Row counts and totals of every table: changes if any row is written. */
async function databaseFingerprint(): Promise<string> {
  const [row] = await t.db.orm.em.fork().getConnection().execute<Record<string, unknown>[]>(
    `select (select count(*) from users) as users, (select count(*) from games) as games,
            (select coalesce(sum(plays), 0) from games) as plays, (select coalesce(sum(play_seconds), 0) from games) as seconds,
            (select string_agg(status, ',' order by id) from games) as statuses,
            (select count(*) from ratings) as ratings, (select count(*) from favorites) as favorites,
            (select count(*) from reports) as reports, (select string_agg(status, ',' order by id) from reports) as report_statuses,
            (select count(*) from submissions) as submissions, (select count(*) from play_events) as play_events,
            (select count(*) from tags) as tags, (select count(*) from game_origins) as origins,
            (select count(*) from game_scores) as scores, (select count(*) from audit_log) as audit,
            (select count(*) from auth_sessions where revoked_at is null) as sessions`,
  );
  return JSON.stringify(row);
}

/** Percent-encodes any string, lone surrogates included (encodeURIComponent throws on those). */
function encodeAnything(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    "'; drop table games; --",
    '<img src=x onerror=alert(1)>',
    '\u0000',
    '\ud800',
    '../../etc/passwd',
    '%00',
    '{"__proto__":{"admin":true}}',
    'x'.repeat(5000),
    '9'.repeat(400),
    '-1',
    '1e309',
    'NaN',
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 4 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
);
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom('score', 'comment', 'reason', 'email', 'code', 'title', 'description', 'srcUrl', 'thumbUrl', 'gameUrl', 'reportType', 'category', 'tags', 'seconds', 'status', '__proto__', 'constructor'), hostileValue, { maxKeys: 6 }),
  fc.jsonValue(),
);
const pathParam = fc.oneof(fc.nat(), fc.integer(), hostileString.map(encodeAnything), fc.constantFrom('1', '2', 'star-blaster'));
const hostileHeaders = fc.record(
  {
    authorization: fc.oneof(hostileString, fc.constant('Bearer '), hostileString.map((value) => `Bearer ${value}`)),
    cookie: hostileString.map((value) => `auth_token=${encodeAnything(value)}`),
    'content-type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=latin1'),
    origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:4100'),
  },
  { requiredKeys: [] },
);

function headerSafe(headers: Record<string, string>): Record<string, string> {
  // Node refuses header values with control characters before they reach the server.
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => /^[\t\x20-\x7e]*$/.test(value)));
}

/** The message of an error answer names the problem (issue #49, point 7). */
function expectMessageFits(status: number, message: unknown, sent: unknown, contentType: string | undefined, label: string): void {
  expect(typeof message, label).toBe('string');
  const text = message as string;
  if (status === 415) expect(text, label).toBe('Unsupported content type: send application/json');
  if (status === 413) expect(text, label).toMatch(/^Request body is too large: at most [\d.]+ (KiB|MB)$/);
  // A text/plain body is never read as something else.
  if (contentType === 'text/plain') expect(status, label).not.toBe(200);
  if (status !== 400) return;
  for (const part of text.split('; ')) {
    const named = /^((?:[\w$-]+|"(?:[^"\\]|\\.)*")(?:\.(?:[\w$-]+|"(?:[^"\\]|\\.)*"))*): (.+)$/.exec(part);
    expect(named, `${label}: "${part}" names no field`).not.toBeNull();
    const [, field, problem] = named!;
    // "Required" only when the field was not sent, or sent blank (a text of spaces or nothing, as a
    // form's empty field sends it: its forms say "Required" there too); a field sent with the wrong
    // type says what it must be.
    if (problem === 'Required' && sent !== null && typeof sent === 'object' && !Array.isArray(sent) && /^[\w$-]+$/.test(field!)) {
      const value: unknown = (sent as Record<string, unknown>)[field!];
      const blank = typeof value === 'string' && value.trim() === '';
      expect(Object.hasOwn(sent, field!) && !blank, `${label}: "${part}" though ${field} was sent`).toBe(false);
    }
  }
}

describe(`fuzzing every /api operation (${engineName})`, () => {
  for (const { operation } of operations) {
    it(`${operation.method} ${operation.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileBody,
          fc.dictionary(fc.constantFrom('limit', 'offset', 'sort', 'search', 'category', 'status'), hostileString, { maxKeys: 4 }),
          pathParam,
          hostileHeaders,
          fc.boolean(),
          async (body, query, param, headers, asAdmin) => {
            const path = operation.path.replace(/\{\w+\}/g, String(param));
            const search = Object.entries(query)
              .map(([key, value]) => `${key}=${encodeAnything(value)}`)
              .join('&');
            const url = `/api${path}${search ? `?${search}` : ''}`;
            const before = await databaseFingerprint();
            const response = await call(t.app, operation.method, url, {
              ...(asAdmin ? { token: admin } : {}),
              headers: headerSafe(headers as Record<string, string>),
              ...(operation.method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
            });
            expect(response.status, `${operation.method} ${url}`).toBeLessThan(500);
            if (response.status >= 400) {
              expect(Object.keys(response.body as object)).toEqual(['message']);
              const sentType = headerSafe(headers as Record<string, string>)['content-type'];
              // What the request carried: a GET sends its query, not the body drawn for it.
              const sent = operation.method === 'GET' ? query : body;
              expectMessageFits(response.status, (response.body as { message: unknown }).message, sent, sentType, `${response.status} ${operation.method} ${url} ${JSON.stringify(sent)?.slice(0, 200)}`);
              expect(await databaseFingerprint(), `${operation.method} ${url} changed the database`).toBe(before);
            }
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});
