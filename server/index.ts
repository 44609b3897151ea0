/**
 * Starts the portal: opens the database (embedded PGlite unless DATABASE_URL),
 * applies migrations, syncs the built-in catalog, then listens on PORT (portal,
 * /api, /trpc) and GAMES_PORT (the games origin). Closes cleanly on SIGINT/SIGTERM.
 */
import { buildApp } from './app';
import { listenOnSharedPort } from './http/listen';
import { serveBackups } from './db/backup';
import { migrate } from './db/migrate';
import { DataDirLockedError } from './db/lock';
import { databaseOptionsFromEnv, openDatabase, type Database } from './db/orm';
import { seedCatalog } from './db/seed';
import { createBlobStore } from './domains/builds/storage/blob-store';
import { loadEnv } from './env';
import { loggerOptions } from './logging';
import { buildGamesOrigin } from './games-origin';
import { PlayTickets } from './domains/kids/tickets';
import { BuildServer } from './http/build-files';
import { fileOffloadOf } from './http/build-file-answers';
import { createServices } from './services';
import { startLocalCheckers } from './checker/local';
import { startTrendingWindowClock } from './domains/games/stats';
import { prepareSearch } from './domains/games/read-model';
import { readyLine } from './ready-line';
import { startRooms } from './rooms/engine';
import { registerRoomRoutes } from './rooms/routes';
import { createRooms } from './rooms/service';
import { startRoomPlayersRefresh } from './domains/visitors/room-players';
import { buildMetricsServer } from './metrics/server';
import { maintainPageEvents } from './domains/analytics/page-events';
import { startJobs } from './jobs/jobs';

const env = loadEnv();
const logger = loggerOptions(env);

function refuseLockedDataDir(error: unknown): never {
  // Another process holds the embedded database: say who, without a stack trace.
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** Applies pending migrations and syncs the built-in catalog, with each built-in game's build. */
async function prepare(orm: Database['orm']) {
  const storage = createBlobStore({ kind: env.BUILD_STORAGE, dataDir: env.DATA_DIR, orm });
  return { applied: await migrate(orm), catalog: await seedCatalog(orm.em.fork(), env, undefined, { storage }) };
}

// On PostgreSQL, migrations, the catalog sync and the background jobs (the trending window,
// pruning) run on maintenance sessions, not the requests' short ones: a migration that backfills a
// large catalog, or a window move after days away, takes longer than any request may.
// (PGlite is one connection in this process: everything shares it.)
const maintenance = env.DATABASE_URL ? await openDatabase(databaseOptionsFromEnv(env)) : undefined;
const prepared = maintenance ? await prepare(maintenance.orm) : undefined;
const db = await openDatabase(databaseOptionsFromEnv(env, { session: 'request' })).catch(refuseLockedDataDir);
const { applied, catalog } = prepared ?? (await prepare(db.orm));

const services = createServices(env, db);
await services.frameOrigins.refresh(db.orm.em.fork());
// Approvals made by other instances reach this one's CSP within a minute.
setInterval(() => void services.frameOrigins.refresh(db.orm.em.fork()).catch(() => {}), 60_000).unref();
const app = await buildApp({ services, logger });
// Searches are answered from memory once the catalog's words are loaded (the database answers until then); the most played games are then read ahead.
void prepareSearch(db.orm.em.fork(), services.catalogCache).catch((error: unknown) => app.log.warn({ err: error }, 'building the search index failed; searches ask the database'));
// Trending counts the last 7 days: move the window on when the day changes (and prune old raw plays if asked).
// It also counts the plays kept while maintenance held the stats lock, whoever kept them.
const trendingClock = startTrendingWindowClock((maintenance ?? db).orm, {
  retentionDays: env.PLAY_EVENTS_RETENTION_DAYS,
  onError: (error) => app.log.warn({ err: error }, 'moving the trending window, counting kept plays or pruning old plays failed'),
});
app.addHook('onClose', async () => trendingClock.stop());
// Raw page events: next months' partitions made ahead, and whatever may go (a month whose revenue
// is entered, or past PAGE_EVENTS_RETENTION_DAYS) dropped; at start, then hourly.
const maintainPage = () =>
  void maintainPageEvents((maintenance ?? db).orm, env.PAGE_EVENTS_RETENTION_DAYS).catch((error: unknown) => app.log.warn({ err: error }, 'page events upkeep (partitions, pruning) failed'));
maintainPage();
const pageEventsUpkeep = setInterval(maintainPage, 60 * 60_000).unref();
app.addHook('onClose', async () => clearInterval(pageEventsUpkeep));
// Background jobs on the job library (server/jobs/jobs.ts lists them): feeds' scheduled syncs.
const jobs = await startJobs(maintenance ?? db, services, app.log, env.DATABASE_URL);
app.addHook('onClose', async () => jobs.stop());
const gamesOrigin = await buildGamesOrigin({ env, logger, builds: new BuildServer(db.orm, services.buildStorage, { offload: fileOffloadOf(env) }), playTickets: new PlayTickets(db.orm) });

// `npm run db:backup` asks this process for a consistent dump of the embedded database it holds.
const backups = db.pglite ? await serveBackups(db.pglite, env.DATA_DIR) : undefined;
app.addHook('onClose', async () => void backups?.close());

// Real-time rooms on the portal's own HTTP server (/rooms sockets, /api/rooms); closed before the
// server, so no player's socket holds the close up. ROOMS_IN_PORTAL=off: rooms only on room processes.
const roomsServer = env.ROOMS_IN_PORTAL === 'on' ? app.server : undefined;
const rooms = createRooms(await startRooms({ server: roomsServer, redisUrl: env.REDIS_URL, publicAddress: env.ROOMS_PUBLIC_ADDRESS }));
await app.register(async (scope) => registerRoomRoutes(scope, services, rooms));
app.addHook('preClose', () => rooms.engine.close());
// "Playing now" counts players in rooms too: read from the engine in the background, never per request.
const roomPlayersRefresh = startRoomPlayersRefresh(() => rooms.engine.playersByGame(), {
  onError: (error) => app.log.warn({ err: error }, 'reading the players in rooms failed; playing now keeps the last count'),
});
app.addHook('onClose', async () => roomPlayersRefresh.stop());

await listenOnSharedPort(app, env.PORT, env.HOST);
await listenOnSharedPort(gamesOrigin, env.GAMES_PORT, env.HOST);
// Prometheus metrics on a port of their own (docs/OPERATIONS.md).
const metricsServer = env.METRICS_PORT === 0 ? undefined : await buildMetricsServer(services.metrics, env.METRICS_TOKEN);
await metricsServer?.listen({ port: env.METRICS_PORT, host: env.METRICS_HOST });
const metricsUrl = `http://${env.METRICS_HOST.includes(':') ? `[${env.METRICS_HOST}]` : env.METRICS_HOST}:${env.METRICS_PORT}/metrics`;
// Uploaded builds are checked by checkers, programs of their own with none of this process's
// settings or rights (docs/SECURITY.md); one runs as a child unless LOCAL_CHECKERS=0.
const checkers = startLocalCheckers(services, { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) });
app.log.info(
  `${db.engine === 'pglite' ? `Embedded PostgreSQL (PGlite) in ${env.DATA_DIR}` : 'PostgreSQL at DATABASE_URL'}; ` +
    `${applied.length} migration(s) applied; catalog: ${catalog.games} built-in games`,
);
const ready = readyLine({
  publicUrl: env.PUBLIC_URL,
  gamesUrl: env.GAMES_PUBLIC_URL,
  metricsUrl: metricsServer ? metricsUrl : null,
  metricsToken: Boolean(env.METRICS_TOKEN),
  checksOff: checkers.checksOff,
});
if (checkers.checksOff) app.log.warn(ready);
else app.log.info(ready);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  // A request that never ends must not keep the process from stopping: give up after 10 s.
  setTimeout(() => {
    app.log.error(`${signal}: still closing after 10 s, exiting anyway`);
    process.exit(1);
  }, 10_000).unref();
  // Stop accepting and finish in-flight requests (and the app's onClose hooks, which flush
  // batched writes) before the database closes under them (http/listen.ts closes each
  // connection as soon as its last answer is sent).
  await Promise.allSettled([app.close(), gamesOrigin.close(), checkers.stop(), metricsServer?.close()]);
  app.log.info(`${signal}: requests finished; closing the database`);
  // Every acknowledged write is committed by now; a pool that will not end must not hold the exit.
  const closeAll = Promise.all([db.close(), maintenance?.close()]).then(() => true);
  const closed = await Promise.race([closeAll, new Promise<false>((resolve) => setTimeout(() => resolve(false), 3_000).unref())]);
  if (!closed) app.log.warn(`${signal}: the database connections did not close within 3 s; exiting anyway`);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
