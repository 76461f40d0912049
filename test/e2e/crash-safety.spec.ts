/**
 * The crash test (`npm run soak -- crash`, 500 kills) in short: 25 kills of the built server in the
 * middle of writes of every kind. It lives beside the browser tests because it needs the build they
 * test, which `npm test` makes just before them (LANTERN_OUT: a build elsewhere); it opens no
 * browser. What it checks after every kill is in scripts/soak.mjs, and that the checker finds
 * damage when there is some is test/safety/crash-check.test.ts.
 */
import { expect, test } from '@playwright/test'
import { resolve } from 'node:path'

test('killed 25 times mid-write (SIGKILL), the library stays whole: no acknowledged write lost, no change without its log entry (CLK-5, DICE-3)', async () => {
  // 25 starts, writes and kills: about a minute on a quiet machine; bounded well above that.
  test.setTimeout(240_000)
  // Loaded as the ES module it is (Playwright would compile a static import of it to require()).
  const { crashSoak } = await import('../../scripts/soak.mjs')
  const result = await crashSoak({ kills: 25, seed: 25, serverJs: resolve(process.env.LANTERN_OUT ?? 'out', 'main/server.js') })
  console.log(result.line)
  expect(result.problems.map((p) => `after kill ${p.kill}: ${p.kind}: ${p.text}`)).toEqual([])
  expect(result.kills).toBe(25)
  // The kills landed among writes: many were acknowledged before them.
  expect(result.acknowledged).toBeGreaterThan(100)
})
