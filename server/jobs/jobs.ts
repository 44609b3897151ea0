/**
 * The portal's background jobs on one job library, pg-boss, kept in the portal's own PostgreSQL
 * (the schema `pgboss`; on the embedded PGlite too, through its one connection): its schedules
 * fire once per tick whichever instances run, and a job is worked by one of them. Every job is
 * named and listed here, with what runs it.
 *
 * - `feed-sync`: one feed's sync, on the feed's schedule (one schedule per feed, keyed by its id).
 */
import { PgBoss, fromPglite, type ConstructorOptions, type Db } from 'pg-boss';
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Database } from '../db/orm';
import type { Services } from '../services';
import { syncFeed } from '../domains/feeds/service';
import type { FeedSchedules } from './schedules';

export const JOBS = { feedSync: 'feed-sync' } as const;


export type Jobs = FeedSchedules & { boss: PgBoss; stop(): Promise<void> };

type Log = { info(object: object, message: string): void; warn(object: object, message: string): void };

/** A cron line for "every N hours" (N a divisor of 24, or 168 for weekly), at a minute spread by the feed's id so feeds do not all start at once. */
export function cronEvery(hours: number, feedId: number): string {
  const minute = (feedId * 7) % 60;
  if (hours === 168) return `${minute} ${feedId % 24} * * ${feedId % 7}`;
  if (hours === 24) return `${minute} ${feedId % 24} * * *`;
  return `${minute} */${hours} * * *`;
}

/**
 * pg-boss over PGlite: each statement takes the portal's one connection from its pool (the
 * Kysely dialect's queue), so none ever lands inside another caller's transaction.
 */
function pgliteDatabase(db: Database): Db {
  const inner = fromPglite(db.pglite!);
  const kysely = db.orm.em.getKysely();
  return { executeSql: (text: string, values?: unknown[]) => kysely.connection().execute(() => inner.executeSql(text, values)) };
}

function bossOptions(db: Database, databaseUrl: string | undefined): ConstructorOptions {
  if (db.pglite) return { db: pgliteDatabase(db), backend: 'pglite' } as ConstructorOptions;
  return { connectionString: databaseUrl!, max: 3, application_name: 'playfree-jobs' } as ConstructorOptions;
}

/** Starts the job library, its workers and schedules; `stop` waits for a job under way. */
export async function startJobs(db: Database, services: Services, log: Log, databaseUrl: string | undefined): Promise<Jobs> {
  const boss = new PgBoss(bossOptions(db, databaseUrl));
  boss.on('error', (error) => log.warn({ err: error }, 'the job library reported an error'));
  await boss.start();
  await boss.createQueue(JOBS.feedSync, { policy: 'singleton' });
  const orm: MikroORM = services.orm;
  await boss.work<{ feedId: number }>(JOBS.feedSync, async ([job]) => {
    if (!job) return;
    try {
      const report = await syncFeed(services, orm.em.fork(), job.data.feedId);
      log.info({ feedId: job.data.feedId, ...report, refused: report.refused.length }, 'feed synced');
    } catch (error) {
      // Recorded on the feed (lastError); the schedule tries again at its next tick.
      log.warn({ err: error, feedId: job.data.feedId }, 'feed sync failed');
    }
  });
  const jobs: Jobs = {
    boss,
    scheduleFeed: (feedId, everyHours) => boss.schedule(JOBS.feedSync, cronEvery(everyHours, feedId), { feedId }, { key: String(feedId) }),
    unscheduleFeed: (feedId) => boss.unschedule(JOBS.feedSync, String(feedId)),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
  // Feeds added while no instance ran the jobs (a script on the database) get their schedule too; scheduling is an upsert.
  const { rows } = await sql<{ id: number; schedule_hours: number }>`select id, schedule_hours from feeds`.execute(orm.em.fork().getKysely());
  for (const feed of rows) await jobs.scheduleFeed(feed.id, feed.schedule_hours);
  services.jobs = jobs;
  return jobs;
}
