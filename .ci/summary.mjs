// Sums the Vitest (PGlite and PostgreSQL) and Playwright JSON reports into one "N passed, N failed" line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const parts = [];

for (const file of existsSync(dir) ? readdirSync(dir) : []) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (file.startsWith('vitest')) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    parts.push(`${file.replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (file.startsWith('playwright')) {
    const stats = report.stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    skipped += stats.skipped ?? 0;
    parts.push(`playwright: ${(stats.expected ?? 0) + (stats.flaky ?? 0)} passed, ${stats.unexpected ?? 0} failed`);
  }
}
for (const part of parts) console.log(`  ${part}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
