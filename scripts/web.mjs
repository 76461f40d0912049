// npm run web [-- --port N --host H --data PATH]: Lantern in a browser.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { buildIfNeeded } from './build-if-needed.mjs'

const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Lantern needs Node.js 22.12 or newer; this is ${process.version}. See README.md, "Setting up".`)
  process.exit(1)
}
buildIfNeeded()
const root = new URL('..', import.meta.url).pathname
const child = spawn(process.execPath, [join(root, 'out/main/server.js'), ...process.argv.slice(2)], { stdio: 'inherit' })
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
child.on('exit', (code) => process.exit(code ?? 0))
