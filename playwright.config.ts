import { defineConfig } from '@playwright/test'
import { findChromium } from './scripts/chromium.cjs'

// CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own build if installed; else one
// line saying how to get one (the same choice `npm test` checks before it starts).
const chromium = findChromium()
if (chromium.error) throw new Error(chromium.error)
const executablePath = chromium.executablePath

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // Each test starts its own server on its own library (test/e2e/fixtures.ts), so they may run in parallel.
  workers: process.env.CI ? 2 : 2,
  fullyParallel: true,
  // A whole walk (a session in one system, the records in one) takes 30-60 s on a loaded 2-core
  // machine: each waits at most 10 s for any one thing (expect), the walk as a whole 2 minutes.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]]
    : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      // A UTF-8 locale for the browser: under LANG=C (a bare CI shell) Chromium names a download
      // with non-ASCII letters ("Session 01 – Title.md") just "download".
      env: { ...process.env, LANG: /utf-?8/i.test(process.env.LANG ?? '') ? process.env.LANG! : 'C.UTF-8' },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
})
