import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { request } from 'node:http'
import WebSocket from 'ws'
import type { Core } from '../../src/main/app'
import { isAllowedHost, MAX_MESSAGE_BYTES, startServer, type RunningServer } from '../../src/main/server'
import { counts, tempLibrary, type TempLibrary } from '../support/temp-library'

let lib: TempLibrary
let core: Core
let server: RunningServer

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  const rendererDir = join(lib.dir, 'renderer')
  mkdirSync(rendererDir)
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lantern</title>')
  server = await startServer({ core, rendererDir, port: 0 })
})
afterEach(async () => {
  await server.close()
  await core.close()
  lib.cleanup()
})

function connect(token: string, origin = `http://127.0.0.1:${server.port}`): Promise<WebSocket> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${token}`, { origin })
    ws.once('open', () => ok(ws))
    ws.once('unexpected-response', (_req, res) => fail(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', fail)
  })
}

function call(ws: WebSocket, id: number, method: string, input: unknown): Promise<unknown> {
  return new Promise((ok) => {
    const onMessage = (data: WebSocket.RawData) => {
      const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown }
      if (msg.id === id) {
        ws.off('message', onMessage)
        ok(msg.result)
      }
    }
    ws.on('message', onMessage)
    ws.send(JSON.stringify({ id, method, input }))
  })
}

describe('browser-mode server', () => {
  it('binds to 127.0.0.1 and serves the UI with a strict CSP', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const res = await fetch(server.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })

  it('refuses a WebSocket without a valid token, or from another origin', async () => {
    await expect(connect('wrong')).rejects.toThrow('HTTP 401')
    await expect(connect(server.gmToken, 'http://evil.example')).rejects.toThrow('HTTP 403')
  })

  it('serves the router to the GM, and the player scope only its read-only methods', async () => {
    const gm = await connect(server.gmToken)
    expect(await call(gm, 1, 'campaign.create', { name: 'Keep', system: 'ranks' })).toMatchObject({ ok: true })
    const player = await connect(server.playerToken)
    expect(await call(player, 1, 'app.ping', {})).toEqual({ ok: true, value: { scope: 'player', version: 'test' } })
    expect(await call(player, 2, 'campaign.list', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(await call(player, 3, 'campaign.create', { name: 'X', system: 'osr' })).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect((await counts(core)).campaigns).toBe(1)
    gm.close()
    player.close()
  })

  it('pushes GM events to the GM only', async () => {
    const gm = await connect(server.gmToken)
    const player = await connect(server.playerToken)
    const gmHeard: string[] = []
    const playerHeard: string[] = []
    gm.on('message', (d) => gmHeard.push(String((JSON.parse(d.toString()) as { event?: string }).event ?? 'answer')))
    player.on('message', (d) => playerHeard.push(String((JSON.parse(d.toString()) as { event?: string }).event)))
    await call(gm, 1, 'campaign.create', { name: 'Keep', system: 'osr' })
    await new Promise((r) => setTimeout(r, 50))
    expect(gmHeard).toEqual(expect.arrayContaining(['log.added', 'campaign.changed']))
    expect(playerHeard).toEqual([])
    gm.close()
    player.close()
  })

  it('closes a connection that sends an oversized message', async () => {
    const gm = await connect(server.gmToken)
    const closed = new Promise<number>((r) => gm.once('close', (code) => r(code)))
    gm.send(JSON.stringify({ id: 1, method: 'log.note', input: { text: 'x'.repeat(MAX_MESSAGE_BYTES + 10) } }))
    expect(await closed).toBe(1009) // message too big
    expect((await counts(core)).logs).toBe(0)
  })

  it('answers only to loopback Host headers while bound to loopback (no DNS rebinding)', async () => {
    expect(isAllowedHost(`127.0.0.1:${server.port}`, '127.0.0.1', server.port)).toBe(true)
    expect(isAllowedHost(`localhost:${server.port}`, '127.0.0.1', server.port)).toBe(true)
    expect(isAllowedHost(`evil.example:${server.port}`, '127.0.0.1', server.port)).toBe(false)
    expect(isAllowedHost(`127.0.0.1:1`, '127.0.0.1', server.port)).toBe(false)
    // fetch() may not set Host; a raw request can, as a rebinding attacker's browser would send it.
    const status = await new Promise<number>((ok, fail) => {
      request({ host: '127.0.0.1', port: server.port, path: '/', headers: { host: 'evil.example' } }, (res) => {
        res.resume()
        ok(res.statusCode ?? 0)
      })
        .on('error', fail)
        .end()
    })
    expect(status).toBe(421)
  })
})
