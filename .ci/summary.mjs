// Sums the CI steps into one "N passed, N failed" line. Vitest (PGlite and PostgreSQL) and
// Playwright count their tests from their JSON reports; typecheck, lint and the web build count as one check each.
// A step that failed without a failing test in its report (a file that failed to load, a failing
// hook, a crash, a report never written) counts as a failure, so the line can never read green
// while a step failed. Exits 1 when anything failed. Above the counts it prints how long each step,
// the whole run and the slowest test files took (timing.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { timingLines } from './timing.mjs';

const dir = process.argv[2];
const steps = ['typecheck', 'lint', 'web-build', 'vitest-pglite', 'vitest-postgres', 'playwright'];
const reportOf = { 'vitest-pglite': 'vitest-pglite.json', 'vitest-postgres': 'vitest-postgres.json', playwright: 'playwright.json' };
let passed = 0;
let failed = 0;
let skipped = 0;
// The name and first line of every failed test, printed just above the summary so that the tail
// of a long CI log says what failed.
const failures = [];

function firstLine(text) {
  return String(text).split('\n').find((line) => line.trim()) ?? '';
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Passed, failed and skipped tests of a Vitest JSON report; a failed file without a failed test counts once. */
function countVitest(report) {
  const counts = { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0), notes: [] };
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      const message = (test.failureMessages ?? [])[0] ?? '';
      failures.push(`${relative(process.cwd(), file.name)} › ${test.fullName ?? test.title}: ${firstLine(message)}`);
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      counts.failed += 1;
      counts.notes.push(`${file.name}: ${firstLine(file.message || 'failed outside a test')}`);
    }
  }
  return counts;
}

/** Collects the failed tests of a Playwright report's suites (nested by file and describe). */
function collectPlaywrightFailures(suite, path) {
  const here = suite.title ? [...path, suite.title] : path;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected' || test.status === 'flaky') {
        const error = (test.results ?? []).flatMap((result) => result.errors ?? [result.error]).find(Boolean);
        failures.push(`${[...here, spec.title].join(' › ')} [${test.projectName}]: ${firstLine(error?.message ?? '')}`);
      }
    }
  }
  for (const child of suite.suites ?? []) collectPlaywrightFailures(child, here);
}

/** Passed, failed and skipped tests of a Playwright JSON report; errors outside tests count once each. */
function countPlaywright(report) {
  for (const suite of report.suites ?? []) collectPlaywrightFailures(suite, []);
  const stats = report.stats ?? {};
  const errors = report.errors ?? [];
  return {
    passed: stats.expected ?? 0,
    // A test that passed only on a retry is not a pass (CI runs without retries anyway).
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + errors.length,
    skipped: stats.skipped ?? 0,
    notes: errors.map((error) => firstLine(error.message ?? String(error))),
  };
}

for (const line of timingLines(dir, steps)) console.log(line);
console.log('tests:');
for (const step of steps) {
  const statusFile = join(dir, `step-${step}.status`);
  const code = existsSync(statusFile) ? Number(readFileSync(statusFile, 'utf8').trim()) : undefined;
  let counts = { passed: 0, failed: 0, skipped: 0, notes: [] };
  if (reportOf[step]) {
    const report = readJson(join(dir, reportOf[step]));
    if (report) counts = step === 'playwright' ? countPlaywright(report) : countVitest(report);
    else if (code !== undefined) {
      counts.failed += 1;
      counts.notes.push('wrote no report');
    }
  } else if (code === 0) {
    counts.passed = 1;
  }
  if (code === undefined) {
    counts.failed += 1;
    counts.notes.push('did not run');
  } else if (code !== 0 && counts.failed === 0) {
    counts.failed += 1;
    counts.notes.push(`exited ${code} with no failing test in its report`);
  }
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  console.log(`  ${step}: ${counts.passed} passed, ${counts.failed} failed${counts.notes.length ? ` (${counts.notes.join('; ')})` : ''}`);
}
if (failures.length) {
  console.log('failed:');
  for (const failure of failures) console.log(`  ${failure.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 300)}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
