/**
 * `npm run test:pg`: the Vitest suite's database tests again, on a real PostgreSQL server
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
 * Without a reachable server it says so and skips, except under CI=true, where it fails.
 * Test files that cannot open a database are left out (engine-blind.ts): they would only repeat the PGlite run.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { DatabaseReach } from './engine-blind';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  if (process.env.CI === 'true') {
    console.error(`PostgreSQL is not reachable at ${url}: ${reason}`);
    process.exit(1);
  }
  console.warn(`\n*** Skipping the PostgreSQL run: ${url} is not reachable (${reason}). Set TEST_DATABASE_URL to run it. ***\n`);
  process.exit(0);
}
// Files that cannot open a database (engine-blind.ts) would run exactly as in the PGlite run.
const engineBlind = new DatabaseReach().engineBlindTestFiles(['server', 'shared', 'tests', 'src']);
const report = process.env.VITEST_JSON_REPORT_PG;
const result = spawnSync('npx', ['vitest', 'run', ...engineBlind.flatMap((file) => ['--exclude', file])], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url, ...(report ? { VITEST_JSON_REPORT: report } : { VITEST_JSON_REPORT: '' }) },
});
process.exit(result.status ?? 1);
