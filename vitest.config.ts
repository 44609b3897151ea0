import { defineConfig } from 'vitest/config';
import FileTimesReporter from './tests/support/file-times-reporter.ts';
import SlowFilesFirst from './tests/support/slow-files-first.ts';
import { testFilesByWorker } from './tests/support/own-worker-files.ts';

const jsonReport = process.env.VITEST_JSON_REPORT;
const { ownWorker, sharedWorker } = testFilesByWorker(['server', 'shared', 'tests', 'src']);

// Server and unit tests. Each test file gets its own database cloned from one
// migrated template (PGlite by default; PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    // Two files at a time. Vitest's default (cores − 1) ran one at a time on the 2-core machines,
    // and most of a file's time is spent waiting on a spawned server, Chromium or a timer; every
    // file has its own database and ports, so two never share state.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Each worker keeps its modules from one file to the next instead of loading the server's
        // whole module graph again for every file (about 2 s a file, 203 files): the PGlite run took
        // 5:21 instead of 9:13. Files share no state through modules but the process's own metrics
        // (process-metrics.ts), which tests read as differences.
        test: { name: 'shared-worker', include: sharedWorker, isolate: false },
      },
      // Colyseus' match-maker is one per process and keeps state past its shutdown (own-worker-files.ts).
      { extends: true, test: { name: 'own-worker', include: ownWorker, isolate: true } },
    ],
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
