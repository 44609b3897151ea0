import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API } from '../../shared/constants';
import { apiKeyOutput, createdApiKeyOutput } from '../../shared/schemas';
import { call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t.app, 'alice@example.com');
  bob = await signIn(t.app, 'bob@example.com');
});
afterAll(() => t.close());

type Created = { id: number; key: string; prefix: string; createdAt: string };
type Listed = { id: number; prefix: string; createdAt: string; lastUsedAt: string | null };

const createKey = (token?: string) => call<Created>(t.app, 'POST', '/api/dev/keys', token ? { token } : {});
const listKeys = (token?: string) => call<Listed[]>(t.app, 'GET', '/api/dev/keys', token ? { token } : {});
const revokeKey = (id: number | string, token?: string) => call(t.app, 'DELETE', `/api/dev/keys/${id}`, token ? { token } : {});
const v1Games = (key: string) => call(t.app, 'GET', '/api/v1/games', { token: key });

describe(`API keys: /api/dev/keys (${engineName})`, () => {
  it('is 401 signed out, with a JSON message', async () => {
    for (const response of [await createKey(), await listKeys(), await revokeKey(1)]) {
      expect(response.status).toBe(401);
      expect(Object.keys(response.body as object)).toEqual(['message']);
    }
  });

  it('makes a random key, shows it once and stores only its SHA-256', async () => {
    const first = await createKey(alice);
    expect(first.status).toBe(201);
    expect(createdApiKeyOutput.strict().parse(first.body)).toEqual(first.body);
    expect(first.body.key).toMatch(/^pf_live_[0-9A-Za-z]{32}$/);
    expect(first.body.key.startsWith(first.body.prefix)).toBe(true);
    expect(first.body.prefix.length).toBeLessThan(first.body.key.length - 20);
    expect(Date.parse(first.body.createdAt)).not.toBeNaN();

    const second = await createKey(alice);
    expect(second.body.key).not.toBe(first.body.key);

    const rows = await t.db.orm.em
      .fork()
      .getConnection()
      .execute<Record<string, unknown>[]>('select * from api_keys where id = ?', [first.body.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(first.body.key).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(first.body.key);

    const listed = await listKeys(alice);
    expect(listed.status).toBe(200);
    expect(listed.body.map((key) => key.id)).toEqual([second.body.id, first.body.id]);
    for (const key of listed.body) {
      expect(apiKeyOutput.strict().parse(key)).toEqual(key);
      expect(key.lastUsedAt).toBeNull();
    }
    expect(JSON.stringify(listed.body)).not.toContain(first.body.key);
  });

  it("lists only the caller's keys, and notes when a key was last used", async () => {
    const created = await createKey(bob);
    expect((await listKeys(bob)).body.map((key) => key.id)).toEqual([created.body.id]);
    expect((await listKeys(alice)).body.map((key) => key.id)).not.toContain(created.body.id);

    expect((await v1Games(created.body.key)).status).toBe(200);
    const [used] = (await listKeys(bob)).body;
    expect(used!.lastUsedAt).not.toBeNull();
    expect(Date.now() - Date.parse(used!.lastUsedAt!)).toBeLessThan(60_000);
  });

  it('revokes a key (204): it authenticates nothing and leaves the list; someone else cannot revoke it', async () => {
    const created = await createKey(alice);
    expect((await v1Games(created.body.key)).status).toBe(200);

    const theirs = await revokeKey(created.body.id, bob);
    expect(theirs.status).toBe(404);
    expect((await v1Games(created.body.key)).status).toBe(200);

    const revoked = await revokeKey(created.body.id, alice);
    expect(revoked.status).toBe(204);
    expect(revoked.body).toBe('');
    const refused = await v1Games(created.body.key);
    expect(refused.status).toBe(401);
    expect((refused.body as { message: string }).message).toMatch(/API key/);
    expect((await listKeys(alice)).body.map((key) => key.id)).not.toContain(created.body.id);
    expect((await revokeKey(created.body.id, alice)).status).toBe(404);
  });

  it('refuses a malformed id with 400 naming the field', async () => {
    const response = await revokeKey('abc', alice);
    expect(response.status).toBe(400);
    expect((response.body as { message: string }).message).toMatch(/^id/);
  });

  it('keeps keys and sessions apart: a key is no session, a session token is no key', async () => {
    const { body } = await createKey(bob);
    expect((await listKeys(body.key)).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: body.key })).status).toBe(401);
    expect((await v1Games(bob)).status).toBe(401);
  });

  it(`allows ${PUBLIC_API.keysPerUser} working keys per account (409 past that), counting only unrevoked ones`, async () => {
    const carol = await signIn(t.app, 'carol@example.com');
    const made: number[] = [];
    for (let i = 0; i < PUBLIC_API.keysPerUser; i += 1) {
      const response = await createKey(carol);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      made.push(response.body.id);
    }
    const refused = await createKey(carol);
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { message: string }).message).toMatch(/revoke one/);
    expect((await revokeKey(made[0]!, carol)).status).toBe(204);
    expect((await createKey(carol)).status).toBe(201);
  });

  it('is reachable through tRPC too, from the same operations', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/trpc/apikeys.list', headers: { authorization: `Bearer ${bob}` } });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).result.data).toHaveLength(2);
  });
});
