/**
 * `npm run bench` (weight part): builds the web app into a temporary folder and reports what a
 * phone downloads on a first visit (bench/first-load.ts): the first-load JavaScript of `/`
 * gzipped and the service worker's precache. Exits 1 on a missed goal.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOME_JS_GOAL_KB, initialJsKb, precache, PRECACHE_GOAL_KB } from './first-load';
import { printTable, root, type Row } from './support';

const outDir = mkdtempSync(join(tmpdir(), 'playfree-weight-'));
const rows: Row[] = [];
try {
  console.info('Building the web app…');
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir], { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const homeJs = initialJsKb(outDir, 'src/pages/Home.page.tsx');
  const precached = precache(outDir);
  rows.push(
    { metric: 'First-load JavaScript of / (gzipped)', figure: `${homeJs.toFixed(1)} KB`, goal: `≤ ${HOME_JS_GOAL_KB} KB`, pass: homeJs <= HOME_JS_GOAL_KB },
    { metric: "Service worker's precache (brotli as sent)", figure: `${precached.kb.toFixed(1)} KB in ${precached.files} files`, goal: `≤ ${PRECACHE_GOAL_KB} KB`, pass: precached.kb <= PRECACHE_GOAL_KB },
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
printTable(rows);
process.exitCode = rows.every((row) => row.pass !== false) ? 0 : 1;
