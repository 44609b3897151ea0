/**
 * Opens the database: a real PostgreSQL when DATABASE_URL is set, otherwise the
 * embedded PGlite (PostgreSQL compiled to WASM) with its data in DATA_DIR.
 */
import { PGlite } from '@electric-sql/pglite';
import { MikroORM } from '@mikro-orm/postgresql';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import baseConfig from '../../mikro-orm.config';
import { createPGliteDialect } from './pglite-dialect';

export type Database = {
  orm: MikroORM;
  /** Which engine this is, for logs and test names. */
  engine: 'pglite' | 'postgresql';
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { url: string }
  | { dataDir: string }
  /** An already-open PGlite (tests load a migrated template into memory). */
  | { pglite: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const orm = await MikroORM.init({ ...baseConfig, clientUrl: options.url, pool: { min: 0, max: 10 } });
    return { orm, engine: 'postgresql', close: () => orm.close(true) };
  }
  let pglite: PGlite;
  if ('pglite' in options) {
    pglite = options.pglite;
  } else {
    const dataDir = resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    pglite = await PGlite.create({ dataDir });
  }
  const orm = await MikroORM.init({ ...baseConfig, dbName: 'postgres', driverOptions: createPGliteDialect(pglite) });
  return {
    orm,
    engine: 'pglite',
    close: async () => {
      await orm.close(true);
      if (!pglite.closed) await pglite.close();
    },
  };
}

export function databaseOptionsFromEnv(env: { DATABASE_URL?: string | undefined; DATA_DIR: string }): DatabaseOptions {
  return env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
}
