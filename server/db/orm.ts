/**
 * Opens the database: a real PostgreSQL when DATABASE_URL is set, otherwise the
 * embedded PGlite (PostgreSQL compiled to WASM) with its data in DATA_DIR.
 */
import { PGlite } from '@electric-sql/pglite';
import { MikroORM } from '@mikro-orm/postgresql';
import baseConfig from '../../mikro-orm.config';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { createPGliteDialect } from './pglite-dialect';

export type Database = {
  orm: MikroORM;
  /** Which engine this is, for logs and test names. */
  engine: 'pglite' | 'postgresql';
  close(): Promise<void>;
  /** The embedded database itself (PGlite only): backups are dumps of it. */
  pglite?: PGlite;
};

export type DatabaseOptions =
  /** failFast: the server's short timeouts (503 within 3 s while PostgreSQL is down). */
  | { url: string; failFast?: boolean; replicaUrls?: string[] }
  /** The folder is locked for this process before PGlite opens it (or `lock`, already taken). */
  | { dataDir: string; lock?: DataDirLock }
  /** An already-open PGlite (tests load a migrated template into memory). */
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const orm = await MikroORM.init({
      ...baseConfig,
      clientUrl: options.url,
      pool: { min: 0, max: 10 },
      // Replicas serve only what asks for them (the catalog reads: getConnection('read')), so a
      // session, a sign-in or anything just written is always read back from the primary.
      replicas: (options.replicaUrls ?? []).map((clientUrl, index) => ({ name: `replica-${index + 1}`, clientUrl })),
      preferReadReplicas: false,
      // Fail fast when PostgreSQL is down or unreachable, so requests answer 503 within ~3 s
      // instead of hanging: a connection (or a free pool slot) within 2 s, an answer within 2.5 s.
      // Long-running work (the db:* scripts, tests) opens it without failFast.
      driverOptions: options.failFast ? { connectionTimeoutMillis: 2_000, query_timeout: 2_500, statement_timeout: 2_500 } : { connectionTimeoutMillis: 10_000 },
    });
    return { orm, engine: 'postgresql', close: () => orm.close(true) };
  }
  let pglite: PGlite;
  let lock: DataDirLock | undefined;
  if ('pglite' in options) {
    pglite = options.pglite;
  } else {
    lock = options.lock ?? acquireDataDirLock(options.dataDir);
    try {
      pglite = await PGlite.create({ dataDir: lock.dataDir });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const orm = await MikroORM.init({ ...baseConfig, dbName: 'postgres', driverOptions: createPGliteDialect(pglite) });
  return {
    orm,
    engine: 'pglite',
    pglite,
    close: async () => {
      await orm.close(true);
      if (!pglite.closed) await pglite.close();
      lock?.release();
    },
  };
}

export function databaseOptionsFromEnv(
  env: { DATABASE_URL?: string | undefined; DATABASE_REPLICA_URLS?: string[]; DATA_DIR: string },
  { failFast = false } = {},
): DatabaseOptions {
  return env.DATABASE_URL ? { url: env.DATABASE_URL, failFast, replicaUrls: env.DATABASE_REPLICA_URLS ?? [] } : { dataDir: env.DATA_DIR };
}
