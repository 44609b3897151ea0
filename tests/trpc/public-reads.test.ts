/**
 * The web app's public catalog reads over GET /trpc are answered in front of
 * tRPC's pipeline (server/trpc/public-reads.ts): same wire format and data as
 * tRPC itself, the shared answers' compression and ETags, and every failure left
 * to tRPC's own error answers.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp } from '../support/app';
import { engineName } from '../support/engine';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

const batchInput = (inputs: unknown[]) => encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, input]))));

describe(`public reads over /trpc (${engineName})`, () => {
  it('answers a query in tRPC format with the /api data, as a shared answer with an ETag', async () => {
    const response = await get('/trpc/home.get');
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toMatch(/^W\//);
    const api = await call(t.app, 'GET', '/api/home');
    expect(JSON.parse(response.body)).toEqual({ result: { data: api.body } });
  });

  it('answers a batch exactly as tRPC does', async () => {
    const inputs = [undefined, undefined, { sort: 'newest', limit: 2 }];
    const fast = await get(`/trpc/home.get,categories.list,games.list?batch=1&input=${batchInput(inputs)}`);
    expect(fast.statusCode).toBe(200);
    expect(fast.headers.etag).toBeDefined();
    // With a signed-in-only procedure in it, the whole batch goes through tRPC's own pipeline.
    const piped = await get(`/trpc/home.get,categories.list,games.list,auth.me?batch=1&input=${batchInput([...inputs, undefined])}`);
    expect(piped.headers.etag).toBeUndefined();
    const pipedParts = JSON.parse(piped.body) as unknown[];
    expect(JSON.parse(fast.body)).toEqual(pipedParts.slice(0, 3));
    expect(pipedParts[3]).toMatchObject({ error: { data: { code: 'UNAUTHORIZED' } } });
  });

  it('compresses for browsers and revalidates with If-None-Match', async () => {
    const url = `/trpc/games.list?input=${encodeURIComponent(JSON.stringify({ sort: 'popular' }))}`;
    const plain = await get(url);
    // A new answer's first compressed send is gzip at its fastest, the next ones brotli.
    const first = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload).toString()).toBe(plain.body);
    const compressed = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    const revalidated = await get(url, { 'if-none-match': String(plain.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it("leaves failures to tRPC's error answers", async () => {
    const missing = await get(`/trpc/games.bySlug?input=${encodeURIComponent(JSON.stringify({ slug: 'no-such-game' }))}`);
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ error: { message: 'Game not found', data: { code: 'NOT_FOUND' } } });
    const invalid = await get(`/trpc/games.list?input=${encodeURIComponent(JSON.stringify({ limit: 0 }))}`);
    expect(invalid.statusCode).toBe(400);
    expect(JSON.parse(invalid.body)).toMatchObject({ error: { data: { code: 'BAD_REQUEST' } } });
    expect(JSON.parse(invalid.body).error.message).toMatch(/^limit:/);
    const malformed = await get('/trpc/games.list?input=%7Bnot-json');
    expect(malformed.statusCode).toBe(400);
  });

  it("gives a signed-in caller their own favourite marks, never an anonymous caller's answer", async () => {
    const token = await signIn(t.app, 'fan@example.com');
    const anonymous = JSON.parse((await get('/trpc/games.bySlug?input=%7B%22slug%22%3A%22paddle-duel%22%7D')).body);
    await call(t.app, 'POST', `/api/games/${anonymous.result.data.id}/favorite`, { token });
    const mine = await get('/trpc/games.bySlug?input=%7B%22slug%22%3A%22paddle-duel%22%7D', { authorization: `Bearer ${token}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.etag).toBeUndefined();
    expect(JSON.parse(mine.body).result.data.isFavorited).toBe(true);
    const again = JSON.parse((await get('/trpc/games.bySlug?input=%7B%22slug%22%3A%22paddle-duel%22%7D')).body);
    expect(again.result.data.isFavorited).toBe(false);
  });
});
