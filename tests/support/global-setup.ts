/**
 * Builds one migrated database per test run, which every test file then clones:
 * for PGlite a dump of its data folder, for PostgreSQL a template database.
 * Creating and migrating a fresh database per file would cost seconds each. The web build the
 * page-rendering files share (web-build.ts) is this run's too: removed at the end.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { openDatabase } from '../../server/db/orm';
import { testDatabaseUrl, withDatabase } from './engine';
import { removeRunWebBuild } from './web-build';

export default async function setup(): Promise<() => Promise<void>> {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  process.env.VITEST_TEMPLATE_ID = runId;
  if (testDatabaseUrl) {
    const template = `playfree_template_${runId}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    const db = await openDatabase({ url: withDatabase(testDatabaseUrl, template) });
    await migrate(db.orm);
    await db.close();
    return async () => {
      removeRunWebBuild(runId);
      // Clones may still be closing their connections; FORCE ends them (PostgreSQL 13+).
      await admin.query(`drop database if exists "${template}" with (force)`);
      await admin.end();
    };
  }
  const dir = join(tmpdir(), `playfree-tests-${runId}`);
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create();
  const db = await openDatabase({ pglite });
  await migrate(db.orm);
  const dump = await pglite.dumpDataDir('none');
  await db.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.VITEST_PGLITE_TEMPLATE = file;
  return async () => {
    removeRunWebBuild(runId);
    rmSync(dir, { recursive: true, force: true });
  };
}
