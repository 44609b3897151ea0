/**
 * Maintenance on a live PostgreSQL database never stops plays. The incident this guards against:
 * a transaction of the portal that waited on the stats lock was given up by the client, went
 * back to the pool still open with the lock held, and every play answered 503 until a restart.
 * Here another session holds the stats lock exclusively past every request timeout, and
 * `npm run db:rebuild-stats` runs while plays arrive: every play is answered 200 at once, counted
 * exactly once when the lock is free, and no session of the portal is left inside a transaction.
 * Runs in the PostgreSQL suite (`npm run test:pg`): PGlite is one connection in one process.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_LOCK_KEY } from '../../server/domains/games/stats-lock';
import { engineName, testDatabaseUrl, withDatabase } from '../support/engine';
import { spawnServer, spawnTs, type SpawnedServer } from '../support/spawn-server';

describe.runIf(engineName === 'postgresql')('maintenance on a live database', { timeout: 180_000 }, () => {
  const database = `playfree_ops_maintenance_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let databaseUrl: string;
  let db: pg.Client;
  let server: SpawnedServer;
  let gameIds: number[];
  let visitors = 0;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    databaseUrl = withDatabase(testDatabaseUrl!, database);
    server = await spawnServer({ databaseUrl });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const games = (await (await fetch(`${server.url}/api/games?limit=8`)).json()) as { id: number }[];
    gameIds = games.map((game) => game.id);
  });

  afterAll(async () => {
    await db?.end();
    await server?.stop('SIGKILL');
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  /** One play of a visitor never seen before (a user agent of its own), so it counts. */
  async function play(): Promise<{ status: number }> {
    const visitor = visitors++;
    const response = await fetch(`${server.url}/api/games/${gameIds[visitor % gameIds.length]}/play`, {
      method: 'POST',
      headers: { 'User-Agent': `live-maintenance-visitor-${visitor}` },
    });
    await response.arrayBuffer();
    return { status: response.status };
  }

  /** Plays, one after another (about `perSecond`), until `done` resolves. */
  async function playUntil(done: Promise<unknown>, perSecond: number): Promise<{ status: number }[]> {
    const answers: { status: number }[] = [];
    let finished = false;
    void done.finally(() => (finished = true));
    while (!finished) {
      answers.push(await play());
      await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
    }
    return answers;
  }

  async function count(sql: string): Promise<number> {
    const { rows } = await db.query<{ n: number }>(`select (${sql})::int as n`);
    return rows[0]!.n;
  }

  const countedPlays = () => count('select coalesce(sum(plays), 0) from games');
  const playEvents = () => count('select count(*) from play_events');
  /** Sessions of the portal's database left inside a transaction (not this test's own). */
  const idleInTransaction = () =>
    count(`select count(*) from pg_stat_activity where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`);

  it('answers every play while the stats lock is held past the request timeout, counts each once after, and leaves no transaction open', async () => {
    const before = await countedPlays();
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    let held: { status: number }[];
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1)', [STATS_LOCK_KEY]);
      // Six seconds: more than twice the requests' statement and lock timeouts. How many plays fit
      // depends on the machine; each must be answered, none waiting for the lock.
      held = await playUntil(new Promise((resolve) => setTimeout(resolve, 6_000)), 10);
      expect(held.length).toBeGreaterThan(1);
      expect(held.filter((answer) => answer.status !== 200)).toEqual([]);
      // Acknowledged, kept, not counted yet.
      expect(await count('select count(*) from pending_plays')).toBe(held.length);
      expect(await countedPlays()).toBe(before);
    } finally {
      // Released whatever happened above: the next test must not find the lock still held.
      await holder.query('commit');
      await holder.end();
    }

    // Answered afterwards too: no session of the pool was left waiting on the lock.
    const after = await play();
    expect(after.status).toBe(200);
    await expect.poll(countedPlays, { timeout: 10_000, interval: 100 }).toBe(before + held.length + 1);
    expect(await count('select count(*) from pending_plays')).toBe(0);
    expect(await playEvents()).toBe(before + held.length + 1);
    expect(await idleInTransaction()).toBe(0);
  });

  it('counts every play acknowledged while db:rebuild-stats runs on the live database, once', async () => {
    // Enough raw plays that the rebuild holds the lock a while: 10,000 a game over the last 30 days.
    await db.query(
      `insert into play_events (game_id, created_at)
         select g.id, now() - random() * interval '30 days' from games g cross join generate_series(1, 10000)
          where g.status = 'APPROVED'`,
    );
    const imported = await playEvents();
    // The rebuild is held inside its locked window until plays have arrived there: how long it
    // would hold the lock alone depends on the machine, and plays could all miss it. It reads the
    // ratings after taking the lock; plays never touch them, so they keep flowing meanwhile.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table ratings in access exclusive mode');
    const rebuild = spawnTs('server/db/cli.ts', ['rebuild-stats'], { DATABASE_URL: databaseUrl });
    let output = '';
    rebuild.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    rebuild.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => rebuild.once('exit', resolve));
    const rebuildWaiting = () =>
      count(`select count(*) from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'ratings' and not l.granted`);
    const released = (async () => {
      try {
        await expect.poll(rebuildWaiting, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
        await expect.poll(() => count('select count(*) from pending_plays'), { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
      } finally {
        await blocker.query('commit');
        await blocker.end();
      }
    })();
    // Four visitors playing as fast as they are answered, before, during and after the lock.
    const during = (await Promise.all([1, 2, 3, 4].map(() => playUntil(exited, 200)))).flat();
    await released;
    expect(await exited, output).toBe(0);
    // Plays did arrive while it held the lock, and were kept (the poll above saw them in
    // pending_plays). Whoever comes first after the commit takes them in: the command, or the
    // portal's next batch, so the command's own count may be 0; the totals below hold either way.
    expect(output).toMatch(/then took in the \d+ plays? that arrived meanwhile/);
    const after = await playUntil(new Promise((resolve) => setTimeout(resolve, 1_000)), 20);
    const answers = [...during, ...after];
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // Every acknowledged play is a raw event once, and the counters are the raw events'.
    await expect.poll(playEvents, { timeout: 10_000, interval: 100 }).toBe(imported + answers.length);
    expect(await count('select count(*) from pending_plays')).toBe(0);
    expect(await countedPlays()).toBe(await playEvents());
    expect(await idleInTransaction()).toBe(0);
  });
});
