/**
 * Fairness under a flood: how long the GM's `clock.get` waits on its own connection while another
 * connection floods the server with calls, in an old-school campaign with a fight going on (6 PCs,
 * 10 foes, some revealed, some public rolls), so the players' projection is not trivial.
 *   1. one players' connection (the players' listener) sends FLOOD `players.view` calls at once;
 *   2. a second GM connection (the GM's server) sends FLOOD `osr.state` calls at once.
 * The flooding client runs in a worker thread (reading its answers is not the server's work); the
 * GM's client runs beside the server. Baseline: the same `clock.get`, nothing else going on.
 * Reported: the GM's longest wait, p50 and p99, and what became of the flood (answered, refused,
 * projections built). Everything listens on 127.0.0.1 only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import WebSocket from 'ws'
import { createCore, type Core } from '../src/main/app'
import { startServer } from '../src/main/server'
import { enableSharing } from '../src/main/server/share'
import { BenchGroup, call } from './harness'

const FLOOD = Number(process.env.LANTERN_BENCH_FLOOD ?? 10_000)
const BASELINE_CALLS = 300
/** The GM's calls during a flood never wait longer than this in the bench: a longer one is reported as unanswered. */
const GIVE_UP_MS = 120_000

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!
}

interface Socket {
  ws: WebSocket
  /** Sends a call; resolves with its result when answered. */
  call(method: string, input: unknown): Promise<{ ok: boolean; error?: { code: string } }>
}

function open(url: string, origin: string): Promise<Socket> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(url, { origin })
    const waiting = new Map<number, (r: { ok: boolean }) => void>()
    let next = 1
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { id?: number; result?: { ok: boolean } }
      if (typeof m.id === 'number' && m.result) {
        waiting.get(m.id)?.(m.result)
        waiting.delete(m.id)
      }
    })
    ws.once('open', () =>
      ok({
        ws,
        call(method, input) {
          const id = next++
          return new Promise((answer) => {
            waiting.set(id, answer)
            ws.send(JSON.stringify({ id, method, input }))
          })
        },
      }),
    )
    ws.once('error', fail)
  })
}

/** An old-school campaign in combat: 6 PCs and 10 foes, 4 of them revealed (2 with their numbers), 8 public rolls. */
async function campaignInCombat(core: Core): Promise<number> {
  const { id: campaignId } = (await call(core, 'campaign.create', { name: 'Fairness', system: 'osr', seed: 'fairness-bench' })) as { id: number }
  const party: number[] = []
  for (let i = 0; i < 6; i++) {
    const pc = (await call(core, 'character.create', { campaignId, kind: 'pc', name: `PC ${i + 1}`, sheet: { level: 1, B: 0, M: 1, S: 0, h: 6, maxH: 6 } })) as { id: number }
    party.push(pc.id)
    await call(core, 'inventory.add', { characterId: pc.id, name: 'Rations', kind: 'ration', quantity: 7 })
    const torch = (await call(core, 'inventory.add', { characterId: pc.id, name: 'Torch', kind: 'light', quantity: 1, details: { type: 'torch' } })) as { id: number }
    if (i < 3) await call(core, 'light.light', { campaignId, itemId: torch.id })
  }
  for (let i = 0; i < 8; i++) await call(core, 'osr.roll', { campaignId, roll: { what: 'is-it-so' }, gmOnly: false })
  const adHoc = Array.from({ length: 10 }, (_, i) => ({ name: `Goblin ${i + 1}`, maxH: 3 }))
  await call(core, 'osr.combat.start', { campaignId, party, adHoc })
  const { foes } = (await call(core, 'players.controls', { campaignId })) as { foes: { key: string }[] }
  for (const [i, foe] of foes.slice(0, 4).entries()) {
    await call(core, 'players.reveal', { campaignId, key: foe.key, what: 'foe', shown: true })
    if (i < 2) await call(core, 'players.reveal', { campaignId, key: foe.key, what: 'numbers', shown: true })
  }
  return campaignId
}

interface Waits {
  waits: number[]
  unanswered: boolean
}

/** The GM asks `clock.get` again and again, each after the last answer, until `until` says stop. */
async function gmWaits(gm: Socket, campaignId: number, until: () => boolean, atLeast: number): Promise<Waits> {
  const waits: number[] = []
  while (waits.length < atLeast || !until()) {
    const t0 = performance.now()
    const answered = await Promise.race([
      gm.call('clock.get', { campaignId }).then((r) => r.ok),
      new Promise<null>((r) => setTimeout(() => r(null), GIVE_UP_MS).unref()),
    ])
    if (answered === null) return { waits: [...waits, GIVE_UP_MS], unanswered: true }
    if (!answered) throw new Error('clock.get was refused')
    waits.push(performance.now() - t0)
  }
  return { waits, unanswered: false }
}

/** The flooding client, in a worker thread: FLOOD calls sent at once, their answers counted. */
const FLOODER = `
const { parentPort, workerData: w } = require('node:worker_threads')
const WebSocket = require('ws')
const ws = new WebSocket(w.url, { origin: w.origin })
let answered = 0, refused = 0
const done = (closed) => { parentPort.postMessage({ answered, refused, closed }); ws.terminate() }
ws.on('message', (data) => {
  const m = JSON.parse(data.toString())
  if (typeof m.id !== 'number') return
  answered++
  if (!m.result.ok) refused++
  if (answered === w.count) done(false)
})
ws.once('close', () => answered < w.count && done(true))
ws.once('open', () => {
  for (let id = 1; id <= w.count; id++) ws.send(JSON.stringify({ id, method: w.method, input: w.input }))
})
`

interface Flood {
  answered: number
  refused: number
  /** The server cut the flooding connection off (it left too much unread). */
  closed: boolean
}

/** Floods from a worker thread, and the GM's calls alongside until the flood is over. */
async function underFlood(url: string, origin: string, method: string, input: unknown, gm: Socket, campaignId: number) {
  const t0 = performance.now()
  const worker = new Worker(FLOODER, { eval: true, workerData: { url, origin, method, input, count: FLOOD } })
  let over = false
  const flood = new Promise<Flood>((ok, fail) => {
    worker.once('message', (m: Flood) => ok(m))
    worker.once('error', fail)
  }).finally(() => (over = true))
  const waits = await gmWaits(gm, campaignId, () => over, 3)
  const result = waits.unanswered ? { answered: NaN, refused: NaN, closed: false } : await flood
  const floodMs = performance.now() - t0
  await worker.terminate()
  return { ...waits, ...result, floodMs }
}

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-fairness-'))
  writeFileSync(join(dir, 'players.html'), '<!doctype html>')
  writeFileSync(join(dir, 'index.html'), '<!doctype html>')
  const core = await createCore({ dataFile: join(dir, 'bench.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false, autoBackup: false })
  const sharing = enableSharing({ core, rendererDir: dir, host: '127.0.0.1', port: 0 })
  const server = await startServer({ core, rendererDir: dir, host: '127.0.0.1', port: 0 })
  try {
    const campaignId = await campaignInCombat(core)
    const { url } = (await call(core, 'players.share', { campaignId })) as { url: string }
    const link = new URL(url)
    const key = new URLSearchParams(link.hash.slice(1)).get('key')!
    const gmUrl = `ws://127.0.0.1:${server.port}/api?token=${server.gmToken}`
    const gmOrigin = `http://127.0.0.1:${server.port}`
    const gm = await open(gmUrl, gmOrigin)

    const baseline = await gmWaits(gm, campaignId, () => true, BASELINE_CALLS)

    const buildsBefore = sharing.projectionsBuilt()
    const players = await underFlood(`ws://${link.host}/api?key=${key}`, link.origin, 'players.view', {}, gm, campaignId)
    const builds = sharing.projectionsBuilt() - buildsBefore
    const gms = await underFlood(gmUrl, gmOrigin, 'osr.state', { campaignId }, gm, campaignId)
    gm.ws.terminate()

    const n = (x: number) => x.toLocaleString('en')
    const g = new BenchGroup(`The GM's clock.get on its own connection while another floods the server with ${n(FLOOD)} calls (median per call)`)
    g.record('clock.get, nothing else going on (baseline)', percentile(baseline.waits, 50), baseline.waits.length, true)
    g.record(`clock.get while a player sends ${n(FLOOD)} players.view`, percentile(players.waits, 50), players.waits.length)
    g.record(`clock.get while another GM sends ${n(FLOOD)} osr.state`, percentile(gms.waits, 50), gms.waits.length)
    g.print()
    const fmt = (w: Waits) =>
      `longest ${Math.max(...w.waits).toFixed(2)} ms${w.unanswered ? ` (unanswered after ${GIVE_UP_MS / 1000} s)` : ''} · p50 ${percentile(w.waits, 50).toFixed(2)} ms · p99 ${percentile(w.waits, 99).toFixed(2)} ms · ${n(w.waits.length)} calls`
    console.log(`\nclock.get alone:                              ${fmt(baseline)}`)
    console.log(`clock.get while a player floods players.view: ${fmt(players)}`)
    const over = (f: Flood & { floodMs: number }) =>
      `${n(f.answered)} answered in ${(f.floodMs / 1000).toFixed(2)} s, ${n(f.refused)} of them refused${f.closed ? ', then cut off for leaving too much unread' : ''}`
    console.log(`  the player's flood: ${over(players)}; projections built meanwhile: ${n(builds)}`)
    console.log(`clock.get while another GM floods osr.state:  ${fmt(gms)}`)
    console.log(`  the other GM's flood: ${over(gms)}`)
    console.log(`Goal: the longest wait under either flood ≤ 100 ms.`)
  } finally {
    await server.close()
    await sharing.close()
    await core.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
