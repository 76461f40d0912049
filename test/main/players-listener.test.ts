/**
 * The players' listener serves the players' page and the files it loads, nothing else (not the
 * GM's page, not the GM app's chunks, nothing by any spelling of `..`), and a player's connection
 * gets a fair, bounded share: thousands of `players.view` calls are answered from one projection,
 * over a budget refused in words, and the GM's call on the GM's own connection is answered before
 * the player's backlog is. Real listener and GM server on 127.0.0.1, real library; no timing is
 * asserted, only what was served and the order of answers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { startServer, type RunningServer } from '../../src/main/server'
import { enableSharing, type Sharing } from '../../src/main/server/share'
import { PLAYER_CALLS_BURST } from '../../src/main/server/player-calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import { linkParts, openPlayer } from '../support/player-socket'

let lib: TempLibrary
let core: Core
let sharing: Sharing
let rendererDir: string

/** Writes the files of a renderer folder as a build leaves them. */
function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(rendererDir, name, '..'), { recursive: true })
    writeFileSync(join(rendererDir, name), text)
  }
}

/** A build's renderer folder: the GM's app and the players' page, with Vite's manifest. */
const BUILT = {
  'index.html': '<!doctype html><title>GM</title><script type="module" src="./assets/index-G1.js"></script>',
  'players.html':
    '<!doctype html><title>Players</title><link rel="icon" href="./favicon.svg"><script type="module" crossorigin src="./assets/players-P1.js"></script><link rel="stylesheet" href="./assets/players-P1.css">',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'assets/players-P1.js': 'import "./shared-S1.js"; // players',
  'assets/players-P1.css': 'main{}',
  'assets/shared-S1.js': '// shared by both pages',
  'assets/later-L1.js': '// loaded by the players’ page when needed',
  'assets/font-F1.woff2': 'font',
  'assets/index-G1.js': '// the GM app',
  'assets/index-G1.css': 'body{}',
  'assets/ClockPage-C1.js': '// a GM page',
  '.vite/manifest.json': JSON.stringify({
    'index.html': { file: 'assets/index-G1.js', src: 'index.html', isEntry: true, imports: ['_shared-S1.js'], dynamicImports: ['src/views/ClockPage.vue'], css: ['assets/index-G1.css'] },
    'players.html': { file: 'assets/players-P1.js', src: 'players.html', isEntry: true, imports: ['_shared-S1.js'], dynamicImports: ['src/players/Later.vue'], css: ['assets/players-P1.css'] },
    '_shared-S1.js': { file: 'assets/shared-S1.js', name: 'shared' },
    'src/players/Later.vue': { file: 'assets/later-L1.js', src: 'src/players/Later.vue', isDynamicEntry: true, assets: ['assets/font-F1.woff2'] },
    'src/views/ClockPage.vue': { file: 'assets/ClockPage-C1.js', src: 'src/views/ClockPage.vue', isDynamicEntry: true },
  }),
}

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  rendererDir = join(lib.dir, 'renderer')
  mkdirSync(rendererDir)
  // Beside the renderer folder: what no request may ever read.
  writeFileSync(join(lib.dir, 'secret.txt'), 'SECRET beside the renderer folder')
  sharing = enableSharing({ core, rendererDir, host: '127.0.0.1', port: 0 })
})
afterEach(async () => {
  await sharing.close()
  await core.close()
  lib.cleanup()
})

/** A GET with the path sent exactly as written (no normalising on the way). */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}` } }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', fail)
    req.end()
  })
}

async function share(): Promise<{ url: string; port: number; campaignId: number }> {
  const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr', seed: 'listener' })).id
  const { url } = await gm(core, 'players.share', { campaignId })
  return { url, port: Number(new URL(url).port), campaignId }
}

/** Traversal in every spelling, paths without an extension, and the GM's files. */
const REFUSED = [
  '/index.html',
  '/assets/index-G1.js',
  '/assets/index-G1.css',
  '/assets/ClockPage-C1.js',
  '/.vite/manifest.json',
  '/assets/..%2Findex.html',
  '/assets/%2e%2e%2Findex.html',
  '/assets/%2E%2E/index.html',
  '/assets/%2e%2e/index.html',
  '/assets/../index.html',
  '/assets/..\\index.html',
  '/assets/..%5cindex.html',
  '/assets/players-P1.js%00',
  '/assets/%00.js',
  '/assets/players-P1.js/..',
  '/assets/./players-P1.js',
  '//assets/players-P1.js',
  '/assets//players-P1.js',
  '/assets%2Fplayers-P1.js',
  '/assets/players-P1%2Ejs',
  '/..%2Fsecret.txt',
  '/%2e%2e/secret.txt',
  '/assets/%2e%2e%2F%2e%2e%2Fsecret.txt',
  '/assets/..%252Findex.html',
  '/assets/players',
  '/assets/index',
  '/assets/',
  '/assets',
  '/campaigns/3',
  '/players',
  '/src/players/main.ts',
]

describe('the players’ listener serves the players’ page and its files only', () => {
  it('serves players.html and everything its entry reaches in the build’s manifest, with the icon it links', async () => {
    write(BUILT)
    const { port } = await share()
    for (const [path, file] of [
      ['/', 'players.html'],
      ['/players.html', 'players.html'],
      ['/assets/players-P1.js', 'assets/players-P1.js'],
      ['/assets/players-P1.css', 'assets/players-P1.css'],
      ['/assets/shared-S1.js', 'assets/shared-S1.js'],
      ['/assets/later-L1.js', 'assets/later-L1.js'],
      ['/assets/font-F1.woff2', 'assets/font-F1.woff2'],
      ['/favicon.svg', 'favicon.svg'],
      ['/assets/players-P1.js?v=1', 'assets/players-P1.js'],
    ] as const) {
      const res = await get(port, path)
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 200, body: BUILT[file] })
    }
  })

  it('refuses the GM’s page and chunks, hidden files, `..` in any spelling and paths without an extension, with 404', async () => {
    write(BUILT)
    const { port } = await share()
    for (const path of REFUSED) {
      const res = await get(port, path)
      expect({ path, status: res.status }).toEqual({ path, status: 404 })
      expect(res.body).not.toMatch(/GM|SECRET|the GM app|a GM page/)
    }
  })

  it('without a manifest (a page made by hand) serves players.html and the files it names, nothing else', async () => {
    write({
      'players.html': '<!doctype html><title>Players</title><script src="/app.js"></script><a href="index.html">GM</a><img src="../secret.txt"><img src="https://example.com/x.png"><link href="./style.css">',
      'app.js': '// the page’s script',
      'other.js': '// named nowhere',
      'index.html': '<!doctype html><title>GM</title>',
    })
    const { port } = await share()
    expect((await get(port, '/')).body).toContain('Players')
    expect(await get(port, '/app.js')).toEqual({ status: 200, body: '// the page’s script' })
    for (const path of ['/other.js', '/index.html', '/secret.txt', '/../secret.txt', '/style.css', '/x.png', '/assets/app']) {
      expect({ path, status: (await get(port, path)).status }).toEqual({ path, status: 404 })
    }
  })

  it('follows a new build: the page asked for again lists the new files, and the old ones are gone', async () => {
    write(BUILT)
    const { port } = await share()
    expect((await get(port, '/assets/players-P1.js')).status).toBe(200)
    rmSync(join(rendererDir, '.vite'), { recursive: true })
    write({ 'players.html': '<!doctype html><title>Players 2</title><script type="module" src="./assets/players-P2.js"></script>', 'assets/players-P2.js': '// new' })
    expect((await get(port, '/')).body).toContain('Players 2')
    expect((await get(port, '/assets/players-P2.js')).status).toBe(200)
    expect((await get(port, '/assets/players-P1.js')).status).toBe(404)
  })
})

/** An old-school campaign in a fight: 3 PCs against 4 foes, 2 of them revealed. */
async function fight(campaignId: number): Promise<void> {
  const party: number[] = []
  for (const name of ['Glam', 'Ostrid', 'Pell']) {
    party.push((await gm(core, 'character.create', { campaignId, kind: 'pc', name, sheet: { level: 1, B: 0, M: 1, S: 0, h: 5, maxH: 5 } })).id)
  }
  await gm(core, 'osr.combat.start', { campaignId, party, adHoc: ['Goblin', 'Hobgoblin', 'Wolf', 'Bandit'].map((name) => ({ name, maxH: 3 })) })
  const { foes } = await gm(core, 'players.controls', { campaignId })
  for (const foe of foes.filter((f) => f.name === 'Goblin' || f.name === 'Wolf')) await gm(core, 'players.reveal', { campaignId, key: foe.key, what: 'foe', shown: true })
}

describe('a player’s connection gets a fair, bounded share', () => {
  let server: RunningServer
  beforeEach(async () => {
    write({ 'players.html': '<!doctype html><title>Players</title>', 'index.html': '<!doctype html><title>GM</title>' })
    server = await startServer({ core, rendererDir, port: 0 })
  })
  afterEach(() => server.close())

  function gmSocket(): Promise<WebSocket> {
    return new Promise((ok, fail) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.gmToken}`, { origin: `http://127.0.0.1:${server.port}` })
      ws.once('open', () => ok(ws))
      ws.once('error', fail)
    })
  }

  it('thousands of players.view: the GM’s clock.get is answered before the player’s backlog, and one projection answers them all', async () => {
    const { url, campaignId } = await share()
    await fight(campaignId)
    const player = await openPlayer(url)
    const gmWs = await gmSocket()
    // A change just before: what the players were last sent is out of date.
    await gm(core, 'clock.nextRound', { campaignId })
    const builtBefore = sharing.projectionsBuilt()

    const CALLS = 3_000
    const order: ('view' | 'refused' | 'gm')[] = []
    let builtWhenGmAnswered = NaN
    const answers: { ok: boolean; value?: unknown; error?: { code: string; message: string } }[] = []
    const allAnswered = new Promise<void>((done) => {
      player.ws.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as { id?: number; result?: (typeof answers)[number] }
        if (typeof msg.id !== 'number') return
        order.push(msg.result!.ok ? 'view' : 'refused')
        answers.push(msg.result!)
        if (answers.length === CALLS) done()
      })
    })
    const gmAnswered = new Promise<{ ok: boolean; value?: { round: number } }>((done) =>
      gmWs.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as { id?: number; result?: { ok: boolean; value?: { round: number } } }
        if (msg.id === 1) {
          order.push('gm')
          builtWhenGmAnswered = sharing.projectionsBuilt()
          done(msg.result!)
        }
      }),
    )
    for (let id = 1; id <= CALLS; id++) player.ws.send(JSON.stringify({ id: 100_000 + id, method: 'players.view', input: {} }))
    gmWs.send(JSON.stringify({ id: 1, method: 'clock.get', input: { campaignId } }))
    const clock = await gmAnswered
    await allAnswered

    expect(clock).toMatchObject({ ok: true, value: { round: 2 } })
    // The GM's answer came while the player's calls were still being answered, after one
    // projection at most: before it, only the calls one projection answered, and refusals.
    const gmAt = order.indexOf('gm')
    expect(gmAt).toBeLessThan(Math.max(order.lastIndexOf('view'), order.lastIndexOf('refused')))
    expect(order.slice(0, gmAt).filter((o) => o === 'view').length).toBeLessThanOrEqual(PLAYER_CALLS_BURST)
    expect(builtWhenGmAnswered - builtBefore).toBeLessThanOrEqual(1)

    const shown = answers.filter((a) => a.ok)
    const refused = answers.filter((a) => !a.ok)
    // Every call is answered: a few with the view, the rest refused in words.
    expect(shown.length).toBeGreaterThanOrEqual(2)
    expect(shown.length + refused.length).toBe(CALLS)
    expect(refused.length).toBeGreaterThan(CALLS - 10 * PLAYER_CALLS_BURST)
    expect(new Set(refused.map((a) => a.error!.code))).toEqual(new Set(['refused']))
    expect(refused[0]!.error!.message).toMatch(/^This screen asked Lantern too often: a players' screen may ask \d+ times a second\. It still hears every change as it happens\.$/)
    expect(new Set(shown.map((a) => JSON.stringify(a.value))).size).toBe(1)
    expect(shown[0]!.value).toMatchObject({ campaignId, round: 2, mode: 'combat' })
    // One projection at most was built for all of them (the change's own, shared).
    expect(sharing.projectionsBuilt() - builtBefore).toBeLessThanOrEqual(1)

    player.ws.close()
    gmWs.close()
  })

  it('a projection is built once for any number of callers, and again only after a change', async () => {
    const { campaignId } = await share()
    await fight(campaignId)
    const first = await sharing.view()
    const built = sharing.projectionsBuilt()
    const views = await Promise.all(Array.from({ length: 50 }, () => sharing.view()))
    expect(views.every((v) => v === first)).toBe(true)
    expect(sharing.projectionsBuilt()).toBe(built)

    await gm(core, 'clock.nextRound', { campaignId })
    const [a, b] = await Promise.all([sharing.view(), sharing.view()])
    expect(a).toBe(b)
    expect(a).toMatchObject({ round: 2 })
    expect(sharing.projectionsBuilt()).toBe(built + 1)

    // A foe revealed is a change too: the players see it at once, not the projection from before.
    const { foes } = await gm(core, 'players.controls', { campaignId })
    const bandit = foes.find((f) => f.name === 'Bandit')!
    expect(bandit.revealed).toBe(false)
    await gm(core, 'players.reveal', { campaignId, key: bandit.key, what: 'foe', shown: true })
    const after = await sharing.view()
    expect(after!.combat!.groups.flatMap((g) => g.fighters).map((f) => f.name)).toContain('Bandit')
  })

  it('what a player may not call is refused in words, and a frame that is not JSON closes only that connection', async () => {
    const { url } = await share()
    const player = await openPlayer(url)
    expect(await player.call('campaign.list', {})).toMatchObject({ ok: false, error: { code: 'forbidden', message: "The players' screen cannot do this." } })
    expect(await player.call('app.ping', {})).toMatchObject({ ok: true })
    const other = await openPlayer(url)
    player.ws.send('not json')
    expect(await player.closed).toBe(1007)
    expect(await other.call('players.view', {})).toMatchObject({ ok: true, value: { campaignName: 'Keep' } })
    other.ws.close()
    expect(linkParts(url).host).toMatch(/^127\.0\.0\.1:\d+$/)
  })
})
