import { defineConfig } from 'vitest/config';

// Server and unit tests. Each test file gets its own database cloned from one
// migrated template (PGlite by default; PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'tests/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: process.env.VITEST_JSON_REPORT ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]] : ['default'],
  },
});
