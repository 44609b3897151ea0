// How long the CI run took: each step, the whole run, and the slowest test files of every suite,
// read from what .ci/run leaves in its reports folder (started, setup.seconds, step-*.seconds) and
// the suites' reports: Vitest's file times (tests/support/file-times-reporter.ts) and Playwright's
// JSON report, where a file's time is the sum of its tests' (its hooks count in its tests).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SLOWEST_FILES = 20;
const SLOWEST_OF_EACH_VITEST_RUN = 10;

function readNumber(file) {
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** 75 → "1:15", 3725 → "1:02:05". */
export function clock(seconds) {
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** Seconds per file of one Playwright JSON report, a file per project ("file [project]"). */
export function playwrightFileTimes(report) {
  const times = new Map();
  const visit = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const key = `e2e/${spec.file ?? here} [${test.projectName}]`;
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        times.set(key, (times.get(key) ?? 0) + ms / 1000);
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report?.suites ?? []) visit(suite, suite.file);
  return [...times].map(([file, seconds]) => ({ file, seconds }));
}

/** The share of the machine's CPU time that was busy between two `cpu` lines of /proc/stat, or undefined. */
export function busyShare(before, after) {
  const counters = (line) => line?.trim().split(/\s+/).slice(1).map(Number);
  const [a, b] = [counters(before), counters(after)];
  if (!a || !b || a.length < 5 || b.length < 5) return undefined;
  const total = b.reduce((sum, value, i) => sum + value - (a[i] ?? 0), 0);
  // idle and iowait: the cores had nothing to run.
  const idle = b[3] - a[3] + (b[4] - a[4]);
  return total > 0 ? (total - idle) / total : undefined;
}

function readText(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** The lines of the timing section: steps (with how busy the CPU was), total, then the slowest files of all suites together and of each Vitest run. */
export function timingLines(dir, steps, now = Date.now()) {
  const lines = ['time:'];
  const setup = readNumber(join(dir, 'setup.seconds'));
  if (setup !== undefined) lines.push(`  setup (Chromium, databases, npm ci): ${clock(setup)}`);
  for (const step of steps) {
    const seconds = readNumber(join(dir, `step-${step}.seconds`));
    const busy = busyShare(readText(join(dir, `step-${step}.cpu-before`)), readText(join(dir, `step-${step}.cpu-after`)));
    const cpu = busy === undefined ? '' : ` (CPU ${Math.round(busy * 100)}% busy)`;
    lines.push(`  ${step}: ${seconds === undefined ? 'did not run' : `${clock(seconds)}${cpu}`}`);
  }
  const started = readNumber(join(dir, 'started'));
  if (started !== undefined) lines.push(`  total: ${clock(now / 1000 - started)}`);

  const files = [
    ...(readJson(join(dir, 'vitest-pglite.files.json')) ?? []).map((time) => ({ ...time, suite: 'vitest-pglite' })),
    ...(readJson(join(dir, 'vitest-postgres.files.json')) ?? []).map((time) => ({ ...time, suite: 'vitest-postgres' })),
    ...playwrightFileTimes(readJson(join(dir, 'playwright.json'))).map((time) => ({ ...time, suite: 'playwright' })),
  ];
  if (files.length) {
    lines.push(`slowest test files (of ${files.length}):`);
    for (const { file, seconds, suite } of files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_FILES)) {
      lines.push(`  ${clock(seconds).padStart(7)}  ${suite.padEnd(15)}  ${file}`);
    }
    // Playwright's files fill the list above: each Vitest run's own slowest too.
    for (const suite of ['vitest-pglite', 'vitest-postgres']) {
      const own = files.filter((time) => time.suite === suite);
      if (!own.length) continue;
      lines.push(`slowest ${suite} files (of ${own.length}):`);
      for (const { file, seconds } of own.slice(0, SLOWEST_OF_EACH_VITEST_RUN)) lines.push(`  ${clock(seconds).padStart(7)}  ${file}`);
    }
  }
  return lines;
}
