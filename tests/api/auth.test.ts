import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoteUser } from '../../server/domains/auth/service';
import { ADMIN_EMAIL, call, createTestApp, signIn, type ApiResponse, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type LoginBody = { user: { id: number; name: string; email: string; role: string }; token: string };
type SessionRow = { token_hash: string; user_id: number; expires_at: string; revoked_at: string | null };

async function sql<T>(query: string, params: unknown[] = []): Promise<T> {
  const rows: unknown = await t.db.orm.em.getConnection().execute(query, params);
  return rows as T;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function setCookies(response: ApiResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return (Array.isArray(header) ? header : [header]).map(String);
}

function login(email: unknown) {
  return call<LoginBody>(t.app, 'POST', '/api/auth/login', { body: { email } });
}

function me(token?: string, headers: Record<string, string> = {}) {
  return call(t.app, 'GET', '/api/auth/me', { ...(token ? { token } : {}), headers });
}

function expectUnauthorized(response: ApiResponse) {
  expect(response.status).toBe(401);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(Object.keys(response.body as object)).toEqual(['message']);
  expect((response.body as { message: string }).message).toBeTruthy();
}

describe(`POST /api/auth/login (${engineName})`, () => {
  it('creates the user on first sign-in with a name from the e-mail and role USER', async () => {
    const { status, body } = await login('ada.lovelace@example.com');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(Object.keys(body.user).sort()).toEqual(['email', 'id', 'name', 'role']);
    expect(body.user).toMatchObject({ name: 'Ada Lovelace', email: 'ada.lovelace@example.com', role: 'USER' });
    expect(body.user.id).toBeGreaterThan(0);
    const rows = await sql<{ id: number; name: string; role: string }[]>('select id, name, role from users where email = ?', [
      'ada.lovelace@example.com',
    ]);
    expect(rows).toEqual([{ id: body.user.id, name: 'Ada Lovelace', role: 'USER' }]);
  });

  it('signing in again keeps the same user and gives a new random token of at least 128 bits', async () => {
    const first = await login('grace.hopper@example.com');
    const second = await login('grace.hopper@example.com');
    expect(second.body.user).toEqual(first.body.user);
    for (const token of [first.body.token, second.body.token]) {
      // base64url: 6 bits per character, so 22 characters carry at least 128 bits.
      expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    }
    expect(second.body.token).not.toBe(first.body.token);
    const users = await sql<{ count: number | string }[]>('select count(*) as count from users where email = ?', [
      'grace.hopper@example.com',
    ]);
    expect(Number(users[0]!.count)).toBe(1);
  });

  it('stores only the SHA-256 hash of the token, never the token itself', async () => {
    const { body } = await login('hash.check@example.com');
    const rows = await sql<SessionRow[]>(
      'select s.token_hash, s.user_id, s.expires_at, s.revoked_at from auth_sessions s where s.user_id = ?',
      [body.user.id],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).toBe(sha256(body.token));
    expect(row.token_hash).not.toBe(body.token);
    expect(row.revoked_at).toBeNull();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now());
    const plain = await sql<unknown[]>('select id from auth_sessions where token_hash = ?', [body.token]);
    expect(plain).toEqual([]);
  });

  it('sets the token as an httpOnly SameSite=Lax cookie named auth_token', async () => {
    const response = await login('cookie.jar@example.com');
    const cookie = setCookies(response).find((value) => value.startsWith('auth_token='));
    expect(cookie).toBeDefined();
    expect(cookie!.split(';')[0]).toBe(`auth_token=${response.body.token}`);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
  });

  it('treats the e-mail case-insensitively (one user, stored lower-cased)', async () => {
    const lower = await login('case.test@example.com');
    const mixed = await login('  Case.TEST@Example.COM ');
    expect(mixed.status).toBe(200);
    expect(mixed.body.user.id).toBe(lower.body.user.id);
    expect(mixed.body.user.email).toBe('case.test@example.com');
  });

  it('answers 400 naming email for invalid e-mails, a missing body and wrong types', async () => {
    const cases: [string, { body?: unknown; headers?: Record<string, string> }][] = [
      ['not an e-mail', { body: { email: 'not-an-email' } }],
      ['no domain', { body: { email: 'someone@' } }],
      ['empty string', { body: { email: '' } }],
      ['too long', { body: { email: `${'a'.repeat(250)}@example.com` } }],
      ['number', { body: { email: 42 } }],
      ['array', { body: { email: ['a@example.com'] } }],
      ['object', { body: { email: { address: 'a@example.com' } } }],
      ['null', { body: { email: null } }],
      ['empty object', { body: {} }],
      ['missing body', {}],
      ['empty JSON body', { body: '', headers: { 'content-type': 'application/json' } }],
    ];
    for (const [label, options] of cases) {
      const { status, body } = await call(t.app, 'POST', '/api/auth/login', options);
      expect(status, label).toBe(400);
      expect(Object.keys(body), label).toEqual(['message']);
      expect(body.message, label).toMatch(/^email:/);
    }
    const users = await sql<{ count: number | string }[]>('select count(*) as count from users where email not like ?', ['%@example.com']);
    expect(Number(users[0]!.count)).toBe(0);
  });
});

describe(`GET /api/auth/me and POST /api/auth/logout (${engineName})`, () => {
  it('answers the user with a Bearer token', async () => {
    const { body: session } = await login('bearer.user@example.com');
    const { status, body } = await me(session.token);
    expect(status).toBe(200);
    expect(body).toEqual(session.user);
  });

  it('answers the user with the auth_token cookie', async () => {
    const { body: session } = await login('cookie.user@example.com');
    const { status, body } = await me(undefined, { cookie: `auth_token=${session.token}` });
    expect(status).toBe(200);
    expect(body).toEqual(session.user);
  });

  it('answers 401 JSON {message} signed out and with a garbage token', async () => {
    expect.hasAssertions();
    expectUnauthorized(await me());
    expectUnauthorized(await me('garbage-token'));
    expectUnauthorized(await me('x'.repeat(5000)));
    expectUnauthorized(await me(undefined, { cookie: 'auth_token=garbage' }));
    expectUnauthorized(await me(undefined, { authorization: 'Basic dXNlcjpwYXNz' }));
    // The hash of a real token is not a token.
    const { body: session } = await login('hash.replay@example.com');
    expectUnauthorized(await me(sha256(session.token)));
  });

  it('logout revokes the token (Bearer and cookie alike) and leaves other sessions alone', async () => {
    const first = (await login('logout.user@example.com')).body;
    const second = (await login('logout.user@example.com')).body;
    expect((await me(first.token)).status).toBe(200);

    const out = await call(t.app, 'POST', '/api/auth/logout', { token: first.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    const cleared = setCookies(out).find((value) => value.startsWith('auth_token='));
    expect(cleared).toBeDefined();
    expect(cleared!.split(';')[0]).toBe('auth_token=');

    expectUnauthorized(await me(first.token));
    expectUnauthorized(await me(undefined, { cookie: `auth_token=${first.token}` }));
    expectUnauthorized(await call(t.app, 'POST', '/api/auth/logout', { token: first.token }));
    const [row] = await sql<SessionRow[]>('select revoked_at from auth_sessions where token_hash = ?', [sha256(first.token)]);
    expect(row!.revoked_at).not.toBeNull();

    expect((await me(second.token)).body).toEqual(second.user);
  });

  it('logout signed out is 401', async () => {
    expect.hasAssertions();
    expectUnauthorized(await call(t.app, 'POST', '/api/auth/logout'));
  });

  it('an expired session is 401', async () => {
    const { body: session } = await login('expired.user@example.com');
    expect((await me(session.token)).status).toBe(200);
    await sql(`update auth_sessions set expires_at = now() - interval '1 minute' where token_hash = ?`, [sha256(session.token)]);
    expectUnauthorized(await me(session.token));
    expectUnauthorized(await me(undefined, { cookie: `auth_token=${session.token}` }));
  });
});

describe(`roles (${engineName})`, () => {
  it('ADMIN comes only from ADMIN_EMAILS, whatever the case of the e-mail', async () => {
    const admin = await me(await signIn(t.app, ADMIN_EMAIL));
    expect(admin.body).toMatchObject({ email: ADMIN_EMAIL, role: 'ADMIN' });
    const shouted = await me(await signIn(t.app, ADMIN_EMAIL.toUpperCase()));
    expect(shouted.body).toEqual(admin.body);
    expect((await call(t.app, 'GET', '/api/admin/reports', { token: await signIn(t.app, ADMIN_EMAIL) })).status).toBe(200);
  });

  it('nobody becomes admin by signing in', async () => {
    for (const email of ['admin@example.org', `x.${ADMIN_EMAIL}`, 'root@example.com', `${ADMIN_EMAIL}.evil.com`]) {
      const { status, body } = await login(email);
      expect(status, email).toBe(200);
      expect(body.user.role, email).toBe('USER');
    }
    // Extra fields in the body are ignored.
    const sneaky = await call<LoginBody>(t.app, 'POST', '/api/auth/login', {
      body: { email: 'sneaky@example.com', role: 'ADMIN', user: { role: 'ADMIN' } },
    });
    expect(sneaky.status).toBe(200);
    expect(sneaky.body.user.role).toBe('USER');
    const pending = await call(t.app, 'GET', '/api/admin/games/pending', { token: sneaky.body.token });
    expect(pending.status).toBe(403);
  });

  it('promoteUser makes an existing user an admin, effective on the current session', async () => {
    const token = await signIn(t.app, 'future.admin@example.com');
    expect((await me(token)).body.role).toBe('USER');
    expect((await call(t.app, 'GET', '/api/admin/games/pending', { token })).status).toBe(403);

    const promoted = await promoteUser(t.db.orm.em.fork(), '  Future.Admin@Example.com ');
    expect(promoted).toMatchObject({ email: 'future.admin@example.com', role: 'ADMIN' });

    expect((await me(token)).body).toMatchObject({ email: 'future.admin@example.com', role: 'ADMIN' });
    expect((await call(t.app, 'GET', '/api/admin/games/pending', { token })).status).toBe(200);
    // Signing in again keeps the role even though the e-mail is not in ADMIN_EMAILS.
    expect((await me(await signIn(t.app, 'future.admin@example.com'))).body.role).toBe('ADMIN');
  });

  it('promoteUser creates the user when it does not exist yet', async () => {
    const promoted = await promoteUser(t.db.orm.em.fork(), 'new.boss@example.com');
    expect(promoted).toMatchObject({ email: 'new.boss@example.com', name: 'New Boss', role: 'ADMIN' });
    expect((await me(await signIn(t.app, 'new.boss@example.com'))).body).toEqual(promoted);
  });
});
