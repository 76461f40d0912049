/**
 * Every test gets its own Lantern: the real built server (`out/main/server.js`, as `npm run web`
 * runs it) on a free port, with a fresh library in a temp folder, driven in real Chromium.
 */
import { test as base, expect, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export interface Lantern {
  /** Base address, without the key. */
  url: string
  /** Address with the GM key, as `npm run web` prints it. */
  gmUrl: string
  dataDir: string
  dataFile: string
  /** Stops the server and starts it again on the same library and port (a restart of the app). */
  restart(): Promise<void>
}

/** Starts the built server (as `npm run web`) on a library folder; `extra` adds arguments (`--database …`). */
export async function startServer(dataDir: string, token: string, port = 0, extra: string[] = []): Promise<{ proc: ChildProcess; url: string }> {
  // LANTERN_OUT: test a build made elsewhere than out/ (see electron.vite.config.ts).
  const server = resolve(process.env.LANTERN_OUT ?? 'out', 'main/server.js')
  const proc = spawn(process.execPath, [server, '--port', String(port), '--data', dataDir, ...extra], {
    // The players' listener on loopback only: no test sends traffic to a LAN address.
    env: { ...process.env, LANTERN_GM_TOKEN: token, LANTERN_SHARE_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`Lantern server did not start:\n${output}`)), 20_000)
    const onData = (d: Buffer) => {
      output += d.toString()
      const m = /(http:\/\/127\.0\.0\.1:\d+\/)\?token=/.exec(output)
      if (m) {
        clearTimeout(timer)
        ok(m[1]!)
      }
    }
    proc.stdout!.on('data', onData)
    proc.stderr!.on('data', onData)
    proc.on('exit', (code) => fail(new Error(`Lantern server exited with ${code}:\n${output}`)))
  })
  return { proc, url }
}

/** Stops Lantern as Ctrl+C would; one that has not ended 15 s later is killed, and that fails the test. */
export async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return
  let hung = false
  await new Promise<void>((r) => {
    const timer = setTimeout(() => {
      hung = true
      proc.kill('SIGKILL')
    }, 15_000)
    proc.once('exit', () => (clearTimeout(timer), r()))
    proc.kill('SIGTERM')
  })
  if (hung) throw new Error('Lantern did not stop within 15 s of SIGTERM')
}

export const test = base.extend<{ lantern: Lantern }>({
  lantern: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-e2e-'))
    const token = randomBytes(12).toString('hex')
    let server = await startServer(dataDir, token)
    const lantern: Lantern = {
      get url() {
        return server.url
      },
      get gmUrl() {
        return `${server.url}?token=${token}`
      },
      dataDir,
      dataFile: join(dataDir, 'lantern.sqlite'),
      async restart() {
        const port = Number(new URL(server.url).port)
        await stop(server.proc)
        server = await startServer(dataDir, token, port)
      },
    }
    await use(lantern)
    await stop(server.proc)
    rmSync(dataDir, { recursive: true, force: true })
  },
})

/** Fails the test on any console error or uncaught page error (a CSP violation shows up here too). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  return problems
}

export { expect }
