import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    // Statistical and property tests are CPU-bound; two workers match this 2-core machine.
    maxWorkers: 2,
  },
})
