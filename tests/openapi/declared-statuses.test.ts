/**
 * The OpenAPI document declares every status an operation answers (issue 28): for each operation
 * of the registry and the v1 registry, the statuses its definition implies (the domain errors it
 * names, its access level, input, rate limit and body) are responses of the served document; the
 * failures provoked below through HTTP are each declared for their operation; and every domain
 * error an operation's service raised meanwhile is one the operation names in its `errors`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, InvalidOutput, TooManyRequests, Unavailable, type DomainErrorClass } from '../../server/domains/errors';
import type { AnyOperation } from '../../server/domains/operation';
import { operations as registered, v1Operations } from '../../server/domains/registry';
import { toHttpError } from '../../server/http/errors';
import { LIMITS, PUBLIC_API } from '../../shared/constants';
import { ADMIN_EMAIL, call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

type OpenApiDocument = { paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>> };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const PUBLIC_URL = 'https://portal.example.org';

/** Every operation, with its path as the document names it (the v1 ones under /v1). */
const everyOperation: { name: string; path: string; operation: AnyOperation }[] = [
  ...registered.map(({ name, operation }) => ({ name, path: operation.path as string, operation })),
  ...v1Operations.map(({ name, operation }) => ({ name, path: `/v1${operation.path}`, operation })),
];

/** The domain errors each operation's `run` raised while this file ran, by operation name. */
const raised = new Map<string, Set<DomainErrorClass>>();
const originalRuns = new Map<AnyOperation, AnyOperation['run']>();

let t: TestApp;
let doc: OpenApiDocument;
let user: string;
let admin: string;
let gameId: number;

beforeAll(async () => {
  // Each run is watched: the domain errors it throws are noted, then thrown on as they were.
  for (const { name, operation } of everyOperation) {
    const run = operation.run;
    originalRuns.set(operation, run);
    operation.run = async (args) => {
      try {
        return await run(args);
      } catch (error) {
        if (error instanceof DomainError) raised.set(name, (raised.get(name) ?? new Set()).add(error.constructor as DomainErrorClass));
        throw error;
      }
    };
  }
  t = await createTestApp({ PUBLIC_URL });
  doc = (await call<OpenApiDocument>(t.app, 'GET', '/api/openapi.json')).body;
  user = await signIn(t.app, 'statuses.user@example.com');
  admin = await signIn(t.app, ADMIN_EMAIL);
  gameId = (await call<{ id: number }>(t.app, 'GET', '/api/games/star-blaster')).body.id;
});
afterAll(async () => {
  for (const [operation, run] of originalRuns) operation.run = run;
  await t.close();
});

function declaredStatuses(method: string, path: string): string[] {
  return Object.keys(doc.paths[path]?.[method.toLowerCase()]?.responses ?? {});
}

/** The HTTP status /api answers for a domain error of this kind, as the transports map it. */
function statusOfError(kind: DomainErrorClass): number {
  return toHttpError(Object.create(kind.prototype as object)).statusCode;
}

/** Calls /api`url` (an instance of the documented `path`): the answer, and whether the document declares its status there. */
async function answer(
  method: Method,
  path: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; declared: boolean; body: any }> {
  const response = await call(t.app, method, `/api${url}`, options);
  return { status: response.status, declared: declaredStatuses(method, path).includes(String(response.status)), body: response.body };
}

/** What `answer` gives for an answer with this status that the document declares. */
const declared = (status: number) => ({ status, declared: true });

describe(`every status an operation answers is declared in /api/openapi.json (${engineName})`, () => {
  it('declares, for each operation, the statuses its definition implies', () => {
    for (const { path, operation } of everyOperation) {
      const label = `${operation.method} ${path}`;
      const takesInput = !operation.input.safeParse(undefined).success || path.includes('{');
      const readsBody = operation.method !== 'GET';
      const expected = new Set<number>([typeof operation.successStatus === 'number' ? operation.successStatus : 200, 500, 503]);
      for (const kind of operation.errors ?? []) expected.add(statusOfError(kind));
      if (operation.access !== 'public') expected.add(401).add(403);
      if (operation.rateLimit) expected.add(429);
      if (takesInput || readsBody) expected.add(400);
      if (readsBody) expected.add(413).add(415);
      const documented = declaredStatuses(operation.method, path);
      for (const status of expected) expect(documented, `${label} declares ${status}`).toContain(String(status));
      // A database outage or a busy server: the answer says when to come back.
      expect(doc.paths[path]![operation.method.toLowerCase()]!.responses['503']!.headers, label).toHaveProperty('Retry-After');
    }
  });

  it('names in `errors` only errors a service raises, each once', () => {
    for (const { name, operation } of everyOperation) {
      const kinds = operation.errors ?? [];
      expect(new Set(kinds).size, name).toBe(kinds.length);
      for (const kind of kinds) expect([TooManyRequests, Unavailable, InvalidOutput], `${name} ${kind.name}`).not.toContain(kind);
    }
  });

  it('newsletter links: 404 for a token that matches no sign-up, 409 confirming after an unsubscribe', async () => {
    const unknown = { token: 'A'.repeat(43) };
    expect(await answer('POST', '/newsletter/confirm', '/newsletter/confirm', { body: unknown })).toMatchObject(declared(404));
    expect(await answer('POST', '/newsletter/unsubscribe', '/newsletter/unsubscribe', { body: unknown })).toMatchObject(declared(404));
    const email = 'statuses.reader@example.com';
    expect((await call(t.app, 'POST', '/api/newsletter', { body: { email } })).status).toBe(202);
    await expect.poll(() => t.mails.some((mail) => mail.to === email)).toBe(true);
    const token = t.mails.findLast((mail) => mail.to === email)!.text.match(/unsubscribe\?token=([A-Za-z0-9_-]+)/)![1];
    expect((await call(t.app, 'POST', '/api/newsletter/unsubscribe', { body: { token } })).status).toBe(200);
    expect(await answer('POST', '/newsletter/confirm', '/newsletter/confirm', { body: { token } })).toMatchObject(declared(409));
  });

  it('sign-in: 401 for a wrong code, 403 for a blocked account (both public operations)', async () => {
    expect(await answer('POST', '/auth/verify', '/auth/verify', { body: { email: 'nobody.asked@example.com', code: '00000000' } })).toMatchObject(declared(401));
    const email = 'statuses.blocked@example.com';
    await signIn(t.app, email);
    const account = (await call<{ users: { id: number; email: string }[] }>(t.app, 'GET', `/api/admin/users?search=${email}`, { token: admin })).body.users[0]!;
    expect(await answer('POST', '/admin/users/{id}/block', `/admin/users/${account.id}/block`, { token: admin })).toMatchObject(declared(200));
    expect(await answer('POST', '/auth/login', '/auth/login', { body: { email } })).toMatchObject(declared(403));
    expect(await answer('POST', '/admin/users/{id}/block', `/admin/users/${account.id}/block`, { token: admin })).toMatchObject(declared(409));
    expect(await answer('POST', '/admin/users/{id}/promote', `/admin/users/${account.id}/promote`, { token: admin })).toMatchObject(declared(409));
    expect(await answer('POST', '/admin/users/{id}/unblock', `/admin/users/${account.id}/unblock`, { token: admin })).toMatchObject(declared(200));
    expect(await answer('POST', '/admin/users/{id}/unblock', `/admin/users/${account.id}/unblock`, { token: admin })).toMatchObject(declared(409));
    expect(await answer('POST', '/admin/users/{id}/unblock', '/admin/users/999999/unblock', { token: admin })).toMatchObject(declared(404));
    const adminAccount = (await call<{ id: number }>(t.app, 'GET', '/api/auth/me', { token: admin })).body;
    expect(await answer('POST', '/admin/users/{id}/promote', `/admin/users/${adminAccount.id}/promote`, { token: admin })).toMatchObject(declared(409));
  });

  it('reports: 409 resolving or dismissing a closed one, 404 for a missing one', async () => {
    const report = await answer('POST', '/reports', '/reports', {
      body: { gameUrl: 'https://broken.example.com/', reportType: 'technical_issue', description: 'It does not load' },
    });
    expect(report).toMatchObject(declared(201));
    const id = (report.body as { id: number }).id;
    expect(await answer('POST', '/admin/reports/{id}/dismiss', `/admin/reports/${id}/dismiss`, { token: admin })).toMatchObject(declared(200));
    expect(await answer('POST', '/admin/reports/{id}/dismiss', `/admin/reports/${id}/dismiss`, { token: admin })).toMatchObject(declared(409));
    expect(await answer('POST', '/admin/reports/{id}/resolve', `/admin/reports/${id}/resolve`, { token: admin })).toMatchObject(declared(409));
    expect(await answer('POST', '/admin/reports/{id}/resolve', '/admin/reports/999999/resolve', { token: admin })).toMatchObject(declared(404));
  });

  it('games: 409 unpublishing a pending game or re-publishing a live one, 404 for a missing one', async () => {
    const submitted = await answer('POST', '/dev/games', '/dev/games', {
      token: user,
      body: { title: 'Statuses Pending', description: 'Waits for review', srcUrl: 'https://statuses.games.example.com/play/', thumbUrl: 'https://statuses.games.example.com/t.png' },
    });
    expect(submitted).toMatchObject(declared(201));
    const pendingId = (submitted.body as { id: number }).id;
    expect(await answer('POST', '/admin/games/{id}/unpublish', `/admin/games/${pendingId}/unpublish`, { token: admin })).toMatchObject(declared(409));
    expect(await answer('POST', '/admin/games/{id}/republish', `/admin/games/${gameId}/republish`, { token: admin })).toMatchObject(declared(409));
    expect(await answer('POST', '/admin/games/{id}/approve', '/admin/games/999999/approve', { token: admin })).toMatchObject(declared(404));
    // The same source URL again.
    expect(await answer('POST', '/dev/games', '/dev/games', {
      token: user,
      body: { title: 'Statuses Again', description: 'A copy', srcUrl: 'https://statuses.games.example.com/play/', thumbUrl: 'https://statuses.games.example.com/t.png' },
    })).toMatchObject(declared(409));
  });

  it('contact messages: 404 answering a missing one, 409 answering one twice', async () => {
    expect(await answer('POST', '/admin/messages/{id}/answer', '/admin/messages/999999/answer', { token: admin, body: { answer: 'Thanks' } })).toMatchObject(declared(404));
    const sent = await answer('POST', '/contact', '/contact', { body: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question' } });
    expect(sent).toMatchObject(declared(201));
    const id = (sent.body as { id: number }).id;
    expect(await answer('POST', '/admin/messages/{id}/answer', `/admin/messages/${id}/answer`, { token: admin, body: { answer: 'Thanks' } })).toMatchObject(declared(200));
    expect(await answer('POST', '/admin/messages/{id}/answer', `/admin/messages/${id}/answer`, { token: admin, body: { answer: 'Again' } })).toMatchObject(declared(409));
  });

  it('API keys: 409 past the most keys an account may hold; the v1 events of a game not yours are 404', async () => {
    const owner = await signIn(t.app, 'statuses.keys@example.com');
    let key = '';
    for (let count = 0; count < PUBLIC_API.keysPerUser; count++) {
      const made = await answer('POST', '/dev/keys', '/dev/keys', { token: owner });
      expect(made).toMatchObject(declared(201));
      key = (made.body as { key: string }).key;
    }
    expect(await answer('POST', '/dev/keys', '/dev/keys', { token: owner })).toMatchObject(declared(409));
    expect(await answer('DELETE', '/dev/keys/{id}', '/dev/keys/999999', { token: owner })).toMatchObject(declared(404));
    expect(await answer('POST', '/v1/analytics/events', '/v1/analytics/events', { token: key, body: { game_id: gameId, player_id: 'p1', event: 'level_complete' } })).toMatchObject(declared(404));
  });

  it('scores and ratings need a play: 403 without one, 404 for a game not on the portal', async () => {
    expect(await answer('POST', '/games/{id}/scores', `/games/${gameId}/scores`, { token: user, body: { score: 10 } })).toMatchObject(declared(403));
    expect(await answer('POST', '/games/{id}/rate', `/games/${gameId}/rate`, { token: user, body: { score: 4 } })).toMatchObject(declared(403));
    expect(await answer('POST', '/games/{id}/play', '/games/999999/play')).toMatchObject(declared(404));
    expect(await answer('POST', '/games/{id}/favorite', '/games/999999/favorite', { token: user })).toMatchObject(declared(404));
  });

  it('bodies: 400 when broken, 413 past the limit, 415 in another type than JSON', async () => {
    expect(await answer('POST', '/dev/keys', '/dev/keys', { token: user, body: '{not json', headers: { 'content-type': 'application/json' } })).toMatchObject(declared(400));
    expect(await answer('POST', '/auth/logout', '/auth/logout', { token: user, body: '[1]', headers: { 'content-type': 'application/json' } })).toMatchObject(declared(400));
    const tooBig = JSON.stringify({ email: 'big@example.com', padding: 'x'.repeat(LIMITS.bodyBytes) });
    expect(await answer('POST', '/newsletter', '/newsletter', { body: tooBig, headers: { 'content-type': 'application/json' } })).toMatchObject(declared(413));
    expect(await answer('POST', '/newsletter', '/newsletter', { body: '<email>a@example.com</email>', headers: { 'content-type': 'application/xml' } })).toMatchObject(declared(415));
  });

  // Last: it reads what the calls above made the services raise.
  it('every domain error a service raised above is named in its operation’s `errors`', () => {
    expect(raised.size).toBeGreaterThan(10);
    for (const { name, operation } of everyOperation) {
      for (const kind of raised.get(name) ?? []) expect(operation.errors ?? [], `${name} raised ${kind.name}`).toContain(kind);
    }
  });
});
