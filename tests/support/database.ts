/** A fresh, migrated database for one test file, cloned from the run's template. */
import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { openDatabase, type Database } from '../../server/db/orm';
import { DatabaseReach } from './engine-blind';
import { testDatabaseUrl, withDatabase } from './engine';

export async function openTestDatabase(): Promise<Database> {
  // npm run test:pg leaves out the files that cannot open a database (engine-blind.ts): one that
  // does and was missed would never run on PostgreSQL, so it fails here, on either engine.
  const testFile = expect.getState().testPath;
  if (testFile && !new DatabaseReach().opensDatabase(testFile)) {
    throw new Error(`${testFile} opens a database, but tests/support/engine-blind.ts finds no import that can: npm run test:pg would leave it out`);
  }
  if (testDatabaseUrl) {
    const name = `playfree_test_${randomBytes(6).toString('hex')}`;
    const template = `playfree_template_${process.env.VITEST_TEMPLATE_ID}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}" template "${template}"`);
    } finally {
      await admin.end();
    }
    const db = await openDatabase({ url: withDatabase(testDatabaseUrl, name) });
    return {
      ...db,
      close: async () => {
        await db.close();
        const dropper = new pg.Client({ connectionString: testDatabaseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const templateFile = process.env.VITEST_PGLITE_TEMPLATE;
  if (!templateFile) throw new Error('The PGlite template is missing: run the tests through vitest (globalSetup).');
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(templateFile)]) });
  return openDatabase({ pglite });
}
