// npm start: the desktop app. Where Electron's binary is missing it runs Electron's own installer
// once; where that cannot download, it says so in one line and points at the browser mode.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildIfNeeded } from './build-if-needed.mjs'

const root = new URL('..', import.meta.url).pathname
const electronDir = join(root, 'node_modules/electron')

function electronBinary() {
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const bin = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(bin) ? bin : null
}

if (!existsSync(electronDir)) {
  console.error('Lantern: dependencies are not installed. Run `npm install` first.')
  process.exit(1)
}
let bin = electronBinary()
if (!bin) {
  console.log('Lantern: fetching the Electron binary (once)…')
  const r = spawnSync(process.execPath, [join(electronDir, 'install.js')], { cwd: electronDir, stdio: 'ignore', timeout: 180_000 })
  bin = r.status === 0 ? electronBinary() : null
  if (!bin) {
    console.error(
      'Lantern: the Electron binary could not be downloaded on this machine, so the desktop window cannot open; run `npm run web` to use Lantern in your browser instead.',
    )
    process.exit(1)
  }
}
buildIfNeeded()
const child = spawn(bin, [root, ...process.argv.slice(2)], { stdio: 'inherit' })
child.on('exit', (code) => process.exit(code ?? 0))
