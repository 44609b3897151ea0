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

async function measure(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  // Warm up (JIT, caches) before measuring.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const slug = ((await (await fetch(`${portal}/api/games?limit=1`)).json()) as { slug: string }[])[0]!.slug;
const targets = [
  { name: 'GET /api/home', url: `${portal}/api/home`, target: 0.6 },
  { name: `GET /api/games/${slug}`, url: `${portal}/api/games/${slug}`, target: 0.35 },
  { name: 'GET /api/games?sort=trending', url: `${portal}/api/games?sort=trending`, target: undefined },
  { name: 'GET /trpc/home.get', url: `${portal}/trpc/home.get`, target: undefined },
  // Not the portal: the same bytes as /api/home from a bare route, i.e. the most any server could reach here.
  { name: 'bare route sending /api/home bytes (ceiling)', url: 'http://127.0.0.1:3811/bare-home-bytes', target: undefined },
];

// Load on the machine drifts: measure each target right after the bare route, a few rounds,
// and judge the median of the per-round ratios.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
let failed = false;
for (const { name, url, target } of targets) {
  const ratios: number[] = [];
  let errors = 0;
  let last = { rps: 0, p99: 0 };
  let bareLast = { rps: 0, p99: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    bareLast = await measure(bareUrl);
    const result = await measure(url);
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
