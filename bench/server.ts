/**
 * The benchmark's server process: the real portal app on a fresh embedded
 * database with the built-in catalog and demo data, and beside it, in the same
 * process, a bare Fastify JSON route as the yardstick. The portal logs as shipped.
 */
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/orm';
import { seedCatalog } from '../server/db/seed';
import { seedDemo } from '../server/db/seed-demo';
import { loadEnv } from '../server/env';
import { createServices } from '../server/services';
import { loggerOptions } from '../server/logging';
import { compressBest } from '../server/http/compression';

const portalPort = Number(process.env.BENCH_PORTAL_PORT ?? 3810);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 3811);
const dataDir = mkdtempSync(join(tmpdir(), 'playfree-bench-'));
const env = loadEnv({ ...process.env, NODE_ENV: 'production', PORT: String(portalPort), DATA_DIR: dataDir });

const db = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir });
await migrate(db.orm);
await seedCatalog(db.orm.em.fork(), env);
await seedDemo(db.orm.em.fork());

// Logging as shipped (LOG_LEVEL defaults to info): the bench's parent sends it to a file.
const portal = await buildApp({ services: createServices(env, db), logger: loggerOptions(env) });
await portal.listen({ port: portalPort, host: '127.0.0.1' });
// The payload ceiling: a bare route that sends the home page's exact bytes with no work at all.
const homeBytes = Buffer.from(await (await fetch(`http://127.0.0.1:${portalPort}/api/home`)).arrayBuffer());
// The same bytes as a browser gets them once home is hot (brotli at its best quality, server/http/json-answer.ts).
const homeBrotliBytes = await compressBest(homeBytes);
const bare = Fastify();
bare.get('/bare', async () => ({ hello: 'world' }));
bare.get('/bare-home-bytes', (_request, reply) => {
  void reply.type('application/json; charset=utf-8').send(homeBytes);
});

bare.get('/bare-home-brotli-bytes', (_request, reply) => {
  void reply.type('application/json; charset=utf-8').header('content-encoding', 'br').send(homeBrotliBytes);
});

await bare.listen({ port: barePort, host: '127.0.0.1' });
process.send?.('ready');

process.on('SIGTERM', async () => {
  await Promise.allSettled([portal.close(), bare.close()]);
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
