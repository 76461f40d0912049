/**
 * The main process's build (what Electron runs, and `npm run web`'s server) is CommonJS: every
 * package it require()s at run time must be CommonJS too. An ESM-only package (the Markdown
 * parser's, Kysely) is bundled into it instead, so that nothing depends on Node's require(esm).
 * Builds the main process alone, with the project's own electron-vite configuration, into a
 * folder of its own (out-*, which git ignores).
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(__dirname, '../..')
const out = mkdtempSync(join(root, 'out-main-bundle-'))
const main = join(out, 'main')

/** Whether Node loads this file as an ES module: .mjs, or .js under a package.json with "type": "module". */
function isEsModule(file: string): boolean {
  if (file.endsWith('.mjs')) return true
  if (!file.endsWith('.js')) return false
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json')
    if (existsSync(pkg)) return JSON.parse(readFileSync(pkg, 'utf8')).type === 'module'
    if (dirname(dir) === dir) return false
  }
}

/** Every package (not a Node built-in, not Electron, not a file of the build) a built file require()s. */
function requiredPackages(file: string): string[] {
  const specs = [...readFileSync(file, 'utf8').matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]!)
  return specs.filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s) && s !== 'electron')
}

/** The built files' require()s that Node would answer with an ES module, as "file: package → what it loads". */
function esmRequires(dir: string): string[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
  return files.flatMap((f) => {
    const file = join(dir, f)
    const req = createRequire(file)
    return requiredPackages(file)
      .map((spec) => ({ spec, loads: req.resolve(spec) }))
      .filter(({ loads }) => isEsModule(loads))
      .map(({ spec, loads }) => `${f}: ${spec} → ${relative(root, loads)}`)
  })
}

const allRequired = () =>
  readdirSync(main, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .flatMap((f) => requiredPackages(join(main, f)))

beforeAll(() => {
  // electron-vite's own resolution of electron.vite.config.ts, then Vite's build of its main target.
  const script = [
    "const { resolveConfig } = await import('electron-vite')",
    "const { build } = await import('vite')",
    "const { config } = await resolveConfig({ logLevel: 'warn' }, 'build', 'production')",
    'await build(config.main)',
  ].join('\n')
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, LANTERN_OUT: relative(root, out), NODE_ENV_ELECTRON_VITE: 'production' },
  })
  expect(r.status, r.stderr).toBe(0)
}, 120_000)
afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('the main process’s build', () => {
  it('builds the Electron entry and the browser-mode server', () => {
    expect(existsSync(join(main, 'index.js'))).toBe(true)
    expect(existsSync(join(main, 'server.js'))).toBe(true)
  })

  it('require()s no ES module: the Markdown packages and Kysely are inside it', () => {
    expect(esmRequires(main)).toEqual([])
    const required = allRequired()
    for (const bundled of ['kysely', 'mdast-util-from-markdown', 'mdast-util-to-markdown', 'mdast-util-gfm', 'micromark-extension-gfm']) {
      expect(required.filter((spec) => spec === bundled || spec.startsWith(`${bundled}/`)), bundled).toEqual([])
    }
  })

  it('leaves better-sqlite3 (native code) and pg and ws (optional native add-ons) in node_modules', () => {
    expect(allRequired()).toEqual(expect.arrayContaining(['better-sqlite3', 'pg', 'ws']))
  })

  it('is checked by a check that finds an ES module require()d', () => {
    const probe = join(out, 'probe')
    mkdirSync(probe)
    writeFileSync(join(probe, 'index.js'), 'const a = require("kysely")\nconst b = require("better-sqlite3")\nconst c = require("node:fs")\n')
    // Only kysely, an ES module; better-sqlite3 (CommonJS) and node:fs are not. (Its path is wherever node_modules really is.)
    const found = esmRequires(probe)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(new RegExp(`^index\\.js: kysely → .*${join('node_modules', 'kysely', 'dist', 'index.js').replaceAll('\\', '\\\\')}$`))
  })

  // Node refuses require(esm) outright with --no-experimental-require-module: the server still
  // starts, as `npm run web` starts it.
  it('starts the browser-mode server, with require(esm) turned off', async () => {
    const data = mkdtempSync(join(tmpdir(), 'lantern-bundle-data-'))
    const server = spawn(process.execPath, ['--no-experimental-require-module', join(main, 'server.js'), '--port', '0', '--data', data], {
      env: { ...process.env, LANTERN_NO_OPEN: '1' },
    })
    let output = ''
    server.stdout.on('data', (d) => (output += d))
    server.stderr.on('data', (d) => (output += d))
    const exited = new Promise<number | null>((done) => server.on('exit', (code) => done(code)))
    try {
      const started = await Promise.race([
        new Promise<boolean>((done) => server.stdout.on('data', () => /is running/.test(output) && done(true))),
        exited.then(() => false),
        new Promise<boolean>((done) => setTimeout(() => done(false), 30_000)),
      ])
      expect(output).toMatch(/Lantern [\d.]+ is running\. Open this address in your browser/)
      expect(output).not.toMatch(/ERR_REQUIRE_ESM|require\(\) of ES Module/)
      expect(started).toBe(true)
      const address = /http:\/\/127\.0\.0\.1:\d+\//.exec(output)![0]
      expect((await fetch(address)).status).toBeLessThan(500)
    } finally {
      server.kill('SIGTERM')
      await exited
      rmSync(data, { recursive: true, force: true })
    }
  }, 60_000)
})
