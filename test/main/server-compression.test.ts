/**
 * The browser mode's server and the players' listener send their files compressed when the
 * browser takes it: Brotli when accepted, else gzip, else as they are; the body, decompressed, is
 * the file byte for byte; a hashed asset may be kept a year, the pages are asked again each time.
 * Real servers on 127.0.0.1, read with node:http (fetch would decompress out of sight).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { Core } from '../../src/main/app'
import { startServer, type RunningServer } from '../../src/main/server'
import { enableSharing } from '../../src/main/server/share'
import { chooseEncoding } from '../../src/main/server/compressed'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'

let lib: TempLibrary
let core: Core
let server: RunningServer
let sharing: ReturnType<typeof enableSharing>
let playersUrl: string
let rendererDir: string

/** A few hundred lines of script, as a build's chunk is: text that compresses well. */
const script = Array.from({ length: 800 }, (_, i) => `export const line${i} = () => console.log('The torch gutters (${i % 37}).')`).join('\n')
const page = (title: string, js: string) =>
  `<!doctype html><html><head><title>${title}</title><script type="module" src="/assets/${js}"></script></head><body>${'<p>Lantern</p>'.repeat(120)}</body></html>`

beforeAll(async () => {
  lib = tempLibrary()
  core = await lib.open()
  rendererDir = join(lib.dir, 'renderer')
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), page('Lantern', 'index-B4xq9Z.js'))
  writeFileSync(join(rendererDir, 'players.html'), page('Players', 'players-C7k2Lm.js'))
  writeFileSync(join(rendererDir, 'assets', 'index-B4xq9Z.js'), script)
  writeFileSync(join(rendererDir, 'assets', 'players-C7k2Lm.js'), script.replaceAll('torch', 'lantern'))
  writeFileSync(join(rendererDir, 'assets', 'tiny-D1.js'), 'console.log(1)')
  server = await startServer({ core, rendererDir, port: 0 })
  sharing = enableSharing({ core, rendererDir, host: '127.0.0.1', port: 0 })
  const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
  playersUrl = (await gm(core, 'players.share', { campaignId })).url
})
afterAll(async () => {
  await sharing.close()
  await server.close()
  await core.close()
  await lib.cleanup()
})

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

function get(url: string, acceptEncoding?: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

const file = (rel: string) => readFileSync(join(rendererDir, rel))

describe('compressed files (browser mode and the players’ page)', () => {
  it('sends Brotli when accepted, gzip when only it is, and the file itself when neither', async () => {
    const url = new URL('/assets/index-B4xq9Z.js', server.url).href
    const br = await get(url, 'gzip, deflate, br')
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['vary']).toBe('accept-encoding')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(brotliDecompressSync(br.body).equals(file('assets/index-B4xq9Z.js'))).toBe(true)
    // Far fewer bytes on the Wi-Fi.
    expect(br.body.length).toBeLessThan(file('assets/index-B4xq9Z.js').length / 3)

    const gz = await get(url, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).equals(file('assets/index-B4xq9Z.js'))).toBe(true)

    for (const none of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(url, none)
      expect(plain.headers['content-encoding'], `Accept-Encoding: ${none}`).toBeUndefined()
      expect(plain.body.equals(file('assets/index-B4xq9Z.js'))).toBe(true)
    }
  })

  it('keeps hashed assets a year and asks again for the page; HEAD sends the headers alone', async () => {
    const asset = await get(new URL('/assets/index-B4xq9Z.js', server.url).href, 'br')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const index = await get(server.url, 'gzip')
    expect(index.headers['cache-control']).toBe('no-cache')
    expect(index.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(index.body).equals(file('index.html'))).toBe(true)
    const head = await get(server.url, 'gzip', 'HEAD')
    expect(head.headers['content-encoding']).toBe('gzip')
    expect(Number(head.headers['content-length'])).toBe(index.body.length)
    expect(head.body.length).toBe(0)
    // A file too small to gain from it goes as it is.
    const tiny = await get(new URL('/assets/tiny-D1.js', server.url).href, 'br')
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body.toString()).toBe('console.log(1)')
  })

  it('the players’ page and its script, from the players’ listener, the same way', async () => {
    const pageAnswer = await get(new URL('/', playersUrl).href, 'gzip, deflate, br')
    expect(pageAnswer.status).toBe(200)
    expect(pageAnswer.headers['content-encoding']).toBe('br')
    expect(pageAnswer.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(pageAnswer.body).equals(file('players.html'))).toBe(true)
    const js = await get(new URL('/assets/players-C7k2Lm.js', playersUrl).href, 'gzip')
    expect(js.headers['content-encoding']).toBe('gzip')
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(gunzipSync(js.body).equals(file('assets/players-C7k2Lm.js'))).toBe(true)
  })

  it('a file changed in place is sent as it now is, not as it was compressed before', async () => {
    const url = new URL('/index.html', server.url).href
    expect(brotliDecompressSync((await get(url, 'br')).body).equals(file('index.html'))).toBe(true)
    writeFileSync(join(rendererDir, 'index.html'), page('Lantern, rebuilt', 'index-B4xq9Z.js'))
    const again = brotliDecompressSync((await get(url, 'br')).body)
    expect(again.toString()).toContain('Lantern, rebuilt')
  })

  it('reads Accept-Encoding as browsers write it', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('deflate')).toBeNull()
    expect(chooseEncoding('')).toBeNull()
  })
})
