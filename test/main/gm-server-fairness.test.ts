/**
 * The GM's server between its own connections, and its files: one connection flooding calls gets
 * one of them done per turn of the event loop, so another connection's call is answered after at
 * most a call or two of the flood, not after the flood; and no spelling of `..` reaches a file
 * outside the renderer folder, while the single-page app's routes still serve index.html. Real
 * server on 127.0.0.1, real library; no timing is asserted, only the order of answers and what
 * was served.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import WebSocket from 'ws'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { MAX_CALLS_AT_ONCE, startServer, type RunningServer } from '../../src/main/server'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'

let lib: TempLibrary
let core: Core
let server: RunningServer

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>GM</title>',
  'players.html': '<!doctype html><title>Players</title>',
  'assets/index-G1.js': '// the GM app',
  '.vite/manifest.json': '{}',
}

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  const rendererDir = join(lib.dir, 'renderer')
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(join(rendererDir, name, '..'), { recursive: true })
    writeFileSync(join(rendererDir, name), text)
  }
  // Beside the renderer folder, with the library itself: what no request may ever read.
  writeFileSync(join(lib.dir, 'secret.txt'), 'SECRET beside the renderer folder')
  server = await startServer({ core, rendererDir, port: 0 })
})
afterEach(async () => {
  await server.close()
  await core.close()
  lib.cleanup()
})

function connect(): Promise<WebSocket> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.gmToken}`, { origin: `http://127.0.0.1:${server.port}` })
    ws.once('open', () => ok(ws))
    ws.once('error', fail)
  })
}

/** A GET with the path sent exactly as written (no normalising on the way). */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { host: `127.0.0.1:${server.port}` } }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString('latin1')))
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', fail)
    req.end()
  })
}

describe('one GM connection flooding calls', () => {
  it('does not hold another connection’s call: it is answered after a call or two of the flood, long before its end', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr', seed: 'flood' })).id
    for (const name of ['Glam', 'Ostrid', 'Pell']) {
      await gm(core, 'character.create', { campaignId, kind: 'pc', name, sheet: { level: 1, B: 0, M: 1, S: 0, h: 5, maxH: 5 } })
    }
    const flooder = await connect()
    const other = await connect()
    const CALLS = 2_000
    const order: ('flood' | 'other')[] = []
    let floodOk = 0
    const flooded = new Promise<void>((done) => {
      let n = 0
      flooder.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as { id?: number; result?: { ok: boolean } }
        if (typeof msg.id !== 'number') return
        if (msg.result!.ok) floodOk++
        order.push('flood')
        if (++n === CALLS) done()
      })
    })
    const answered = new Promise<{ ok: boolean }>((done) =>
      other.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as { id?: number; result?: { ok: boolean } }
        if (msg.id !== 1) return
        order.push('other')
        done(msg.result!)
      }),
    )
    for (let id = 1; id <= CALLS; id++) flooder.send(JSON.stringify({ id, method: 'osr.state', input: { campaignId } }))
    other.send(JSON.stringify({ id: 1, method: 'clock.get', input: { campaignId } }))
    expect(await answered).toMatchObject({ ok: true })
    await flooded
    expect(floodOk).toBe(CALLS)
    // Before the other connection's answer: at most one turn's worth of the flood (one call a turn,
    // a few at once where calls wait on the network).
    expect(order.indexOf('other')).toBeLessThanOrEqual(MAX_CALLS_AT_ONCE)
    flooder.close()
    other.close()
  })
})

describe('the GM’s server serves files from its renderer folder only', () => {
  it('keeps the single-page app’s routes, and its files', async () => {
    expect(await get('/')).toEqual({ status: 200, body: FILES['index.html'] })
    expect(await get('/campaigns/3/table')).toEqual({ status: 200, body: FILES['index.html'] })
    expect(await get('/assets/index-G1.js')).toEqual({ status: 200, body: FILES['assets/index-G1.js'] })
    expect(await get('/players.html')).toEqual({ status: 200, body: FILES['players.html'] })
  })

  it('never reads outside it, whatever the spelling of `..`, and never a hidden file', async () => {
    const paths = [
      '/../secret.txt',
      '/..%2Fsecret.txt',
      '/%2e%2e%2Fsecret.txt',
      '/%2E%2E/secret.txt',
      '/assets/..%2F..%2Fsecret.txt',
      '/assets/%2e%2e%2F%2e%2e%2Fsecret.txt',
      '/assets/..%2F..%2Flantern.sqlite',
      '/%2e%2e%2F%2e%2e%2F%2e%2e%2F%2e%2e%2Fetc%2Fhosts.txt',
      '/..%5Csecret.txt',
      '/assets/..\\..\\secret.txt',
      '/secret.txt%00.js',
      '/%252e%252e%252Fsecret.txt',
      '/.vite/manifest.json',
      '/assets/..%2F.vite%2Fmanifest.json',
    ]
    for (const path of paths) {
      const res = await get(path)
      expect({ path, status: res.status }).toEqual({ path, status: 404 })
    }
    // An extension-less path is a route of the app: its page, never a file from elsewhere (and
    // `//name` is read as a host's name, with the path `/`).
    for (const path of ['/..%2F..%2Fsecret', '/assets/..%2F..%2Flantern', '/%2e%2e', '/%2e%2e%2F%2e%2e%2F%2e%2e%2F%2e%2e%2Fetc%2Fpasswd', '//secret.txt']) {
      expect({ path, ...(await get(path)) }).toEqual({ path, status: 200, body: FILES['index.html'] })
    }
    // `..` inside the folder stays inside it.
    expect(await get('/assets/..%2Fplayers.html')).toEqual({ status: 200, body: FILES['players.html'] })
  })
})
