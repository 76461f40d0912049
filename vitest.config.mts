import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/postgres: only in the run on PostgreSQL (vitest.postgres.config.mts).
    exclude: ['test/e2e/**', 'test/postgres/**', 'node_modules/**'],
    environment: 'node',
    // A Node.js older than Lantern's is refused in words before any test (better-sqlite3 would crash the workers).
    globalSetup: ['test/support/node-version.ts'],
    testTimeout: 30_000,
    // A set-up (a library filled, backed up, damaged) may take seconds on a loaded machine, as tests do.
    hookTimeout: 30_000,
    // Statistical and property tests are CPU-bound; two workers match this 2-core machine.
    maxWorkers: 2,
    // CI also writes a JSON report, from which .ci/run prints one closing count.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest.json' }]] : ['default'],
  },
})
