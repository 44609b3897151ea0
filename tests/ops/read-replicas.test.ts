/**
 * DATABASE_REPLICA_URLS: the public catalog reads go to a read replica, everything else to the
 * primary. PostgreSQL only (PGlite has no replicas). The "replica" here is the same database
 * reached as another role, a read-only one, which tells in pg_stat_activity which connection a
 * query came through.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/orm';
import { findPublishedGames } from '../../server/domains/games/read-model';
import { User } from '../../entities/User';
import { engineName, TEMPLATE_DATABASE, testDatabaseUrl, withDatabase } from '../support/engine';

const REPLICA_ROLE = `playfree_replica_reader_${randomBytes(4).toString('hex')}`;
const name = `playfree_replica_${randomBytes(6).toString('hex')}`;
let db: Database;

async function admin<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(engineName !== 'postgresql')('read replicas (postgresql)', () => {
  beforeAll(async () => {
    await admin(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
    await admin(`create role "${REPLICA_ROLE}" login in role pg_read_all_data`);
    const url = withDatabase(testDatabaseUrl!, name);
    const replica = new URL(url);
    replica.username = REPLICA_ROLE;
    db = await openDatabase({ url, replicaUrls: [replica.toString()] });
  });
  afterAll(async () => {
    await db?.close();
    await admin(`drop database if exists "${name}" with (force)`);
    await admin(`drop role if exists "${REPLICA_ROLE}"`);
  });

  it('answers catalog reads from the replica and keeps other reads on the primary', async () => {
    const em = db.orm.em.fork();
    await em.getConnection().execute('select 1');
    expect(await admin(`select 1 from pg_stat_activity where usename = '${REPLICA_ROLE}'`)).toHaveLength(0);

    // The template holds the schema, not the catalog: what counts is where the query ran.
    await findPublishedGames(em, { sort: 'popular', limit: 5 });
    const replicaConnections = await admin<{ query: string }>(`select query from pg_stat_activity where usename = '${REPLICA_ROLE}'`);
    expect(replicaConnections.length).toBeGreaterThan(0);
    expect(replicaConnections.some((connection) => connection.query.includes('games'))).toBe(true);

    // An ORM read (sessions and users are read this way) stays on the primary.
    await em.fork().find(User, {}, { limit: 1 });
    const afterOrmRead = await admin<{ query: string }>(`select query from pg_stat_activity where usename = '${REPLICA_ROLE}'`);
    expect(afterOrmRead.every((connection) => !connection.query.includes('users'))).toBe(true);
  });
});
