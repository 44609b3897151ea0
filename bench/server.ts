/**
 * The small bench's portal process: the real portal app on a fresh embedded
 * database with the built-in catalog and demo data, logging as shipped. The
 * yardstick runs in a process of its own (bench/bare.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/orm';
import { seedCatalog } from '../server/db/seed';
import { createBlobStore } from '../server/domains/builds/storage/blob-store';
import { seedDemo } from '../server/db/seed-demo';
import { loadEnv } from '../server/env';
import { createServices } from '../server/services';
import { loggerOptions } from '../server/logging';

const portalPort = Number(process.env.BENCH_PORTAL_PORT ?? 3810);
const dataDir = mkdtempSync(join(tmpdir(), 'playfree-bench-'));
const env = loadEnv({ ...process.env, NODE_ENV: 'production', PORT: String(portalPort), DATA_DIR: dataDir });

const db = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir });
await migrate(db.orm);
await seedCatalog(db.orm.em.fork(), env, undefined, { storage: createBlobStore({ kind: env.BUILD_STORAGE, dataDir: env.DATA_DIR, orm: db.orm }) });
await seedDemo(db.orm.em.fork());

// Logging as shipped (LOG_LEVEL defaults to info): the bench's parent sends it to a file.
const portal = await buildApp({ services: createServices(env, db), logger: loggerOptions(env) });
await portal.listen({ port: portalPort, host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await portal.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
