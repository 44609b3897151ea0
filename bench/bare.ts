/**
 * The yardstick: a bare Fastify route in a process of its own, started by the bench on
 * the same Node as the portal, so the two never share an event loop. `/bare` answers a
 * tiny JSON object. Given BENCH_HOME_URL (the portal's /api/home), it also sends that
 * answer's exact bytes with no work at all, plain and at brotli's best quality (as the
 * portal sends a hot answer, server/http/json-answer.ts): the most any server could
 * reach here with that payload. That one is started as a second process: compressing at
 * start made its `/bare` 13–15 % faster than the yardstick an outside measure runs.
 */
import Fastify from 'fastify';
import { compressBest } from '../server/http/compression';

const bare = Fastify();
bare.get('/bare', async () => ({ hello: 'world' }));

const homeUrl = process.env.BENCH_HOME_URL;
if (homeUrl) {
  const homeText = await (await fetch(homeUrl)).text();
  const homeBytes = Buffer.from(homeText);
  const homeBrotliBytes = await compressBest(homeText);
  bare.get('/bare-home-bytes', (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(homeBytes);
  });
  bare.get('/bare-home-brotli-bytes', (_request, reply) => {
    void reply.type('application/json; charset=utf-8').header('content-encoding', 'br').send(homeBrotliBytes);
  });
}

await bare.listen({ port: Number(process.env.BENCH_BARE_PORT ?? 3811), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void bare.close().then(() => process.exit(0)));
