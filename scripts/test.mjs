// npm test: typecheck, unit and service tests (the service tests on SQLite, then on PostgreSQL), then
// the browser tests on a fresh build.
// npm run test:e2e [-- PLAYWRIGHT ARGS]: only the browser tests (build, then Playwright).
// Runs under a provisioned Node.js 24 when the system's is older than 22.12 (scripts/node-runtime.mjs),
// and first makes sure there is a Chromium for the browser tests (scripts/chromium.cjs).
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findChromium } from './chromium.cjs'
import { ensureRecentNode, npmCommand } from './node-runtime.mjs'

await ensureRecentNode()

const root = fileURLToPath(new URL('..', import.meta.url))
const argv = process.argv.slice(2)
const e2eOnly = argv[0] === 'e2e'
// Anything else on the command line goes to Playwright (a spec file, --grep …).
const playwrightArgs = e2eOnly ? argv.slice(1) : argv

const chromium = findChromium()
if (chromium.error) {
  console.error(chromium.error)
  process.exit(1)
}

function run(command, args) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' && /\.cmd$/i.test(command) })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const npm = npmCommand()
const npmRun = (script) => run(npm.command, [...npm.args, 'run', script])

if (!e2eOnly) {
  npmRun('typecheck')
  npmRun('test:unit')
  // The service suite again on PostgreSQL, on a server the run starts itself (Debian's package).
  npmRun('test:postgres')
}
npmRun('build')
run(process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...playwrightArgs])
