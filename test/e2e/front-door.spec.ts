/**
 * The front door: what a new user types. `npm start` on a machine without Electron's binary runs
 * the browser mode and prints its address, which answers with the campaign list; `npm run web` keeps
 * its PORT and GM_DATA and opens the address in the system browser when it may.
 *
 * The scripts are started as npm starts them (`node scripts/….mjs`), on the build the other specs use
 * (LANTERN_OUT, else out/; LANTERN_NO_BUILD keeps them from building it again), each in its own
 * process group so that the whole of it — the script and the server it starts — is stopped at the end.
 */
import { test, expect } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join, resolve } from 'node:path'

const root = resolve(__dirname, '../..')

/** A loopback port nobody is listening on right now. */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => ok(port))
    })
  })
}

interface Started {
  proc: ChildProcess
  /** Everything the script printed so far, stdout and stderr. */
  output: () => string
}

function startScript(script: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const proc = spawn(process.execPath, [join(root, 'scripts', script), ...args], {
    cwd: root,
    env: { ...process.env, LANTERN_NO_BUILD: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so the server it starts is stopped with it
  })
  let output = ''
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  return { proc, output: () => output }
}

/** The GM address the script printed on its stdout. */
function printedAddress(started: Started): Promise<URL> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no address printed within 30 s:\n${started.output()}`)), 30_000)
    const look = () => {
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)\s/.exec(started.output())
      if (m) {
        clearTimeout(timer)
        ok(new URL(m[1]!))
      }
    }
    started.proc.stdout!.on('data', look)
    started.proc.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`the script exited with ${code} before printing an address:\n${started.output()}`))
    })
    look()
  })
}

/** Stops the script's whole process group: SIGTERM, then SIGKILL if it is still there after 5 s. */
async function stopGroup(proc: ChildProcess): Promise<void> {
  const kill = (sig: NodeJS.Signals) => {
    try {
      process.kill(-proc.pid!, sig)
    } catch {
      // The group is gone already.
    }
  }
  if (proc.exitCode === null && proc.signalCode === null) {
    const exited = new Promise<void>((r) => proc.once('exit', () => r()))
    kill('SIGTERM')
    const timer = setTimeout(() => kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
  // The server may outlive the script by a moment; nothing of the group may be left.
  kill('SIGKILL')
}

/** A folder with an `xdg-open` that only writes down what it was asked to open. */
function fakeOpener(dir: string): { path: string; opened: () => string | null } {
  const log = join(dir, 'opened.txt')
  const bin = join(dir, 'bin')
  mkdirSync(bin)
  writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$1" >> '${log}'\n`)
  chmodSync(join(bin, 'xdg-open'), 0o755)
  return { path: bin, opened: () => (existsSync(log) ? readFileSync(log, 'utf8').trim() : null) }
}

test.describe('the front door', () => {
  let dir: string
  let started: Started | undefined
  test.beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lantern-front-door-'))
  })
  test.afterEach(async () => {
    if (started) await stopGroup(started.proc)
    started = undefined
    rmSync(dir, { recursive: true, force: true })
  })

  test('npm start without an Electron binary runs Lantern in the browser and prints its address', async ({ page }) => {
    const port = await freePort()
    const opener = process.platform === 'linux' ? fakeOpener(dir) : null
    started = startScript('start.mjs', ['--port', String(port), '--data', join(dir, 'library')], {
      LANTERN_ELECTRON_PATH: join(dir, 'no-such-electron'),
      LANTERN_NO_OPEN: '1',
      DISPLAY: ':0', // a display, so that only the missing binary sends it to the browser mode
      ...(opener ? { PATH: `${opener.path}${delimiter}${process.env.PATH}` } : {}),
    })
    const address = await printedAddress(started)

    expect(started.output()).toContain(`there is no Electron binary at ${join(dir, 'no-such-electron')}`)
    expect(started.output()).toContain('runs in your browser instead')
    expect(address.port).toBe(String(port))
    await expect.poll(() => started!.output()).toContain(`Library: ${join(dir, 'library', 'lantern.sqlite')}`)
    expect(existsSync(join(dir, 'library', 'lantern.sqlite'))).toBe(true)

    await page.goto(address.href)
    await expect(page.getByRole('heading', { name: 'Light the way for your table' })).toBeVisible()
    await page.getByRole('button', { name: 'Create your first campaign' }).click()
    const dialog = page.getByRole('dialog', { name: 'New campaign' })
    await dialog.getByLabel('Name').fill('The Front Door')
    await dialog.getByText('Old-school core').click()
    await dialog.getByRole('button', { name: 'Create campaign' }).click()
    await expect(page.getByRole('heading', { name: 'The Front Door', level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'Lantern: all campaigns' }).click()
    await expect(page.getByRole('list', { name: 'Campaigns' }).getByText('The Front Door')).toBeVisible()

    // LANTERN_NO_OPEN kept the browser shut, display or not.
    expect(opener?.opened() ?? null).toBeNull()
  })

  test('npm start opens the desktop window where Electron’s binary is there', async () => {
    test.skip(process.platform === 'win32', 'the stand-in Electron is a shell script')
    const electron = join(dir, 'electron')
    writeFileSync(electron, `#!/bin/sh\necho "electron was given: $*"\n`)
    chmodSync(electron, 0o755)
    started = startScript('start.mjs', ['--no-open'], { LANTERN_ELECTRON_PATH: electron, DISPLAY: ':0' })
    const code = await new Promise((r) => started!.proc.once('exit', r))
    expect(started.output()).not.toContain('browser')
    // The project (or, with LANTERN_OUT, the build's entry), without the browser mode's own flag.
    expect(started.output()).toMatch(/^electron was given: \S+$/m)
    expect(started.output()).not.toContain('--no-open')
    expect(code).toBe(0)
  })

  test('npm run web takes PORT and GM_DATA and opens its address in the system browser', async ({ page }) => {
    test.skip(process.platform !== 'linux', 'the stand-in browser opener is an xdg-open')
    const port = await freePort()
    const opener = fakeOpener(dir)
    const library = join(dir, 'mine.sqlite')
    started = startScript('web.mjs', [], {
      PORT: String(port),
      GM_DATA: library,
      DISPLAY: ':0',
      PATH: `${opener.path}${delimiter}${process.env.PATH}`,
      LANTERN_NO_OPEN: '',
      BROWSER: '',
    })
    const address = await printedAddress(started)

    expect(address.port).toBe(String(port))
    await expect.poll(() => started!.output()).toContain(`Library: ${library}`)
    await expect.poll(() => opener.opened()).toBe(address.href)

    await page.goto(address.href)
    await expect(page.getByRole('heading', { name: 'Light the way for your table' })).toBeVisible()
  })
})
