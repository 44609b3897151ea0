/**
 * X-Forwarded-For is believed only from configured proxies (TRUST_PROXY): a client
 * that sends its own header cannot spread its sign-ins over made-up addresses.
 * Sign-in allows 20 requests per IP in 15 minutes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';
import { loadEnv } from '../../server/env';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** 40 sign-ins from one peer, each claiming another client address; answers their statuses. */
async function spoofedSignIns(app: TestApp, remoteAddress: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}`, 'content-type': 'application/json' },
      payload: { email: `spoof${i}@example.com` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe(`X-Forwarded-For and per-IP limits (${engineName})`, () => {
  it('by default the header is ignored: the peer address counts, and the limit holds', async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', AUTH_EMAIL_VERIFICATION: 'on' });
    const statuses = await spoofedSignIns(t, '198.51.100.7');
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(202));
    expect(statuses.slice(20)).toEqual(Array(20).fill(429));
  });

  it('from a configured proxy (a CIDR) the header names the client', async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', AUTH_EMAIL_VERIFICATION: 'on', TRUST_PROXY: '10.0.0.0/8' });
    expect(await spoofedSignIns(t, '10.1.2.3')).toEqual(Array(40).fill(202));
    // The same header from anywhere else is still ignored.
    const direct = await spoofedSignIns(t, '198.51.100.8');
    expect(direct.filter((status) => status === 429)).toHaveLength(20);
  });

  it('with a hop count, the address one hop out is the client', async () => {
    t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', AUTH_EMAIL_VERIFICATION: 'on', TRUST_PROXY: '1' });
    expect(await spoofedSignIns(t, '10.1.2.3')).toEqual(Array(40).fill(202));
  });

  it('refuses a setting that is not off, a count or addresses', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
});
