/**
 * The games origin logs its requests in the portal's shape (issue 49, point 10): one line per
 * answered request, `{"msg":"request", method, path, status, ms}`, not Fastify's
 * "incoming request" / "request completed" pair.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { until } from '../tests/support/until';
import { buildGamesOrigin } from './games-origin';
import type { BuildServer } from './http/build-files';

/** A log stream that keeps each JSON line. */
function logLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('the games origin’s request log', () => {
  it('is one line per request, as the portal’s, without the query', async () => {
    const { lines, stream } = logLines();
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

  it('has no second answer ("Reply was already sent") for a game file whose player left before its end', async () => {
    const { lines, stream } = logLines();
    const bodies: PassThrough[] = [];
    // A game's file still being sent (as a page's index.html or style.css is when the page goes away).
    const builds = {
      serve: async (_request, reply) => {
        const body = new PassThrough();
        bodies.push(body);
        body.write('x'.repeat(64 * 1024));
        return reply.type('text/css').send(body);
      },
    } as Pick<BuildServer, 'serve'> as BuildServer;
    const origin = await buildGamesOrigin({
      env: { PUBLIC_URL: 'http://localhost:4100', NODE_ENV: 'test', GAMES_PUBLIC_URL: 'http://localhost:4101', GAMES_PORT: 4101 },
      logger: { level: 'info', stream },
      builds,
    });
    try {
      await origin.listen({ port: 0, host: '127.0.0.1' });
      const { port } = origin.server.address() as AddressInfo;
      await new Promise<void>((answered, failed) => {
        const asking = httpRequest({ port, host: '127.0.0.1', path: '/style.css', headers: { host: 'paddle-duel.localhost:4101' } }, (response) => {
          // The first bytes arrive, then the player is gone.
          response.once('data', () => {
            asking.destroy();
            answered();
          });
        });
        asking.on('error', (error) => (asking.destroyed ? undefined : failed(error)));
        asking.end();
      });
      await until(() => bodies[0]?.destroyed && lines.some((line) => line.msg === 'stream closed prematurely'), 'the origin giving up the file');
    } finally {
      await origin.close();
    }
    expect(lines.filter((line) => String(line.msg).includes('already sent') || (line.err as { code?: string } | undefined)?.code === 'FST_ERR_REP_ALREADY_SENT')).toEqual([]);
    // Nothing answered the request again (the not-found handler did, with a 404 it could not send).
    expect(lines.filter((line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 404 || Number(line.level) >= 40)).toEqual([]);
  });
});
