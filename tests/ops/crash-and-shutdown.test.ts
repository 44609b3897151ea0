/**
 * Writes under load, then SIGTERM (graceful) or SIGKILL (a crash), then a restart on the same
 * database: every sign-in the server acknowledged is there, once (the same user id), and every
 * acknowledged play (group-committed in batches) is in play_events exactly once. On the
 * embedded PGlite in `npm run test:unit`, on a database of its own in `npm run test:pg`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/orm';
import { visitorIdKey } from '../../server/domains/visitors/identity';
import { afterAll, describe, expect, it } from 'vitest';
import { engineName, testDatabaseUrl, withDatabase } from '../support/engine';
import { newDataDir, spawnServer, type SpawnedServer, type SpawnOptions } from '../support/spawn-server';

const createdDatabases: string[] = [];

/** Where the two servers of one test keep their data: a fresh folder, or a fresh PostgreSQL database. */
async function freshDatabase(): Promise<SpawnOptions> {
  if (engineName === 'pglite') return { dataDir: newDataDir() };
  const name = `playfree_ops_crash_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  createdDatabases.push(name);
  return { databaseUrl: withDatabase(testDatabaseUrl!, name) };
}

/** What every session on the test's PostgreSQL database is doing (for a restart that never became ready). */
async function sessionsOn(database: SpawnOptions): Promise<string> {
  if (!database.databaseUrl) return '(embedded database)';
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `select pid, state, wait_event_type, wait_event, now() - xact_start as in_transaction_for, left(query, 200) as query
         from pg_stat_activity where datname = $1`,
      [new URL(database.databaseUrl).pathname.slice(1)],
    );
    return rows.map((row) => JSON.stringify(row)).join('\n') || '(none)';
  } finally {
    await admin.end();
  }
}

type Outcome = { email: string; status: number | 'no answer'; userId?: number };

async function signIn(url: string, email: string): Promise<Outcome> {
  try {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const body = (await response.json().catch(() => ({}))) as { user?: { id: number } };
    return { email, status: response.status, userId: body.user?.id };
  } catch {
    return { email, status: 'no answer' };
  }
}

type PlayOutcome = { visitor: string; status: number | 'no answer' };

/** One play by a new visitor (its own cookie): counted once, so it must be in play_events once. */
async function play(url: string, gameId: number): Promise<PlayOutcome> {
  const visitor = randomBytes(16).toString('base64url');
  try {
    const response = await fetch(`${url}/api/games/${gameId}/play`, { method: 'POST', headers: { cookie: `pf_visitor=${visitor}` } });
    await response.arrayBuffer();
    return { visitor, status: response.status };
  } catch {
    return { visitor, status: 'no answer' };
  }
}

/** Keeps `concurrency` plays in flight until the server stops answering. */
async function playUntilStopped(server: SpawnedServer, gameId: number, concurrency = 8): Promise<PlayOutcome[]> {
  const outcomes: PlayOutcome[] = [];
  let stopped = false;
  void server.exited.then(() => (stopped = true));
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stopped) {
        const outcome = await play(server.url, gameId);
        outcomes.push(outcome);
        if (outcome.status === 'no answer') break;
      }
    }),
  );
  return outcomes;
}

/** How many play events each visitor key has, read straight from the database (no server holds it). */
async function playEventsByVisitor(database: SpawnOptions): Promise<Map<string, number>> {
  const sql = 'select visitor_key, count(*)::int as plays from play_events where visitor_key is not null group by visitor_key';
  let rows: { visitor_key: string; plays: number }[];
  if (database.databaseUrl) {
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    rows = (await client.query<{ visitor_key: string; plays: number }>(sql)).rows;
    await client.end();
  } else {
    const db = await openDatabase({ dataDir: database.dataDir! });
    rows = await db.orm.em.fork().getConnection().execute(sql);
    await db.close();
  }
  return new Map(rows.map((row) => [row.visitor_key, row.plays]));
}

/** Keeps `concurrency` sign-ins in flight until the server stops answering. */
async function writeUntilStopped(server: SpawnedServer, label: string, concurrency = 8): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let stopped = false;
  void server.exited.then(() => (stopped = true));
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stopped) {
        const outcome = await signIn(server.url, `${label}-${next++}@example.com`);
        outcomes.push(outcome);
        if (outcome.status === 'no answer') break;
      }
    }),
  );
  return outcomes;
}

describe('writes survive a stop', { timeout: 180_000 }, () => {
  const servers: SpawnedServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    if (!createdDatabases.length) return;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    for (const name of createdDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`${signal} under load: every acknowledged sign-in and play is there after a restart, once (${engineName})`, async () => {
      const database = await freshDatabase();
      const first = await spawnServer({ ...database, env: { LOG_LEVEL: process.env.OPS_LOG_LEVEL ?? 'warn' } });
      servers.push(first);
      const [game] = (await (await fetch(`${first.url}/api/games?limit=1`)).json()) as { id: number }[];
      const writing = writeUntilStopped(first, signal.toLowerCase());
      const playing = playUntilStopped(first, game!.id);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const exit = await first.stop(signal);
      const outcomes = await writing;
      const plays = await playing;
      const acknowledgedPlays = plays.filter((outcome) => outcome.status === 200);
      expect(acknowledgedPlays.length).toBeGreaterThan(5);
      expect(plays.filter((outcome) => outcome.status !== 200 && outcome.status !== 503 && outcome.status !== 'no answer')).toEqual([]);
      const acknowledged = outcomes.filter((outcome) => outcome.status === 200);
      expect(acknowledged.length).toBeGreaterThan(5);
      // Nothing fails: an answer is a success, or (once closing) a 503 asking to come back.
      expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 503 && outcome.status !== 'no answer')).toEqual([]);
      if (signal === 'SIGTERM') expect(exit.code, first.output()).toBe(0);

      // Its start-up logged (info), to say where it stopped if it never becomes ready. Reopening a
      // database stopped under load, while CI runs other suites on the same two cores, was seen to
      // take just over a minute (listening 8 s after a 60 s limit): it gets two.
      const second = await spawnServer({ ...database, env: { LOG_LEVEL: 'info' }, startTimeoutMs: 120_000 }).catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe stopped server's output:\n${first.output()}\nSessions on its database:\n${await sessionsOn(database)}`);
      });
      servers.push(second);
      for (const outcome of acknowledged) {
        const again = await signIn(second.url, outcome.email);
        expect(again.status, outcome.email).toBe(200);
        expect(again.userId, outcome.email).toBe(outcome.userId);
      }
      expect((await second.stop()).code).toBe(0);

      const recorded = await playEventsByVisitor(database);
      for (const outcome of acknowledgedPlays) expect(recorded.get(visitorIdKey(outcome.visitor)), outcome.visitor).toBe(1);
      // Nothing twice either (a play the server wrote but could not answer may be there, once).
      expect([...recorded.values()].filter((count) => count > 1)).toEqual([]);
    });
  }
});
