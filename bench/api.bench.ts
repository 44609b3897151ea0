/**
 * `npm run bench`: requests per second of the hot /api reads against a bare
 * Fastify JSON route measured in the same run (autocannon, loopback only,
 * bounded duration), with the portal logging as shipped. Targets: /api/home ≥ 0.6× and
 * /api/games/{slug} ≥ 0.35× (issue #2); the web app's /trpc reads ≥ 0.3× (issue #9).
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const portal = 'http://127.0.0.1:3810';
const bareUrl = 'http://127.0.0.1:3811/bare';

// The portal's request log (on, as shipped) goes to a file, as an operator's would.
const logFile = join(tmpdir(), `playfree-bench-${process.pid}.log`);
const log = openSync(logFile, 'w');
const server = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', log, 'inherit', 'ipc'],
});
console.info(`Portal log: ${logFile}`);
await new Promise<void>((resolve, reject) => {
  server.once('message', () => resolve());
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

/** What every browser sends; the bare route ignores it, the portal's cached answers honour it. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** A client that asks for no compression (curl without --compressed, most scripts). */
const PLAIN = {};

async function measure(url: string, headers: Record<string, string>): Promise<{ rps: number; p99: number; errors: number }> {
  // Warm up (JIT, caches) before measuring.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const slug = ((await (await fetch(`${portal}/api/games?limit=1`)).json()) as { slug: string }[])[0]!.slug;
const targets = [
  { name: 'GET /api/home (browser)', url: `${portal}/api/home`, headers: BROWSER, target: 0.6 },
  { name: 'GET /api/home (no Accept-Encoding)', url: `${portal}/api/home`, headers: PLAIN, target: 0.6 },
  { name: `GET /api/games/${slug} (browser)`, url: `${portal}/api/games/${slug}`, headers: BROWSER, target: 0.35 },
  { name: `GET /api/games/${slug} (no Accept-Encoding)`, url: `${portal}/api/games/${slug}`, headers: PLAIN, target: 0.35 },
  { name: 'GET /api/games?sort=trending (browser)', url: `${portal}/api/games?sort=trending`, headers: BROWSER, target: undefined },
  { name: 'GET /trpc/home.get,categories.list (the web app\'s home batch)', url: `${portal}/trpc/home.get,categories.list?batch=1&input=%7B%7D`, headers: BROWSER, target: 0.3 },
  { name: `GET /trpc/games.bySlug (the web app's game page)`, url: `${portal}/trpc/games.bySlug?input=${encodeURIComponent(JSON.stringify({ slug }))}`, headers: BROWSER, target: 0.3 },
  // Not the portal: /api/home's uncompressed bytes from a bare route, the most any server could reach here without compression.
  { name: 'bare route sending /api/home bytes (ceiling)', url: 'http://127.0.0.1:3811/bare-home-bytes', headers: PLAIN, target: undefined },
  { name: 'bare route sending /api/home brotli bytes (ceiling, browser)', url: 'http://127.0.0.1:3811/bare-home-brotli-bytes', headers: BROWSER, target: undefined },
];

// Load on the machine drifts: measure each target right after the bare route, a few rounds,
// and judge the median of the per-round ratios.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
let failed = false;
for (const { name, url, headers, target } of targets) {
  const ratios: number[] = [];
  let errors = 0;
  let last = { rps: 0, p99: 0 };
  let bareLast = { rps: 0, p99: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    bareLast = await measure(bareUrl, headers);
    const result = await measure(url, headers);
    errors += result.errors;
    last = result;
    ratios.push(result.rps / bareLast.rps);
  }
  ratios.sort((a, b) => a - b);
  const ratio = ratios[Math.floor(ratios.length / 2)]!;
  const verdict = target === undefined ? '' : ratio >= target ? `  ✓ target ${target}×` : `  ✗ below target ${target}×`;
  if ((target !== undefined && ratio < target) || errors > 0) failed = true;
  console.log(
    `${name}: ${last.rps.toFixed(0)} req/s (bare ${bareLast.rps.toFixed(0)}), p99 ${last.p99} ms, ${errors} errors, ` +
      `median ${ratio.toFixed(2)}× bare over ${ROUNDS} rounds [${ratios.map((r) => r.toFixed(2)).join(', ')}]${verdict}`,
  );
}
server.kill('SIGTERM');
process.exitCode = failed ? 1 : 0;
