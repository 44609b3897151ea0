/**
 * Opens the database: a real PostgreSQL when DATABASE_URL is set, otherwise the
 * embedded PGlite (PostgreSQL compiled to WASM) with its data in DATA_DIR.
 */
import { PGlite } from '@electric-sql/pglite';
import { MikroORM } from '@mikro-orm/postgresql';
import baseConfig from '../../mikro-orm.config';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { createPGliteDialect, PGlitePool } from './pglite-dialect';

export type Database = {
  orm: MikroORM;
  /** Which engine this is, for logs and test names. */
  engine: 'pglite' | 'postgresql';
  close(): Promise<void>;
  /** The embedded database itself (PGlite only): backups are dumps of it. */
  pglite?: PGlite;
  /** Connections in use and requests waiting for one, over the primary's and the replicas' pools (/metrics). */
  poolStats(): PoolStats;
};

export type PoolStats = { inUse: number; waiting: number };

/** What node-postgres's Pool tells of itself. */
type PgPoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

/**
 * How a PostgreSQL session may use the server. `request`: the portal's requests, which give up
 * quickly (503 within about 3 s while PostgreSQL is down or a lock is held). `maintenance`: jobs
 * and scripts, whose statements may run long. Both are bounded on the server itself, so nothing is
 * ever left holding a transaction open: PostgreSQL ends a statement past statement_timeout, a lock
 * wait past lock_timeout, and a session idle inside a transaction past
 * idle_in_transaction_session_timeout; it checks every second that the client is still there while
 * a statement runs (client_connection_check_interval), so a connection the portal destroyed stops
 * its statement too.
 */
export type SessionKind = 'request' | 'maintenance';

export type DatabaseOptions =
  | { url: string; session?: SessionKind; replicaUrls?: string[] }
  /** The folder is locked for this process before PGlite opens it (or `lock`, already taken). */
  | { dataDir: string; lock?: DataDirLock }
  /** An already-open PGlite (tests load a migrated template into memory). */
  | { pglite: PGlite };

/** Milliseconds, as node-postgres takes them (it sends the server-side ones as session settings). */
const SESSION_SETTINGS = {
  // A connection (or a free pool slot) within 2 s, an answer within 2.5 s.
  request: { connectionTimeoutMillis: 2_000, statement_timeout: 2_500, lock_timeout: 2_000, idle_in_transaction_session_timeout: 10_000 },
  // A rebuild or a migration of a large catalog runs for minutes; a lock wait or an idle transaction longer than a minute is a fault.
  maintenance: { connectionTimeoutMillis: 10_000, statement_timeout: 30 * 60_000, lock_timeout: 60_000, idle_in_transaction_session_timeout: 60_000 },
} as const;

/**
 * A request's last resort when PostgreSQL stops answering on an open connection (a host gone
 * silent): past this, the portal stops waiting and destroys the connection, so it never goes back
 * to the pool with a statement or a transaction still open on it. Longer than statement_timeout,
 * so PostgreSQL's own cancellation comes first whenever the server is there to do it.
 */
const REQUEST_GIVE_UP_MS = 3_000;

type PgClient = { query(...args: unknown[]): unknown; connection: { stream: { destroy(): void } } };

type PgPoolWithEvents = PgPoolCounts & { on(event: 'connect', listener: (client: PgClient) => void): void };

/** `pools`: each pool node-postgres creates is added to it (the primary's, then each replica's). */
function postgresSessionSettings(kind: SessionKind, pools: PgPoolCounts[]) {
  return {
    ...SESSION_SETTINGS[kind],
    options: '-c client_connection_check_interval=1000',
    onPoolCreated: (pool: PgPoolWithEvents) => pools.push(pool),
    ...(kind === 'request' && {
      query_timeout: REQUEST_GIVE_UP_MS,
      // node-postgres's query_timeout only stops waiting: the statement would run on, and the
      // connection would return to the pool inside its transaction. Destroy it instead.
      onPoolCreated: (pool: PgPoolWithEvents) => {
        pools.push(pool);
        pool.on('connect', (client) => {
          const query = client.query.bind(client);
          client.query = (...args: unknown[]) => {
            const result = query(...args);
            if (result instanceof Promise) {
              result.catch((error: unknown) => {
                if (error instanceof Error && error.message === 'Query read timeout') client.connection.stream.destroy();
              });
            }
            return result;
          };
        });
      },
    }),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pools: PgPoolCounts[] = [];
    const orm = await MikroORM.init({
      ...baseConfig,
      clientUrl: options.url,
      pool: { min: 0, max: 10 },
      // Replicas serve only what asks for them (the catalog reads: getConnection('read')), so a
      // session, a sign-in or anything just written is always read back from the primary.
      replicas: (options.replicaUrls ?? []).map((clientUrl, index) => ({ name: `replica-${index + 1}`, clientUrl })),
      preferReadReplicas: false,
      driverOptions: postgresSessionSettings(options.session ?? 'maintenance', pools),
    });
    const poolStats = () =>
      pools.reduce((sum, pool) => ({ inUse: sum.inUse + pool.totalCount - pool.idleCount, waiting: sum.waiting + pool.waitingCount }), { inUse: 0, waiting: 0 });
    return { orm, engine: 'postgresql', close: () => orm.close(true), poolStats };
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
  const pool = new PGlitePool(pglite);
  const orm = await MikroORM.init({ ...baseConfig, dbName: 'postgres', driverOptions: createPGliteDialect(pglite, pool) });
  return {
    orm,
    engine: 'pglite',
    pglite,
    poolStats: () => pool.stats(),
    close: async () => {
      await orm.close(true);
      if (!pglite.closed) await pglite.close();
      lock?.release();
    },
  };
}

export function databaseOptionsFromEnv(
  env: { DATABASE_URL?: string | undefined; DATABASE_REPLICA_URLS?: string[]; DATA_DIR: string },
  { session = 'maintenance' }: { session?: SessionKind } = {},
): DatabaseOptions {
  return env.DATABASE_URL ? { url: env.DATABASE_URL, session, replicaUrls: env.DATABASE_REPLICA_URLS ?? [] } : { dataDir: env.DATA_DIR };
}
