/**
 * `npm run checks:record-built-in`: checks every built-in game in Chromium, as a checker would
 * check an upload, and writes the verdicts to games/recorded-checks.json with each build's content
 * hash and the checks' version (server/domains/builds/recorded-checks.ts). A fresh portal then
 * uses them instead of checking the built-in games itself. Run it when a built-in game or a check
 * changes (recorded-checks.test.ts says so in CI), and commit the file.
 *
 * Each game is served from a throwaway in-memory database and build storage by the real games
 * origin, on its preview host, exactly as the portal serves a build to its checkers.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/orm';
import { seedCatalog } from '../server/db/seed';
import { hasBuiltInFolder } from '../server/domains/builds/built-in';
import { checkBuild, findChromium } from '../server/domains/builds/checks';
import { buildFiles, liveBuildOf } from '../server/domains/builds/queries';
import { builtInBuildHash, checksVersion, RECORDED_CHECKS_FILE, recordedChecksText, type RecordedChecks } from '../server/domains/builds/recorded-checks';
import { createBlobStore } from '../server/domains/builds/storage/blob-store';
import { buildGamesOrigin } from '../server/games-origin';
import { BuildServer } from '../server/http/build-files';
import { loadCatalog } from '../server/db/catalog';
import { queryOf } from '../server/db/kysely';
import { localPreviewUrlOf } from '../shared/urls';

const chromiumPath = findChromium(process.env.CHROMIUM_PATH || undefined);
if (!chromiumPath) {
  console.error('Chromium is needed to record the checks: apt-get install -y chromium (or set CHROMIUM_PATH)');
  process.exit(1);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'playfree-record-checks-'));
const db = await openDatabase({ pglite: await PGlite.create() });
try {
  await migrate(db.orm);
  const storage = createBlobStore({ kind: 'folder', dataDir, orm: db.orm });
  const port = await freePort();
  const env = { PUBLIC_URL: 'http://localhost:1', NODE_ENV: 'production' as const, GAMES_PUBLIC_URL: `http://localhost:${port}`, GAMES_PORT: port };
  // Nothing recorded is used here: every build is checked.
  await seedCatalog(db.orm.em.fork(), env, undefined, { storage, recordedChecks: {} });
  const origin = await buildGamesOrigin({ env, builds: new BuildServer(db.orm, storage) });
  await origin.listen({ port, host: '127.0.0.1' });
  const version = checksVersion();
  const games: RecordedChecks = {};
  try {
    for (const { slug } of loadCatalog().filter((entry) => hasBuiltInFolder(entry.slug))) {
      const em = db.orm.em.fork();
      const live = await liveBuildOf(em, slug);
      if (!live) throw new Error(`${slug} has no live build after seeding`);
      const { preview_token: token } = await queryOf(em).selectFrom('game_builds').select('preview_token').where('id', '=', live.id).executeTakeFirstOrThrow();
      const files = await buildFiles(em, live.id);
      const checks = await checkBuild({ url: localPreviewUrlOf(port, token), files, chromiumPath });
      // A verdict without the browser says nothing about the game: record none rather than that.
      if (!checks.browser) throw new Error(`${slug}: Chromium did not run (${checks.items.find((item) => item.id === 'starts')?.advice ?? 'no reason given'})`);
      games[slug] = { build: builtInBuildHash(files), checksVersion: version, checks };
      const notPassed = checks.items.filter((item) => item.verdict !== 'pass').map((item) => `${item.id} ${item.verdict}: ${item.measured}`);
      console.info(`${slug}: ${checks.verdict} in ${checks.seconds} s${notPassed.length ? ` (${notPassed.join('; ')})` : ''}`);
    }
  } finally {
    await origin.close();
  }
  writeFileSync(RECORDED_CHECKS_FILE, recordedChecksText(games));
  console.info(`Recorded ${Object.keys(games).length} verdicts (checks version ${version}) in games/recorded-checks.json: commit it.`);
} finally {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
