/** A fresh, migrated database for one test file, cloned from the run's template. */
import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/orm';
import { testDatabaseUrl, withDatabase } from './engine';

export async function openTestDatabase(): Promise<Database> {
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
