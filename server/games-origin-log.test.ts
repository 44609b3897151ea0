/**
 * The games origin logs its requests in the portal's shape (issue 49, point 10): one line per
 * answered request, `{"msg":"request", method, path, status, ms}`, not Fastify's
 * "incoming request" / "request completed" pair.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildGamesOrigin } from './games-origin';

describe('the games origin’s request log', () => {
  it('is one line per request, as the portal’s, without the query', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const origin = await buildGamesOrigin({
      env: { PUBLIC_URL: 'http://localhost:4100', NODE_ENV: 'test', GAMES_PUBLIC_URL: 'http://localhost:4101' },
      logger: { level: 'info', stream },
    });
    try {
      expect((await origin.inject({ url: '/sdk/playfree-sdk.js?v=1' })).statusCode).toBe(200);
      expect((await origin.inject({ url: '/nothing-here' })).statusCode).toBe(404);
    } finally {
      await origin.close();
    }
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/sdk/playfree-sdk.js', status: 200 },
      { method: 'GET', path: '/nothing-here', status: 404 },
    ]);
    for (const line of requests) expect(line.ms).toEqual(expect.any(Number));
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });
});
