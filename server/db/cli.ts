/**
 * Database chores for package.json scripts:
 *   migrate            apply pending migrations
 *   create [name]      generate a migration from the entities' difference to the migrated schema
 *   seed               upsert the built-in categories and games catalog
 *   seed-demo          add generated demo plays and ratings (marked as demo data)
 *   rebuild-stats      recompute play counts, daily rollups, session analytics, trending and rating summaries from the raw rows
 *   reset              drop everything in the embedded database folder, then migrate and seed
 *   promote <email>    make an existing or new user an ADMIN
 *   backup <file>      write a consistent backup of the embedded database (also while the portal runs)
 *   restore <file>     replace the embedded database with a backup (refused while a process holds it)
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv } from '../env';
import { backupDataDir, restoreDataDir } from './backup';
import { acquireDataDirLock, LOCK_FILE_NAME, type DataDirLock } from './lock';
import { migrate } from './migrate';
import { databaseOptionsFromEnv, openDatabase } from './orm';
import { seedCatalog } from './seed';
import { createBlobStore } from '../domains/builds/storage/blob-store';
import { seedDemo } from './seed-demo';
import { promoteUser } from '../domains/auth/service';
import { rebuildStats } from '../domains/games/stats';

const [command, ...args] = process.argv.slice(2);
const env = loadEnv();

/** db:backup and db:restore: the embedded database only (PostgreSQL has pg_dump and pg_restore). */
async function backupOrRestore(file: string | undefined): Promise<void> {
  if (env.DATABASE_URL) {
    throw new Error(`db:${command} is for the embedded database. On PostgreSQL use pg_dump and pg_restore (see docs/OPERATIONS.md, Backups).`);
  }
  if (!file) throw new Error(`Usage: npm run db:${command} -- <file>`);
  if (command === 'backup') {
    const { bytes, from } = await backupDataDir(env.DATA_DIR, file);
    console.info(`Backed up ${env.DATA_DIR} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, taken by the ${from})`);
  } else {
    const { games, users } = await restoreDataDir(env.DATA_DIR, file);
    console.info(`Restored ${env.DATA_DIR} from ${file}: ${games} game${games === 1 ? '' : 's'}, ${users} user${users === 1 ? '' : 's'}`);
  }
}

async function main(): Promise<void> {
  if (command === 'backup' || command === 'restore') return backupOrRestore(args[0]);
  let lock: DataDirLock | undefined;
  if (command === 'reset') {
    if (env.DATABASE_URL) {
      throw new Error('db:reset only clears the embedded database; drop and recreate your PostgreSQL database yourself.');
    }
    // Locked first, so a running server's folder is never emptied under it; the lock itself stays.
    lock = acquireDataDirLock(env.DATA_DIR);
    for (const entry of readdirSync(lock.dataDir)) {
      if (entry !== LOCK_FILE_NAME) rmSync(join(lock.dataDir, entry), { recursive: true, force: true });
    }
    console.info(`Emptied ${env.DATA_DIR}`);
  }
  const db = await openDatabase(lock ? { dataDir: env.DATA_DIR, lock } : databaseOptionsFromEnv(env));
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrate(db.orm);
        console.info(applied.length ? `Applied ${applied.join(', ')}` : 'Database schema is up to date');
        break;
      }
      case 'create': {
        await migrate(db.orm);
        const result = await db.orm.migrator.create(undefined, false, false, args[0] ?? 'change');
        console.info(result.diff.up.length ? `Created ${result.fileName}` : 'No schema changes');
        break;
      }
      case 'seed':
      case 'reset': {
        await migrate(db.orm);
        const summary = await seedCatalog(db.orm.em.fork(), env, undefined, { storage: createBlobStore({ kind: env.BUILD_STORAGE, dataDir: env.DATA_DIR, orm: db.orm }) });
        console.info(`Catalog: ${summary.categories} categories, ${summary.games} built-in games (${summary.newBuilds} new builds)`);
        break;
      }
      case 'seed-demo': {
        await migrate(db.orm);
        await seedCatalog(db.orm.em.fork(), env, undefined, { storage: createBlobStore({ kind: env.BUILD_STORAGE, dataDir: env.DATA_DIR, orm: db.orm }) });
        const summary = await seedDemo(db.orm.em.fork());
        console.info(`Demo data: ${summary.plays} plays and ${summary.ratings} ratings from ${summary.users} demo users`);
        break;
      }
      case 'rebuild-stats': {
        await migrate(db.orm);
        const started = Date.now();
        const rebuilt = await rebuildStats(db.orm);
        console.info(
          `Rebuilt from ${rebuilt.playEvents} play events (${rebuilt.dailyRows} daily rows), ${rebuilt.sessions} play sessions and ${rebuilt.ratings} ratings ` +
            `for ${rebuilt.games} games in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
            `then took in the ${rebuilt.keptPlays} play${rebuilt.keptPlays === 1 ? '' : 's'} that arrived meanwhile`,
        );
        break;
      }
      case 'promote': {
        const email = args[0];
        if (!email) throw new Error('Usage: npm run user:promote -- <email>');
        const user = await promoteUser(db.orm.em.fork(), email);
        console.info(`${user.email} is now an ADMIN`);
        break;
      }
      default:
        throw new Error(`Unknown command "${command ?? ''}". Use migrate, create, seed, seed-demo, rebuild-stats, reset, promote, backup or restore.`);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
