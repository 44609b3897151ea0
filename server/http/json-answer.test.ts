import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { shareAnswer } from '../domains/games/shared-answer';
import { sendJson, serializeShared } from './json-answer';

describe('serializeShared', () => {
  it('writes what JSON.stringify writes, for lists, envelopes and values of every kind', () => {
    const game = { id: 1, title: 'Space "Run"', tags: ['a', 'b'], metrics: { plays: 3, rating: null }, missing: undefined };
    const answers: unknown[] = [
      [game, game, { id: 2, at: new Date(0) }],
      { popular: [game], trending: [], note: 'x', skip: undefined, fn: () => 1 },
      { result: { data: [game, null, 3, 'text', undefined, [1, [2]]] } },
      Object.assign(Object.create(null) as object, { a: 1 }),
      { nested: { date: new Date(0), list: [{ toJSON: () => 'custom' }] } },
      [],
      {},
    ];
    for (const answer of answers) expect(serializeShared(answer)).toBe(JSON.stringify(answer));
  });

  it('writes an object of a list from its first JSON when a later list shows it again', () => {
    const game = { id: 1, title: 'Tower' };
    expect(serializeShared([game])).toBe('[{"id":1,"title":"Tower"}]');
    // Shared objects never change; the second list reuses what the first one wrote.
    game.title = 'Changed';
    expect(serializeShared({ games: [game] })).toBe('{"games":[{"id":1,"title":"Tower"}]}');
  });

  it('writes a copy of a shared object (a favourited game) afresh, not from the JSON its original carries', () => {
    const game = { id: 1, isFavorited: false };
    expect(serializeShared([game])).toBe('[{"id":1,"isFavorited":false}]');
    const favorited = { ...game, isFavorited: true };
    expect(serializeShared([favorited])).toBe('[{"id":1,"isFavorited":true}]');
    expect(Object.keys(game)).toEqual(['id', 'isFavorited']);
  });
});

describe('sendShared', () => {
  // A shared answer as the catalog cache hands out: large enough to be compressed.
  const answer = () => shareAnswer({ items: Array.from({ length: 40 }, (_, id) => ({ id, title: `Game ${id}`, description: 'A game to play in the browser.' })) }, Date.now() + 60_000);

  async function serverSending(value: object) {
    const app = Fastify();
    app.get('/answer', (request, reply) => sendJson(request, reply, 200, value, {}));
    await app.ready();
    return app;
  }

  it('sends the same JSON and ETag in every encoding, in any order, after its text was dropped for the compressed body', async () => {
    const value = answer();
    const app = await serverSending(value);
    const wanted = JSON.stringify(value);
    const bodies: Record<string, (raw: Buffer) => string> = {
      gzip: (raw) => gunzipSync(raw).toString(),
      br: (raw) => brotliDecompressSync(raw).toString(),
      identity: (raw) => raw.toString(),
    };
    const etags = new Set<string>();
    // gzip first (the fast first send), then brotli and plain made again from the answer.
    for (const encoding of ['gzip', 'br', 'identity', 'br', 'gzip']) {
      const response = await app.inject({ url: '/answer', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(bodies[encoding]!(response.rawPayload)).toBe(wanted);
      etags.add(String(response.headers.etag));
    }
    expect(etags.size).toBe(1);
    const revalidated = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br', 'if-none-match': [...etags][0]! } });
    expect(revalidated.statusCode).toBe(304);
    await app.close();
  });

  it('keeps no copy of the JSON text once its compressed body is made', async () => {
    const value = answer();
    const app = await serverSending(value);
    await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip, br' } });
    const kept = Object.getOwnPropertySymbols(value).map((symbol) => (value as Record<symbol, unknown>)[symbol]);
    const texts = kept.flatMap((entry) => (entry && typeof entry === 'object' ? Object.values(entry) : [])).filter((field) => typeof field === 'string' && field.length > 1000);
    expect(texts).toEqual([]);
    await app.close();
  });
});
