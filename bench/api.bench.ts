/**
 * `npm run bench`: requests per second of the hot /api and /trpc reads against a bare Fastify
 * route (bench/bare.ts, a process of its own on the same Node), measured in alternating rounds
 * (bare, portal, bare, portal…; autocannon in a process of its own for each load, as an outside
 * measure runs it; loopback only, bounded duration).
 * The portal is started as `npm start` serves it (server/index.ts with its Node flags, a fresh
 * embedded database, its games origin and build checker, request logging on, to a file), and
 * measured once its start-up work is done. Nothing else runs meanwhile here, so the bare route
 * measured alone and under the same background load are one figure (bench/scale/run.ts has a
 * background load and reports both). Targets: /api/home ≥ 0.6× (issue #2, issue 50) and
 * /api/games/{slug} ≥ 0.35×; the web app's /trpc home ≥ 0.45× (issue 50) and its game page ≥ 0.3× (issue #9). Prints a table, exits 1
 * on a missed goal. BENCH_ONLY=<text> measures only the rows whose name holds it.
 */
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_HEADERS, loadFromOwnProcess, median, printTable, startNode, stop, waitFor, waitUntilIdle, type Row } from './support';

const quick = process.argv.includes('--quick');
const DURATION_S = Number(process.env.BENCH_DURATION ?? (quick ? 2 : 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
// Load on the machine drifts: each target is measured right after the bare route, a few
// rounds, and judged on the median of the per-round ratios.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (quick ? 1 : 5));
const portal = 'http://127.0.0.1:3810';
const bareOrigin = 'http://127.0.0.1:3811';
const ceilingOrigin = 'http://127.0.0.1:3814';

// The portal's log (request logging on, as shipped) goes to a file, as an operator's would.
const logFile = join(tmpdir(), `playfree-bench-${process.pid}.log`);
const dataDir = mkdtempSync(join(tmpdir(), 'playfree-bench-'));
const server = startNode(
  'server/index.ts',
  { PORT: '3810', GAMES_PORT: '3813', DATA_DIR: dataDir },
  ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')],
);
console.info(`Portal log: ${logFile}`);
await waitFor(`${portal}/api/categories`, server);
const settled = await waitUntilIdle(server, 240);
console.info(settled === null ? 'Could not read the portal’s CPU use; measuring at once' : `The portal was idle ${settled.toFixed(0)} s after it answered`);
// The yardstick is the bare route alone, as an outside measure runs it; the ceilings come from a
// process of their own: the yardstick's process, once it had compressed home's bytes, answered
// 13–15 % more requests a second (docs/PERFORMANCE.md).
const bare = startNode('bench/bare.ts', { BENCH_BARE_PORT: '3811' }, 'inherit');
const ceiling = startNode('bench/bare.ts', { BENCH_BARE_PORT: '3814', BENCH_HOME_URL: `${portal}/api/home` }, 'inherit');

/** A client that asks for no compression (curl without --compressed, most scripts). */
const PLAIN = {};

function measure(url: string, headers: Record<string, string>, durationS = DURATION_S): Promise<{ rps: number; p99: number; errors: number }> {
  return loadFromOwnProcess({ url, headers, connections: CONNECTIONS, durationS });
}

const rows: Row[] = [];
try {
  await waitFor(`${bareOrigin}/bare`, bare);
  await waitFor(`${ceilingOrigin}/bare-home-bytes`, ceiling);
  const slug = ((await (await fetch(`${portal}/api/games?limit=1`)).json()) as { slug: string }[])[0]!.slug;
  const targets: { name: string; url: string; headers: Record<string, string>; target: number | undefined; yardstick?: string }[] = [
    { name: 'GET /api/home (browser)', url: `${portal}/api/home`, headers: BROWSER_HEADERS, target: 0.65 },
    { name: 'GET /api/home (no Accept-Encoding)', url: `${portal}/api/home`, headers: PLAIN, target: 0.6 },
    // What the portal adds to sending home's bytes: against a bare route sending the very same 17 KB (issue #57: ≥ 0.9).
    { name: 'GET /api/home (no Accept-Encoding) against the same bytes from a bare route', url: `${portal}/api/home`, headers: PLAIN, target: 0.9, yardstick: `${ceilingOrigin}/bare-home-bytes` },
    { name: `GET /api/games/${slug} (browser)`, url: `${portal}/api/games/${slug}`, headers: BROWSER_HEADERS, target: 0.35 },
    { name: `GET /api/games/${slug} (no Accept-Encoding)`, url: `${portal}/api/games/${slug}`, headers: PLAIN, target: 0.35 },
    { name: 'GET /api/games?sort=trending (browser)', url: `${portal}/api/games?sort=trending`, headers: BROWSER_HEADERS, target: undefined },
    { name: "GET /trpc/home.get,categories.list (the web app's home batch)", url: `${portal}/trpc/home.get,categories.list?batch=1&input=%7B%7D`, headers: BROWSER_HEADERS, target: 0.45 },
    { name: "GET /trpc/games.bySlug (the web app's game page)", url: `${portal}/trpc/games.bySlug?input=${encodeURIComponent(JSON.stringify({ slug }))}`, headers: BROWSER_HEADERS, target: 0.3 },
    // Not the portal: /api/home's bytes from the ceilings' process, the most any server could reach here with them.
    { name: 'bare route sending /api/home bytes (ceiling)', url: `${ceilingOrigin}/bare-home-bytes`, headers: PLAIN, target: undefined },
    { name: 'bare route sending /api/home brotli bytes (ceiling, browser)', url: `${ceilingOrigin}/bare-home-brotli-bytes`, headers: BROWSER_HEADERS, target: undefined },
  ];
  // BENCH_ONLY: only the rows whose name holds it ("GET /api/home (" for home's three, to compare with `npm run bench:outside`).
  const only = process.env.BENCH_ONLY;
  for (const { name, url, headers, target, yardstick = `${bareOrigin}/bare` } of targets.filter((row) => !only || row.name.includes(only))) {
    const ratios: number[] = [];
    let errors = 0;
    let last = { rps: 0, p99: 0 };
    let bareLast = { rps: 0, p99: 0 };
    // Both warmed up once (JIT, caches); then each load follows the other's as in an outside
    // measure's alternation, with no warm-up between: one before each load measured a bare route
    // that had just run, where an outside measure finds it idle since its last round.
    await measure(yardstick, headers, 2);
    await measure(url, headers, 2);
    for (let round = 0; round < ROUNDS; round += 1) {
      bareLast = await measure(yardstick, headers);
      const result = await measure(url, headers);
      errors += result.errors;
      last = result;
      ratios.push(result.rps / bareLast.rps);
    }
    const ratio = median(ratios);
    const row: Row = {
      metric: name,
      figure:
        `${ratio.toFixed(2)}× ${yardstick.endsWith('/bare') ? 'bare (measured alone: with no background load here it is also the ratio under the same load)' : 'that route'}, median of ${ROUNDS} [${ratios.map((r) => r.toFixed(2)).join(', ')}] ` +
        `(last round ${last.rps.toFixed(0)} vs ${bareLast.rps.toFixed(0)} req/s, p99 ${last.p99} ms, ${errors} errors)`,
      goal: target === undefined ? '0 errors' : `≥ ${target}× ${yardstick.endsWith('/bare') ? 'bare alone' : 'that route'}, 0 errors`,
      pass: (target === undefined || ratio >= target) && errors === 0,
    };
    rows.push(row);
    console.info(`${row.metric}: ${row.figure}`);
  }
} finally {
  await Promise.all([stop(server), stop(bare), stop(ceiling)]);
  rmSync(dataDir, { recursive: true, force: true });
}
printTable(rows);
process.exitCode = rows.every((row) => row.pass !== false) ? 0 : 1;
