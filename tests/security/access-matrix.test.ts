/**
 * The role table (spec section 6) as a matrix: every /api operation and every
 * tRPC procedure, called as anonymous, a user, another user and an admin.
 * Public → never 401/403; signed-in → 401 anonymous; admin → 401 anonymous, 403 users.
 * Each call's valid input, and the records it points at, come from operation-inputs.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnyOperation } from '../../server/domains/operation';
import { operations } from '../../server/domains/registry';
import { ADMIN_EMAIL, call, createTestApp, publishGame, playAs, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import type { Role } from './access-fixtures';
import { validCallsFor, type ValidCall } from './operation-inputs';

const ROLES: Role[] = ['anonymous', 'user', 'otherUser', 'admin'];

let t: TestApp;
/** Shared with the fixtures by reference, so the sessions renewed after a sign-out everywhere reach them. */
const tokens: Partial<Record<Role, string>> = {};
let validCall: ValidCall;

beforeAll(async () => {
  t = await createTestApp();
  tokens.user = await signIn(t.app, 'user@example.com');
  tokens.otherUser = await signIn(t.app, 'other@example.com');
  tokens.admin = await signIn(t.app, ADMIN_EMAIL);
  const published = await publishGame(t.app, tokens.user, tokens.admin, 'Matrix Game');
  // Rating and scoring need a play of the game.
  for (const token of Object.values(tokens)) await playAs(t.app, token, published.id);
  validCall = validCallsFor({ t, tokens, gameId: published.id, gameSlug: published.slug });
});
afterAll(() => t.close());

const EMAILS: Record<Exclude<Role, 'anonymous'>, string> = {
  user: 'user@example.com',
  otherUser: 'other@example.com',
  admin: ADMIN_EMAIL,
};

/**
 * Signing out (everywhere) would end the shared sessions: such calls get a session of
 * their own, and the shared one is renewed afterwards by the next test's sign-in.
 */
async function sessionFor(role: Role, path: string, token: string | undefined): Promise<string | undefined> {
  if (role === 'anonymous' || !/logout/.test(path)) return token;
  const fresh = await signIn(t.app, EMAILS[role]);
  if (/logout-all/.test(path)) {
    // Everything of this account is revoked by the call: keep a session made after it.
    renewAfterLogoutAll.push(role);
  }
  return fresh;
}
const renewAfterLogoutAll: Exclude<Role, 'anonymous'>[] = [];

afterEach(async () => {
  while (renewAfterLogoutAll.length > 0) {
    const role = renewAfterLogoutAll.pop()!;
    tokens[role] = await signIn(t.app, EMAILS[role]);
  }
});

function expectedStatus(operation: AnyOperation, role: Role): 'ok' | 401 | 403 {
  if (operation.access === 'public') return 'ok';
  if (role === 'anonymous') return 401;
  if (operation.access === 'admin' && role !== 'admin') return 403;
  return 'ok';
}

/** Operations whose successful answer is not 2xx for every valid-looking input. */
const ALLOWED_FAILURE: Record<string, number> = {
  // Verifying a code nobody requested fails (401 is the operation's own answer, not access control).
  'POST /auth/verify': 401,
  // Marking a payout that does not exist (none falls due in this fixture).
  'POST /admin/payouts/{id}/paid': 404,
  // A feed's sync reads its address, which nothing answers here: its documented 502 (feeds.test.ts syncs real ones).
  'POST /admin/feeds/{id}/sync': 502,
};

/** Uploads are served on /api only (restOnlyRegistry). */
const procedures = operations.filter(({ operation }) => !operation.upload);

describe(`access control matrix on /api (${engineName})`, () => {
  for (const { operation } of operations) {
    for (const role of ROLES) {
      it(`${operation.method} ${operation.path} as ${role}`, async () => {
        const { path, input, token: ownSession, zip, cookie } = await validCall(operation, role);
        const token = role === 'anonymous' ? undefined : (ownSession ?? tokens[role]);
        const useToken = await sessionFor(role, operation.path, token);
        const response = await call(t.app, operation.method, `/api${path}`, {
          ...(useToken ? { token: useToken } : {}),
          ...(cookie ? { headers: { cookie } } : {}),
          ...(zip ? { body: zip, headers: { 'content-type': 'application/zip' } } : operation.method === 'GET' || input === undefined ? {} : { body: input }),
        });
        const expected = expectedStatus(operation, role);
        if (expected === 'ok') {
          const key = `${operation.method} ${operation.path}`;
          if (ALLOWED_FAILURE[key]) expect(response.status).toBe(ALLOWED_FAILURE[key]);
          else expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
        } else {
          expect(response.status).toBe(expected);
        }
      });
    }
  }
});

describe(`access control matrix on /trpc (${engineName})`, () => {
  for (const { name, operation } of procedures) {
    for (const role of ROLES) {
      it(`${name} as ${role}`, async () => {
        const { input, token: ownSession, cookie } = await validCall(operation, role);
        const token = role === 'anonymous' ? undefined : (ownSession ?? tokens[role]);
        const useToken = await sessionFor(role, operation.path, token);
        const headers: Record<string, string> = useToken ? { authorization: `Bearer ${useToken}` } : {};
        if (cookie) headers.cookie = cookie;
        if (operation.method !== 'GET') headers['content-type'] = 'application/json';
        const response =
          operation.method === 'GET'
            ? await t.app.inject({
                method: 'GET',
                url: `/trpc/${name}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
                headers,
              })
            : // As the batching client sends mutations: `{"0": input}`, or `{}` without input.
              await t.app.inject({ method: 'POST', url: `/trpc/${name}?batch=1`, headers, payload: input ? { 0: input } : {} });
        const expected = expectedStatus(operation, role);
        if (expected === 'ok') {
          const key = `${operation.method} ${operation.path}`;
          if (ALLOWED_FAILURE[key]) expect(response.statusCode).toBe(ALLOWED_FAILURE[key]);
          else expect(response.statusCode, response.body).toBe(200);
        } else {
          expect(response.statusCode).toBe(expected);
        }
      });
    }
  }
});

describe(`one user's submissions are theirs alone (${engineName})`, () => {
  it('another user does not see them in GET /api/dev/games', async () => {
    const mine = await call<{ id: number }[]>(t.app, 'GET', '/api/dev/games', { token: tokens.user });
    const theirs = await call<{ id: number }[]>(t.app, 'GET', '/api/dev/games', { token: tokens.otherUser });
    expect(mine.body.length).toBeGreaterThan(0);
    const mineIds = new Set(mine.body.map((game) => game.id));
    expect(theirs.body.some((game) => mineIds.has(game.id))).toBe(false);
  });
});
