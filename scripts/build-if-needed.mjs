// Builds with electron-vite when out/ is missing or older than any source file or config.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const outputs = ['out/main/index.js', 'out/main/server.js', 'out/preload/index.js', 'out/renderer/index.html'].map((p) => join(root, p))

function newest(dir) {
  let t = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

export function buildIfNeeded() {
  const built = outputs.every((p) => existsSync(p)) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0
  const sources = Math.max(
    newest(join(root, 'src')),
    ...['electron.vite.config.ts', 'package.json'].map((f) => statSync(join(root, f)).mtimeMs),
  )
  if (built > sources) return
  console.log('Building Lantern…')
  const r = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (r.status !== 0) {
    console.error('Lantern: the build failed (see the messages above).')
    process.exit(r.status ?? 1)
  }
}
