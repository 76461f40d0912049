// Builds with electron-vite when the build is missing or older than any source file or config.
// LANTERN_OUT: the build's folder (default out/; see electron.vite.config.ts).
// LANTERN_NO_BUILD=1: use the build as it is (tests that have just built it).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The build's folder: LANTERN_OUT (relative to the project) or out/. */
export function outDir(env = process.env) {
  return resolve(root, env.LANTERN_OUT || 'out')
}

const outputs = () => ['main/index.js', 'main/server.js', 'preload/index.js', 'renderer/index.html'].map((p) => join(outDir(), p))

function newest(dir) {
  let t = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

export function buildIfNeeded() {
  const files = outputs()
  const complete = files.every((p) => existsSync(p))
  if (process.env.LANTERN_NO_BUILD === '1') {
    if (complete) return
    console.error(`Lantern: LANTERN_NO_BUILD is set but there is no complete build in ${outDir()}; run \`npm run build\`.`)
    process.exit(1)
  }
  if (!existsSync(join(root, 'node_modules/electron-vite'))) {
    console.error('Lantern: its dependencies are not installed; run `npm install` first.')
    process.exit(1)
  }
  const built = complete ? Math.min(...files.map((p) => statSync(p).mtimeMs)) : 0
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
