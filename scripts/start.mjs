// npm start: Lantern's desktop window where it can open (Electron's binary is there, or can be
// fetched once, and there is a display); otherwise, after one line saying why, the browser mode
// exactly as `npm run web` starts it, with the same arguments (--port, --host, --data, --no-open).
// Runs under a provisioned Node.js 24 when the system's is older than 22.12 (scripts/node-runtime.mjs).
// LANTERN_ELECTRON_PATH: the Electron binary to use, never fetched (tests point it at a missing one).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfNeeded, outDir } from './build-if-needed.mjs'
import { ensureRecentNode, relay } from './node-runtime.mjs'
import { hasDisplay, runWeb } from './web.mjs'

await ensureRecentNode()

const root = fileURLToPath(new URL('..', import.meta.url))
const electronDir = join(root, 'node_modules/electron')

function installedElectron() {
  try {
    const bin = join(electronDir, 'dist', readFileSync(join(electronDir, 'path.txt'), 'utf8').trim())
    return existsSync(bin) ? bin : null
  } catch {
    return null
  }
}

/** `{ bin }`, Electron's binary, or `{ why }` there is none. */
function electronBinary(env) {
  const given = env.LANTERN_ELECTRON_PATH
  if (given) return existsSync(given) ? { bin: given } : { why: `there is no Electron binary at ${given} (LANTERN_ELECTRON_PATH)` }
  if (!existsSync(electronDir)) return { why: 'Electron is not installed' }
  const bin = installedElectron()
  if (bin) return { bin }
  console.log('Lantern: fetching the Electron binary (once)…')
  spawnSync(process.execPath, [join(electronDir, 'install.js')], { cwd: electronDir, stdio: 'ignore', timeout: 180_000 })
  const fetched = installedElectron()
  return fetched ? { bin: fetched } : { why: "Electron's binary could not be downloaded on this machine" }
}

const args = process.argv.slice(2)
const found = hasDisplay() ? electronBinary(process.env) : { why: 'there is no display here for the desktop window' }
if (found.why) {
  console.log(`Lantern: ${found.why}, so it runs in your browser instead, as \`npm run web\` does.`)
  runWeb(args)
} else {
  buildIfNeeded()
  // Electron opens the project (package.json's main is out/main/index.js), or the entry of a build elsewhere.
  const app = process.env.LANTERN_OUT ? join(outDir(), 'main/index.js') : root
  relay(spawn(found.bin, [app, ...args.filter((a) => a !== '--no-open')], { stdio: 'inherit' }))
}
