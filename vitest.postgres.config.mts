/**
 * The service suite again on PostgreSQL: the same test files, each library a database on a server
 * the run starts and removes itself (test/support/postgres-setup.ts). Left out: what is about a
 * SQLite file as such (its migrations and upgrades, file backups, the campaign file's transfer).
 * `npx vitest run -c vitest.postgres.config.mts`
 */
import { defineConfig } from 'vitest/config'
import base from './vitest.config.mts'

// Read by the global set-up, which runs in this process.
process.env.LANTERN_TEST_DATABASE = 'postgres'

/** Tests of the SQLite file itself. */
export const SQLITE_ONLY = [
  'test/services/migrations.test.ts',
  'test/services/upgrades.test.ts',
  'test/services/upgrade-audiences.test.ts',
  'test/services/records-schema.test.ts',
  'test/services/ledger-migration.test.ts',
  'test/services/backup*.test.ts',
  'test/services/transfer*.test.ts',
]

export default defineConfig({
  test: {
    ...base.test,
    include: ['test/services/**/*.test.ts', 'test/postgres/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', ...SQLITE_ONLY],
    globalSetup: ['test/support/postgres-setup.ts'],
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test-results/vitest-postgres.json' }]] : ['default'],
  },
})
