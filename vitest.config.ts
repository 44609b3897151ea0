import { defineConfig } from 'vitest/config';
import FileTimesReporter from './tests/support/file-times-reporter.ts';
import SlowFilesFirst from './tests/support/slow-files-first.ts';

const jsonReport = process.env.VITEST_JSON_REPORT;

// Server and unit tests. Each test file gets its own database cloned from one
// migrated template (PGlite by default; PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'tests/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    // Two files at a time. Vitest's default (cores − 1) ran one at a time on the 2-core machines,
    // and most of a file's time is spent waiting on a spawned server, Chromium or a timer; every
    // file has its own database and ports, so two never share state.
    maxWorkers: 2,
    // The few files that take minutes start first, so none runs alone at the end.
    sequence: { sequencer: SlowFilesFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // With a JSON report (CI), each file's wall time beside it (x.json → x.files.json) for .ci/run's slowest files.
    reporters: jsonReport
      ? ['default', ['json', { outputFile: jsonReport }], new FileTimesReporter({ outputFile: jsonReport.replace(/(\.json)?$/, '.files.json') })]
      : ['default'],
  },
});
