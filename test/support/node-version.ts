/**
 * Vitest's global set-up that refuses a Node.js older than Lantern's (package.json's engines)
 * before any test runs. better-sqlite3 needs Node.js 22 or newer: on an older one (Debian's
 * Node.js 20) loading it crashes the worker with SIGSEGV, so a run on PostgreSQL, where only the
 * files that also open a SQLite library load it, lost one file to a crash and passed the rest.
 * `npm test` switches to Node.js 24 by itself (scripts/node-runtime.mjs); `npm run test:unit`,
 * `npm run test:postgres` and `npx vitest` run on the Node.js they are started with.
 */
import { MIN_NODE, isRecentNode } from '../../scripts/node-runtime.mjs'

/**
 * Throws, in words, when this Node.js is too old for the tests.
 * @example requireRecentNode('20.20.2') // throws: These tests need Node.js 22.12 or newer …
 */
export function requireRecentNode(version = process.versions.node): void {
  if (isRecentNode(version, MIN_NODE)) return
  throw new Error(
    `These tests need Node.js ${MIN_NODE.replace(/\.0$/, '')} or newer, and this is Node.js ${version}: on it, ` +
      'better-sqlite3 (which opens the tests’ SQLite libraries) crashes the test worker. No test was run. ' +
      '`npm test` runs them under Node.js 24 by itself; to run Vitest directly, put that Node.js first on PATH: ' +
      'export PATH="$(node scripts/node-runtime.mjs --bin-dir):$PATH"',
  )
}

export default function setup(): void {
  requireRecentNode()
}
