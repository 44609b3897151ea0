/**
 * Load shedding: past its limits the server answers 503 at once with Retry-After, in each
 * transport's format, and still answers the liveness check. The heap limit is set below what
 * any server uses, so the server is under pressure from its first sample on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUSY_MESSAGE } from '../../server/http/load-shedding';
import { createTestApp, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAX_HEAP_MB: '1' });
  // under-pressure samples the heap once a second; wait until it is judged.
  for (let i = 0; i < 40 && (await t.app.inject({ method: 'GET', url: '/api/categories' })).statusCode !== 503; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(() => t.close());

describe(`load shedding (${engineName})`, () => {
  it('answers /api with 503 {message} and Retry-After', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: SERVER_BUSY_MESSAGE });
  });

  it('answers /trpc with SERVICE_UNAVAILABLE in tRPC’s format, one per procedure of a batch', async () => {
    const single = await t.app.inject({ method: 'GET', url: '/trpc/categories.list' });
    expect(single.statusCode).toBe(503);
    expect(single.json()).toMatchObject({ error: { message: SERVER_BUSY_MESSAGE, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: 'categories.list' } } });
    const batch = await t.app.inject({ method: 'GET', url: '/trpc/home.get,categories.list?batch=1&input=%7B%7D' });
    expect(batch.statusCode).toBe(503);
    expect((batch.json() as { error: { data: { path: string } } }[]).map((entry) => entry.error.data.path)).toEqual(['home.get', 'categories.list']);
  });

  it('still answers the liveness check; readiness says 503', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
  });
});
