/**
 * `npm run bench -- --scale [--regenerate]`: the portal on a catalog of real size
 * (bench/scale/catalog.ts), started as `npm start` starts it (its own process,
 * default settings, request logging on, written to a file), measured against a
 * bare Fastify route in the same run. Loopback only; every load is bounded.
 *
 * The portal sits behind a simulated proxy (TRUST_PROXY=127.0.0.1, each play
 * with its own X-Forwarded-For and visitor cookie), as a deployment behind nginx
 * receives plays from many visitors rather than from one address.
 */
import autocannon from 'autocannon';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchDatabaseUrl, prepareCatalog, SIZE, TITLE_WORDS } from './catalog';

const PORTAL = 'http://127.0.0.1:3820';
const BARE = 'http://127.0.0.1:3822/bare';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const root = fileURLToPath(new URL('../..', import.meta.url));

type Row = { metric: string; figure: string; goal: string; pass: boolean | null; detail?: Record<string, unknown> };
const rows: Row[] = [];
const log = (line: string) => console.info(line);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 2 minutes`);
}

const visitor = () => randomBytes(16).toString('base64url');
const clientAddress = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

/** One play of `gameId` by a new visitor from a new address; answers the status. */
async function play(gameId: number): Promise<number> {
  const response = await fetch(`${PORTAL}/api/games/${gameId}/play`, {
    method: 'POST',
    headers: { 'x-forwarded-for': clientAddress(), cookie: `pf_visitor=${visitor()}` },
  });
  await response.arrayBuffer();
  return response.status;
}

async function timed(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: BROWSER });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** How many games a list answer holds (a plain array or an object with `items`); checks the bench reads real data. */
async function listLength(url: string): Promise<number> {
  const body: unknown = await (await fetch(url)).json();
  if (Array.isArray(body)) return body.length;
  const items = (body as { items?: unknown }).items;
  return Array.isArray(items) ? items.length : 0;
}

/** Plays at `perSecond` on varied games until stopped; counts answers that were not 200. */
function playsAt(perSecond: number, gameIds: number[]): { stop(): Promise<{ sent: number; failed: number }> } {
  let sent = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    for (let i = 0; i < perSecond / 20; i += 1) {
      sent += 1;
      const request = play(gameIds[Math.floor(Math.random() * gameIds.length)]!)
        .then((status) => {
          if (status !== 200) failed += 1;
        })
        .catch(() => {
          failed += 1;
        })
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
  }, 50);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { sent, failed };
    },
  };
}

async function load(options: autocannon.Options): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ connections: 32, duration: DURATION_S, headers: BROWSER, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function ratioToBare(name: string, goal: number | null, options: autocannon.Options, during?: () => { stop(): Promise<unknown> }) {
  const ratios: number[] = [];
  let last = { rps: 0, p99: 0, errors: 0 };
  let bare = { rps: 0, p99: 0, errors: 0 };
  let errors = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const background = during?.();
    bare = await load({ url: BARE });
    last = await load(options);
    await background?.stop();
    errors += last.errors;
    ratios.push(last.rps / bare.rps);
  }
  const ratio = median(ratios);
  rows.push({
    metric: name,
    figure: `${ratio.toFixed(2)}× bare (${last.rps.toFixed(0)} vs ${bare.rps.toFixed(0)} req/s, p99 ${last.p99} ms, ${errors} errors)`,
    goal: goal === null ? '' : `≥ ${goal}×`,
    pass: goal === null ? errors === 0 : ratio >= goal && errors === 0,
    detail: { ratios, rps: last.rps, bareRps: bare.rps, p99: last.p99, errors },
  });
}

// ---------------------------------------------------------------------------------------------

const regenerate = process.argv.includes('--regenerate');
const timings = await prepareCatalog({ regenerate, log });
const url = benchDatabaseUrl();

const db = new pg.Client({ connectionString: url });
await db.connect();
const popular = (await db.query<{ id: number; slug: string }>(`select id, slug from games where status = 'APPROVED' order by plays desc limit 200`)).rows;
const allIds = (await db.query<{ id: number }>(`select id from games where status = 'APPROVED'`)).rows.map((row) => row.id);
// Real two-word queries: word pairs that stand together in titles.
const titles = (await db.query<{ title: string }>(`select title from games where status = 'APPROVED' order by md5(id::text) limit 3000`)).rows;
const serverVersion = (await db.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
await db.end();

const queries: string[] = [];
for (const [index, { title }] of titles.entries()) {
  const words = title.toLowerCase().split(' ').filter((word) => !/^\d+$/.test(word));
  if (index % 3 === 0 && words.length >= 2) queries.push(`${words[0]} ${words[1]}`);
  else if (index % 3 === 1) queries.push(words[0]!.slice(0, 3 + (index % 4)));
  else queries.push(TITLE_WORDS[index % TITLE_WORDS.length]!);
}

const logFile = join(tmpdir(), `playfree-scale-bench-${process.pid}.log`);
const logFd = openSync(logFile, 'w');
const portal = spawn(join(root, 'node_modules/.bin/tsx'), ['server/index.ts'], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: url, PORT: '3820', GAMES_PORT: '3821', TRUST_PROXY: '127.0.0.1' },
  stdio: ['ignore', logFd, logFd],
});
const bareServer = fork(fileURLToPath(new URL('./bare.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
try {
  await waitFor(`${PORTAL}/api/categories`, portal);
  await waitFor(BARE, bareServer);
  log(`Portal on ${SIZE.games.toLocaleString('en-US')} games (log: ${logFile}); measuring…`);
  // Warm up: JIT, connection pool, PostgreSQL's buffers.
  await load({ url: `${PORTAL}/api/home`, duration: 3 });
  for (const { slug } of popular.slice(0, 50)) await timed(`${PORTAL}/api/games/${slug}`);

  // 1. The first visitor after a play (a play no longer empties the cache; an expired entry refreshes behind it).
  const afterPlay: number[] = [];
  let afterPlayErrors = 0;
  for (let i = 0; i < 50; i += 1) {
    if ((await play(allIds[Math.floor(Math.random() * allIds.length)]!)) !== 200) afterPlayErrors += 1;
    const { ms, status } = await timed(`${PORTAL}/api/home`);
    if (status !== 200) afterPlayErrors += 1;
    afterPlay.push(ms);
    await new Promise((resolve) => setTimeout(resolve, 120));
  }
  rows.push({
    metric: 'GET /api/home right after a play',
    figure: `median ${median(afterPlay).toFixed(1)} ms, p99 ${percentile(afterPlay, 99).toFixed(1)} ms (${afterPlayErrors} errors)`,
    goal: '≤ 50 ms',
    pass: percentile(afterPlay, 99) <= 50 && afterPlayErrors === 0,
    detail: { samplesMs: afterPlay },
  });

  // 2. Trending pages nobody asked for yet (each offset once).
  const trending: number[] = [];
  let trendingErrors = 0;
  const offsets = new Set<number>();
  // Any of the first 400 pages (offsets to 9,576): far deeper than people browse, each asked once.
  while (offsets.size < 50) offsets.add(24 * Math.floor(Math.random() * 400));
  for (const offset of offsets) {
    const { ms, status } = await timed(`${PORTAL}/api/games?sort=trending&limit=24&offset=${offset}`);
    if (status !== 200) trendingErrors += 1;
    trending.push(ms);
  }
  // Plausibility, after the timing (now cached): every sampled page is full.
  let shortPages = 0;
  for (const offset of [...offsets].slice(0, 10)) {
    if ((await listLength(`${PORTAL}/api/games?sort=trending&limit=24&offset=${offset}`)) !== 24) shortPages += 1;
  }
  rows.push({
    metric: 'GET /api/games?sort=trending&limit=24&offset=N, uncached',
    figure: `median ${median(trending).toFixed(1)} ms, p99 ${percentile(trending, 99).toFixed(1)} ms (offsets to ${Math.max(...offsets)}, ${trendingErrors} errors, ${shortPages}/10 pages short of 24)`,
    goal: '≤ 50 ms',
    pass: percentile(trending, 99) <= 50 && trendingErrors === 0 && shortPages === 0,
    detail: { samplesMs: trending, shortPages },
  });

  // 3. Varied searches at 32 connections, never the same URL twice in a row.
  let next = 0;
  const search = await load({
    url: PORTAL,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/games?search=${encodeURIComponent(queries[next++ % queries.length]!)}` }) }],
  });
  // Plausibility, after the load: most of the queries it asked find games (a search answering nothing is fast and meaningless).
  const distinct = [...new Set(queries)];
  const sampled = distinct.filter((_, index) => index % Math.ceil(distinct.length / 100) === 0);
  let found = 0;
  for (const query of sampled) if ((await listLength(`${PORTAL}/api/games?search=${encodeURIComponent(query)}`)) > 0) found += 1;
  rows.push({
    metric: `GET /api/games?search=<varied: ${distinct.length} distinct words, prefixes, pairs> at 32 connections`,
    figure: `p99 ${search.p99} ms, ${search.rps.toFixed(0)} req/s, ${search.errors} errors; ${found}/${sampled.length} sampled queries find games`,
    goal: 'p99 ≤ 50 ms',
    pass: search.p99 <= 50 && search.errors === 0 && found >= sampled.length * 0.8,
    detail: { ...search, distinctQueries: distinct.length, sampledQueries: sampled.length, queriesFindingGames: found },
  });

  // 4. Game pages of popular games.
  let slugIndex = 0;
  await ratioToBare('GET /api/games/{slug} (200 popular games)', null, {
    url: PORTAL,
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/games/${popular[slugIndex++ % popular.length]!.slug}` }) }],
  });

  // 5. Home while plays arrive at 100/s (on the bare route's rounds too, so both share the machine's load).
  let playStats = { sent: 0, failed: 0 };
  await ratioToBare('GET /api/home while 100 plays/s arrive', 0.5, { url: `${PORTAL}/api/home` }, () => {
    const plays = playsAt(100, allIds);
    return {
      stop: async () => {
        const stats = await plays.stop();
        playStats = { sent: playStats.sent + stats.sent, failed: playStats.failed + stats.failed };
      },
    };
  });
  rows.at(-1)!.figure += `; plays: ${playStats.sent} sent, ${playStats.failed} not 200`;
  if (playStats.failed > 0) rows.at(-1)!.pass = false;
} finally {
  portal.kill('SIGTERM');
  bareServer.kill('SIGTERM');
}

console.info('');
console.info('| metric | figure | goal | |');
console.info('|---|---|---|---|');
for (const row of rows) console.info(`| ${row.metric} | ${row.figure} | ${row.goal} | ${row.pass === null ? '' : row.pass ? '✓' : '✗'} |`);
const results = {
  date: new Date().toISOString(),
  machine: { cores: cpus().length, node: process.version, postgresql: serverVersion },
  catalog: { ...SIZE, database: new URL(url).pathname.slice(1), generationSeconds: timings },
  rounds: ROUNDS,
  durationSeconds: DURATION_S,
  results: rows,
};
writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.info('\nWrote bench/results.json');
process.exitCode = rows.every((row) => row.pass !== false) ? 0 : 1;
