/**
 * The operator's maintenance on a live portal: plays arrive steadily from many new
 * visitors on many games while `npm run db:rebuild-stats` (the real script, a process
 * of its own) runs on the same database, and for AFTER_S seconds after it. Every play
 * must be answered 2xx and counted exactly once: the played games' `games.plays` and
 * their `play_events` must each grow by exactly the plays answered 2xx (every play is a
 * new visitor's, so each acknowledged play is a counted one). (`npm run db:backup` is
 * the embedded database's; on PostgreSQL backups are pg_dump's, which takes no lock
 * plays wait for.)
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { median, percentile, root, type Row } from '../support';
import { answered2xx, byStatus, type PlayRecord, type startPlaySender } from './plays';

const LEAD_IN_S = 5;
const AFTER_S = 10;
/** A rebuild taking longer than this is stopped and the scenario fails. */
const REBUILD_LIMIT_MS = 10 * 60_000;

type Counts = Map<number, { plays: number; events: number }>;

async function countsOf(db: pg.Client, gameIds: readonly number[]): Promise<Counts> {
  const { rows } = await db.query<{ id: number; plays: number; events: number }>(
    `select g.id, g.plays, coalesce(e.events, 0)::int as events
       from games g left join (select game_id, count(*)::int as events from play_events where game_id = any($1) group by game_id) e on e.game_id = g.id
      where g.id = any($1)`,
    [gameIds],
  );
  return new Map(rows.map((row) => [row.id, { plays: row.plays, events: row.events }]));
}

const total = (counts: Counts, field: 'plays' | 'events') => [...counts.values()].reduce((sum, count) => sum + count[field], 0);

/** The counts once two reads a second apart agree (whatever the portal folds in after answering is in). */
async function settledCounts(db: pg.Client, gameIds: readonly number[]): Promise<Counts> {
  let counts = await countsOf(db, gameIds);
  for (let i = 0; i < 15; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const again = await countsOf(db, gameIds);
    if (total(again, 'plays') === total(counts, 'plays') && total(again, 'events') === total(counts, 'events')) return again;
    counts = again;
  }
  return counts;
}

/** Runs `npm run db:rebuild-stats` against `url`; answers its exit code, its last line and when it started and ended. */
function rebuild(url: string): Promise<{ code: number | null; lastLine: string; startedAt: number; endedAt: number }> {
  const startedAt = performance.now();
  // Its own process group, so a rebuild past its limit is stopped with the processes npm starts.
  const child = spawn('npm', ['run', '--silent', 'db:rebuild-stats'], { cwd: root, env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const limit = setTimeout(() => process.kill(-child.pid!, 'SIGTERM'), REBUILD_LIMIT_MS);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(limit);
      resolve({ code, lastLine: output.trim().split('\n').at(-1) ?? '', startedAt, endedAt: performance.now() });
    });
  });
}

function latencyOf(records: readonly PlayRecord[]): { plays: number; longestMs: number; p99Ms: number; medianMs: number } {
  const ms = records.map((record) => record.ms);
  return { plays: records.length, longestMs: Math.max(0, ...ms), p99Ms: percentile(ms, 99), medianMs: median(ms) };
}

function latency(records: readonly PlayRecord[]): string {
  if (records.length === 0) return 'no plays';
  const { longestMs, p99Ms } = latencyOf(records);
  return `longest ${longestMs.toFixed(0)} ms, p99 ${p99Ms.toFixed(0)} ms (${records.length} plays)`;
}

export async function rebuildWhilePlaysArrive(options: {
  portal: string;
  databaseUrl: string;
  gameIds: readonly number[];
  perSecond: number;
  playSender: Awaited<ReturnType<typeof startPlaySender>>;
  log: (line: string) => void;
}): Promise<Row[]> {
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    const before = await settledCounts(db, options.gameIds);
    options.log(`Plays at ${options.perSecond}/s on ${options.gameIds.length} games; npm run db:rebuild-stats in ${LEAD_IN_S} s…`);
    const plays = options.playSender.playsAt(options.portal, options.perSecond, options.gameIds);
    await new Promise((resolve) => setTimeout(resolve, LEAD_IN_S * 1000));
    const rebuilt = await rebuild(options.databaseUrl);
    options.log(`  db:rebuild-stats exited with ${rebuilt.code} after ${((rebuilt.endedAt - rebuilt.startedAt) / 1000).toFixed(1)} s: ${rebuilt.lastLine}`);
    await new Promise((resolve) => setTimeout(resolve, AFTER_S * 1000));
    const records = await plays.stop();
    const after = await settledCounts(db, options.gameIds);

    const acknowledged = records.filter(answered2xx);
    const notAcknowledged = records.length - acknowledged.length;
    const sentTo = new Map<number, number>();
    const acknowledgedFor = new Map<number, number>();
    for (const record of records) sentTo.set(record.gameId, (sentTo.get(record.gameId) ?? 0) + 1);
    for (const record of acknowledged) acknowledgedFor.set(record.gameId, (acknowledgedFor.get(record.gameId) ?? 0) + 1);
    // Per game: fewer counted than acknowledged is a lost play, more counted than sent a play counted twice.
    const tally = (field: 'plays' | 'events') => {
      let lost = 0;
      let twice = 0;
      for (const id of options.gameIds) {
        const grew = (after.get(id)?.[field] ?? 0) - (before.get(id)?.[field] ?? 0);
        lost += Math.max(0, (acknowledgedFor.get(id) ?? 0) - grew);
        twice += Math.max(0, grew - (sentTo.get(id) ?? 0));
      }
      return { grew: total(after, field) - total(before, field), lost, twice };
    };
    const counters = tally('plays');
    const events = tally('events');
    const during = records.filter((record) => record.sentAt >= rebuilt.startedAt && record.sentAt <= rebuilt.endedAt);
    const afterwards = records.filter((record) => record.sentAt > rebuilt.endedAt);
    const leadIn = records.filter((record) => record.sentAt < rebuilt.startedAt);
    const answersWithoutCount = acknowledged.filter((record) => record.answeredPlays === null).length;
    const scenario = `POST /api/games/{id}/play at ${options.perSecond}/s while npm run db:rebuild-stats runs and ${AFTER_S} s after`;
    const detail = {
      rebuild: { exitCode: rebuilt.code, seconds: (rebuilt.endedAt - rebuilt.startedAt) / 1000, output: rebuilt.lastLine },
      sent: records.length,
      answered2xx: acknowledged.length,
      notAnswered2xx: byStatus(records),
      answers2xxWithoutPlays: answersWithoutCount,
      gamesPlays: counters,
      playEvents: events,
      latency: { before: latencyOf(leadIn), duringRebuild: latencyOf(during), after: latencyOf(afterwards) },
    };
    return [
      {
        metric: `${scenario}: answers`,
        figure:
          `${records.length} sent, ${acknowledged.length} answered 2xx, ${notAcknowledged} not${notAcknowledged ? ` (${byStatus(records)})` : ''}; ` +
          `rebuild exited ${rebuilt.code} after ${detail.rebuild.seconds.toFixed(1)} s` +
          (answersWithoutCount ? `; ${answersWithoutCount} 2xx answers without the game's plays` : ''),
        goal: '0 not 2xx',
        pass: notAcknowledged === 0 && rebuilt.code === 0,
        detail,
      },
      {
        metric: `${scenario}: plays lost`,
        figure: `${counters.lost} by games.plays, ${events.lost} by play_events (acknowledged ${acknowledged.length}; games.plays grew ${counters.grew}, play_events ${events.grew})`,
        goal: '0',
        pass: counters.lost === 0 && events.lost === 0,
      },
      {
        metric: `${scenario}: plays counted twice`,
        figure: `${counters.twice} by games.plays, ${events.twice} by play_events`,
        goal: '0',
        pass: counters.twice === 0 && events.twice === 0,
      },
      {
        metric: `${scenario}: play latency`,
        figure: `during the rebuild: ${latency(during)}; in the ${AFTER_S} s after: ${latency(afterwards)}; before it: ${latency(leadIn)}`,
        goal: '',
        pass: null,
      },
    ];
  } finally {
    await db.end();
  }
}
