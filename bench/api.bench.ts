/**
 * `npm run bench`: requests per second of the hot /api reads against a bare
 * Fastify JSON route measured in the same run (autocannon, loopback only,
 * bounded duration). Targets from issue #2: /api/home ≥ 0.6×, /api/games/{slug} ≥ 0.35×.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const portal = 'http://127.0.0.1:3810';
const bareUrl = 'http://127.0.0.1:3811/bare';

const server = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
  stdio: 'inherit',
});
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
  { name: 'GET /trpc/home.get', url: `${portal}/trpc/home.get`, headers: BROWSER, target: undefined },
  // Not the portal: /api/home's uncompressed bytes from a bare route, the most any server could reach here without compression.
  { name: 'bare route sending /api/home bytes (ceiling)', url: 'http://127.0.0.1:3811/bare-home-bytes', headers: PLAIN, target: undefined },
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
