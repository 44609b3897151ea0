/**
 * `npm run lighthouse`: builds the web app, starts the portal as `npm start` does (fresh embedded
 * database, default settings), and runs Lighthouse (mobile preset: simulated slow 4G and a 4×
 * slower CPU) in Debian's Chromium on four pages, LIGHTHOUSE_RUNS times each (default 3). Prints
 * the medians, writes bench/lighthouse.json, and exits 1 when a goal is missed. A benchmark, never
 * part of the test suite.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PORT = 3860;
const PORTAL = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));

/** The goals of issue #10, per page. */
const GOALS = { performance: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1, accessibility: 100, bestPractices: 100 };
/** Initial JS of the home page, gzip-equivalent transfer size (brotli is smaller still). */
const HOME_JS_GOAL_KB = 170;

type Run = { performance: number; accessibility: number; bestPractices: number; lcpMs: number; tbtMs: number; cls: number; jsKb: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

console.info('Building the web app…');
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const dataDir = mkdtempSync(join(tmpdir(), 'playfree-lighthouse-'));
const server = spawn(join(root, 'node_modules/.bin/node'), ['--import', 'tsx', 'server/index.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), GAMES_PORT: String(PORT + 1), DATA_DIR: dataDir, DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });

const results: Record<string, { medians: Run; runs: Run[]; pass: boolean }> = {};
try {
  for (let i = 0; !(await fetch(`${PORTAL}/api/ready`).catch(() => null))?.ok; i += 1) {
    if (i > 300) throw new Error('the portal did not become ready within a minute');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const [game] = (await (await fetch(`${PORTAL}/api/games?limit=1`)).json()) as { slug: string }[];
  const pages = { '/': '/', '/games/{slug}': `/games/${game!.slug}`, '/kids': '/kids', '/categories': '/categories' };

  for (const [name, path] of Object.entries(pages)) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${PORTAL}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      const scripts = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
      runs.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Infinity,
        tbtMs: audits['total-blocking-time']?.numericValue ?? Infinity,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Infinity,
        jsKb: scripts.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
      });
    }
    const medians: Run = {
      performance: median(runs.map((run) => run.performance)),
      accessibility: median(runs.map((run) => run.accessibility)),
      bestPractices: median(runs.map((run) => run.bestPractices)),
      lcpMs: median(runs.map((run) => run.lcpMs)),
      tbtMs: median(runs.map((run) => run.tbtMs)),
      cls: median(runs.map((run) => run.cls)),
      jsKb: median(runs.map((run) => run.jsKb)),
    };
    const pass =
      medians.performance >= GOALS.performance &&
      medians.lcpMs <= GOALS.lcpMs &&
      medians.tbtMs <= GOALS.tbtMs &&
      medians.cls <= GOALS.cls &&
      medians.accessibility >= GOALS.accessibility &&
      medians.bestPractices >= GOALS.bestPractices &&
      (name !== '/' || medians.jsKb <= HOME_JS_GOAL_KB);
    results[name] = { medians, runs, pass };
    console.info(`${name}: performance ${medians.performance}, LCP ${(medians.lcpMs / 1000).toFixed(1)} s, TBT ${medians.tbtMs.toFixed(0)} ms`);
  }
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

console.info(`\nMedians of ${RUNS} runs (Lighthouse mobile preset, Chromium ${CHROMIUM}):\n`);
console.info('| page | performance | LCP | TBT | CLS | accessibility | best practices | JS transferred | |');
console.info('|---|---|---|---|---|---|---|---|---|');
for (const [name, { medians, pass }] of Object.entries(results)) {
  console.info(
    `| \`${name}\` | ${medians.performance} | ${(medians.lcpMs / 1000).toFixed(1)} s | ${medians.tbtMs.toFixed(0)} ms | ${medians.cls.toFixed(3)} | ` +
      `${medians.accessibility} | ${medians.bestPractices} | ${medians.jsKb.toFixed(0)} KB | ${pass ? '✓' : '✗'} |`,
  );
}
console.info(
  `\nGoals: performance ≥ ${GOALS.performance}, LCP ≤ ${GOALS.lcpMs / 1000} s, TBT ≤ ${GOALS.tbtMs} ms, CLS ≤ ${GOALS.cls}, ` +
    `accessibility and best practices ${GOALS.accessibility}, JS of / ≤ ${HOME_JS_GOAL_KB} KB.`,
);
writeFileSync(join(root, 'bench/lighthouse.json'), `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, goals: { ...GOALS, homeJsKb: HOME_JS_GOAL_KB }, results }, null, 2)}\n`);
console.info('Wrote bench/lighthouse.json');
process.exitCode = Object.values(results).every((result) => result.pass) ? 0 : 1;
