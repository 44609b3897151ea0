import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { Forbidden, Unauthorized } from '../errors';
import { authorize } from '../operation';
import { API_KEY_PREFIX, createApiKey, findApiKeyUser, listApiKeys, revokeApiKey } from './service';

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest();
});
afterAll(() => t.close());

describe(`API keys service, called without any transport (${engineName})`, () => {
  it("finds a working key's owner and key, and nothing for a malformed, unknown or revoked key", async () => {
    const ada = await t.signedIn('ada@example.com');
    const made = await createApiKey(ada);
    const found = await findApiKeyUser(t.db.orm.em.fork(), made.key);
    expect(found).toMatchObject({ apiKeyId: made.id, user: { id: ada.user.id, email: 'ada@example.com', blocked: false } });

    for (const key of ['', made.key.slice(0, -1), `${made.key}x`, made.key.replace(API_KEY_PREFIX, 'pf_test_'), `${API_KEY_PREFIX}${'0'.repeat(32)}`]) {
      expect(await findApiKeyUser(t.db.orm.em.fork(), key), key).toBeNull();
    }
    await revokeApiKey(ada, made.id);
    expect(await findApiKeyUser(t.db.orm.em.fork(), made.key)).toBeNull();
  });

  it('writes last use at most once a minute per key', async () => {
    const bo = await t.signedIn('bo@example.com');
    const made = await createApiKey(bo);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await findApiKeyUser(t.db.orm.em.fork(), made.key);
      const [first] = await listApiKeys(bo);
      expect(first!.lastUsedAt).not.toBeNull();
      await t.db.orm.em.fork().getConnection().execute(`update api_keys set last_used_at = now() - interval '30 seconds' where id = ?`, [made.id]);
      await findApiKeyUser(t.db.orm.em.fork(), made.key);
      const [unchanged] = await listApiKeys(bo);
      expect(Date.parse(unchanged!.lastUsedAt!)).toBeLessThan(Date.parse(first!.lastUsedAt!));
      vi.setSystemTime(Date.now() + 61_000);
      await findApiKeyUser(t.db.orm.em.fork(), made.key);
      const [written] = await listApiKeys(bo);
      expect(Date.parse(written!.lastUsedAt!)).toBeGreaterThan(Date.parse(unchanged!.lastUsedAt!));
    } finally {
      vi.useRealTimers();
    }
  });

  it("authorize('apiKey') resolves the owner from the key alone, and refuses a blocked owner", async () => {
    const cy = await t.signedIn('cy@example.com');
    const made = await createApiKey(cy);
    const ctx = t.context({ token: made.key });
    await authorize(ctx, 'apiKey');
    expect(ctx.user?.id).toBe(cy.user.id);
    expect(ctx.apiKeyId).toBe(made.id);
    // A session token is no key.
    await expect(authorize(t.context({ token: cy.token }), 'apiKey')).rejects.toBeInstanceOf(Unauthorized);
    await expect(authorize(t.context(), 'apiKey')).rejects.toBeInstanceOf(Unauthorized);

    await t.db.orm.em.fork().getConnection().execute('update users set blocked_at = now() where id = ?', [cy.user.id]);
    await expect(authorize(t.context({ token: made.key }), 'apiKey')).rejects.toBeInstanceOf(Forbidden);
  });
});
