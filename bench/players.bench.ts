/**
 * The players' screen live: 20 players' sockets on 127.0.0.1 follow one campaign; the time from a
 * GM step (a turn of the clock, through the router as a GM call arrives) to the last of the 20
 * receiving the new projection, median and p99. Beside it, in the same process: the same step with
 * nothing shared (the baseline), and shared with no player connected (the projection built and
 * sent to no one). Sharing listens on 127.0.0.1 only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { createCore } from '../src/main/app'
import { enableSharing } from '../src/main/server/share'
import { BenchGroup, call, change } from './harness'

const PLAYERS = 20
const STEPS = 200

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

/** A player's socket that calls back with each projection's time of day as it arrives. */
function connect(url: string, onView: (timeOfDay: string) => void): Promise<WebSocket> {
  const u = new URL(url)
  const key = new URLSearchParams(u.hash.slice(1)).get('key')!
  return new Promise((ok, fail) => {
    const ws = new WebSocket(`ws://${u.host}/api?key=${key}`, { origin: u.origin })
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { event?: string; payload?: { timeOfDay: string } }
      if (m.event === 'players.view') onView(m.payload!.timeOfDay)
    })
    ws.once('open', () => ok(ws))
    ws.once('error', fail)
  })
}

export default async function bench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-players-'))
  writeFileSync(join(dir, 'players.html'), '<!doctype html>')
  const core = await createCore({ dataFile: join(dir, 'bench.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false, autoBackup: false })
  const sharing = enableSharing({ core, rendererDir: dir, host: '127.0.0.1', port: 0 })
  try {
    const { id: campaignId } = (await call(core, 'campaign.create', { name: 'Bench', system: 'osr', seed: 'players-bench' })) as { id: number }
    const s = core.handle.sqlite
    const addPc = s.prepare("insert into character (campaign_id, kind, name, sheet, created_at, updated_at) values (?, 'pc', ?, '{\"h\":4,\"maxH\":4}', 't', 't')")
    const addItem = s.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, ?, ?, ?, ?, 't', 't')")
    for (let c = 0; c < 5; c++) {
      const pc = Number(addPc.run(campaignId, `PC ${c + 1}`).lastInsertRowid)
      addItem.run(pc, 'Rations', 'ration', 40, '{}')
      addItem.run(pc, 'Waterskin', 'water', 40, '{}')
      const lantern = Number(addItem.run(pc, 'Lantern', 'light', 1, '{"type":"lantern","oilPints":100}').lastInsertRowid)
      await call(core, 'light.light', { campaignId, itemId: lantern })
    }
    await call(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    // The step until what it started has finished (its log's search indexing too), as in the app.
    const step = () => change(core, 'clock.advance', { campaignId, span: { minutes: 1 } }) as Promise<{ clock: { timeOfDay: string } }>

    // Baseline: the GM's step, nothing shared.
    const alone: number[] = []
    for (let i = 0; i < STEPS; i++) {
      const t0 = performance.now()
      await step()
      alone.push(performance.now() - t0)
    }

    // Shared, no player: the step, then its projection built and sent on the bus.
    const { url } = (await call(core, 'players.share', { campaignId })) as { url: string }
    // Arrivals by time of day: a projection may arrive before the step's own answer is read.
    const seen = new Map<string, number>()
    let wake: (() => void) | null = null
    const heard = (time: string) => {
      seen.set(time, (seen.get(time) ?? 0) + 1)
      wake?.()
    }
    const off = core.events.on((m) => m.event === 'players.view' && heard((m.payload as { timeOfDay: string }).timeOfDay))
    const reach = async (players: number): Promise<number> => {
      const t0 = performance.now()
      const report = await step()
      const time = report.clock.timeOfDay
      while ((seen.get(time) ?? 0) < players) await new Promise<void>((r) => (wake = r))
      const ms = performance.now() - t0
      seen.delete(time)
      return ms
    }
    const built: number[] = []
    for (let i = 0; i < STEPS; i++) built.push(await reach(1))
    off()

    // 20 players: the step until the last of them has the new projection.
    const sockets = await Promise.all(Array.from({ length: PLAYERS }, () => connect(url, heard)))
    const twenty: number[] = []
    for (let i = 0; i < STEPS; i++) twenty.push(await reach(PLAYERS))
    for (const ws of sockets) ws.close()

    const g = new BenchGroup(`A GM step (+1 minute) to the players' screens, ${STEPS} steps each (median per step)`)
    g.record('GM step, nothing shared (baseline)', percentile(alone, 50), STEPS, true)
    g.record('GM step → projection built (shared, 0 players)', percentile(built, 50), STEPS)
    g.record(`GM step → last of ${PLAYERS} players has it`, percentile(twenty, 50), STEPS)
    g.print()
    const fmt = (xs: number[]) => `median ${percentile(xs, 50).toFixed(2)} ms · p99 ${percentile(xs, 99).toFixed(2)} ms · max ${Math.max(...xs).toFixed(2)} ms`
    console.log(`\nGM step alone:                        ${fmt(alone)}`)
    console.log(`GM step → projection built:           ${fmt(built)}`)
    console.log(`GM step → last of ${PLAYERS} players receives: ${fmt(twenty)}`)
  } finally {
    await sharing.close()
    await core.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
