/** E-mail sign-in with a one-time code (issue #5): the code's life, lockout, enumeration and rate limits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_MS, MAX_WRONG_CODES } from '../../server/domains/auth/codes';
import { call, createTestApp, lastCodeFor, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_EMAIL_VERIFICATION: 'on' });
});
afterAll(() => t.close());

const login = (email: string) => call(t.app, 'POST', '/api/auth/login', { body: { email } });
const verify = (email: string, code: string) => call(t.app, 'POST', '/api/auth/verify', { body: { email, code } });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 10 ** 8).padStart(8, '0');

describe(`sign-in with a mailed code (${engineName})`, () => {
  it('answers 202 code_sent and mails an 8-digit code and a sign-in link; the code signs in once', async () => {
    const email = 'first@example.com';
    const started = await login(email);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ status: 'code_sent' });
    expect(started.headers['set-cookie']).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    const mail = t.mails.findLast((candidate) => candidate.to === email)!;
    const code = lastCodeFor(t.mails, email);
    expect(code).toMatch(/^\d{8}$/);
    expect(mail.text).toContain(`/signin?email=first%40example.com&code=${code}`);

    const verified = await verify(email, `${code.slice(0, 4)} ${code.slice(4)}`);
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email, role: 'USER' });
    expect(verified.headers['set-cookie']).toMatch(/auth_token=/);
    const me = await call(t.app, 'GET', '/api/auth/me', { token: verified.body.token });
    expect(me.body.email).toBe(email);

    const again = await verify(email, code);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: 'Invalid or expired code. Request a new one.' });
  });

  it('stores the code only as a salted hash', async () => {
    const email = 'hash@example.com';
    await login(email);
    await new Promise((resolve) => setImmediate(resolve));
    const code = lastCodeFor(t.mails, email);
    const rows = await t.db.orm.em
      .getConnection()
      .execute<Record<string, unknown>[]>('select * from login_challenges where email = ?', [email]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a newer request supersedes the older code', async () => {
    const email = 'twice@example.com';
    await login(email);
    await new Promise((resolve) => setImmediate(resolve));
    const first = lastCodeFor(t.mails, email);
    await login(email);
    await new Promise((resolve) => setImmediate(resolve));
    const second = lastCodeFor(t.mails, email);
    if (first !== second) expect((await verify(email, first)).status).toBe(401);
    expect((await verify(email, second)).status).toBe(200);
  });

  it('expires codes after 10 minutes', async () => {
    const email = 'late@example.com';
    await login(email);
    await new Promise((resolve) => setImmediate(resolve));
    const code = lastCodeFor(t.mails, email);
    await t.db.orm.em
      .getConnection()
      .execute(`update login_challenges set expires_at = now() - interval '1 second' where email = ?`, [email]);
    expect(CODE_TTL_MS).toBe(10 * 60 * 1000);
    expect((await verify(email, code)).status).toBe(401);
  });

  it(`closes the code after ${MAX_WRONG_CODES} wrong tries, even for the right code afterwards`, async () => {
    const email = 'guesser@example.com';
    await login(email);
    await new Promise((resolve) => setImmediate(resolve));
    const code = lastCodeFor(t.mails, email);
    for (let attempt = 0; attempt < MAX_WRONG_CODES; attempt += 1) {
      expect((await verify(email, wrongCodeFor(code))).status).toBe(401);
    }
    expect((await verify(email, code)).status).toBe(401);
    // A new code works again.
    await login(email);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await verify(email, lastCodeFor(t.mails, email))).status).toBe(200);
  });

  it('answers the same for existing and unknown accounts', async () => {
    const known = 'known@example.com';
    await login(known);
    await new Promise((resolve) => setImmediate(resolve));
    await verify(known, lastCodeFor(t.mails, known));
    const forKnown = await login(known);
    const forUnknown = await login('nobody-yet@example.com');
    expect(forKnown.status).toBe(forUnknown.status);
    expect(forKnown.body).toEqual(forUnknown.body);
    expect(Object.keys(forKnown.headers).sort()).toEqual(Object.keys(forUnknown.headers).sort());
  });

  it('rejects malformed codes with 400 naming the field', async () => {
    for (const code of ['1234', 'abcdefgh', '123456789', '']) {
      const response = await verify('x@example.com', code);
      expect(response.status, code).toBe(400);
      expect(response.body.message).toMatch(/^code:/);
    }
  });
});

describe(`sign-in rate limits (${engineName})`, () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_EMAIL_VERIFICATION: 'on', RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After after 5 sign-in requests for one account', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i += 1) {
      last = await call(limited.app, 'POST', '/api/auth/login', { body: { email: 'spam@example.com' } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.body.message).toMatch(/^Too many requests/);
    // Another account from the same IP is still served.
    expect((await call(limited.app, 'POST', '/api/auth/login', { body: { email: 'other@example.com' } })).status).toBe(202);
  });

  it('limits verify attempts per account across codes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await call(limited.app, 'POST', '/api/auth/verify', { body: { email: 'v@example.com', code: '00000000' } })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('applies the same limits through /trpc', async () => {
    let status = 0;
    for (let i = 0; i < 6; i += 1) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        payload: { email: 'trpc-spam@example.com' },
      });
      status = response.statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('AUTH_EMAIL_VERIFICATION=off', () => {
  it('signs non-admins in at once, still mails admins a code, and is refused in production', async () => {
    const off = await createTestApp({ AUTH_EMAIL_VERIFICATION: 'off' });
    try {
      const user = await call(off.app, 'POST', '/api/auth/login', { body: { email: 'demo@example.com' } });
      expect(user.status).toBe(200);
      expect(user.body.token).toBeTruthy();
      const admin = await call(off.app, 'POST', '/api/auth/login', { body: { email: 'admin@example.com' } });
      expect(admin.status).toBe(202);
    } finally {
      await off.close();
    }
    const { loadEnv } = await import('../../server/env');
    expect(() => loadEnv({ NODE_ENV: 'production', AUTH_EMAIL_VERIFICATION: 'off' })).toThrow(/refused with NODE_ENV=production/);
  });
});
