/**
 * The clock through the service: 30 days of exploration (8,640 turns) with 6 characters, 12 lights
 * and 20 timers, as one advance gone on with after each encounter (CLK-3: an advance stops at each
 * one), single-turn advances (p50 and p99, and p50 in a campaign of 100,000 NPCs), and 365 days of downtime in one call, on a real SQLite
 * file. Every advance is a transaction with its log entries, inventory write-backs and an undo
 * record. The baselines are the pure engine advancing the same state, in the same process; the
 * floor printed beside them is what the same number of commits costs as bare fsync'd inserts.
 * Each case starts from the same prepared library (a fresh copy), so they do the same work. After
 * each call the event loop runs until what the call started has finished (its events and its log's
 * search indexing, `settle`), as in the app, and the fsyncs per call are counted (strace) beside it.
 * `npm run bench -- clock-service` (LANTERN_BENCH_ALL_TURNS=1 also times 8,640 single-turn calls).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCore, type Core } from '../src/main/app'
import { indexQueued } from '../src/main/services/core/log-search-queue'
import { advanceClock, addLight, addTimer, lightUp, newClock, setMode, setProvisions, type ClockState } from '../src/main/engines/clock'
import { seededDice } from '../src/main/engines/dice'
import BetterSqlite3 from 'better-sqlite3'
import { BenchGroup, call, change, countFsyncs, settle } from './harness'

const TURNS = 8_640
const CHARACTERS = 6
const TIMERS = 20

/** A library with a campaign, 6 PCs with 40 days of food and water, 12 lights lit (6 long lanterns, 6 torches) and 20 timers. */
export async function prepare(file: string): Promise<number> {
  const core = await createCore({ dataFile: file, mode: 'browser', version: 'bench', checkOutputs: false })
  const { id: campaignId } = (await call(core, 'campaign.create', { name: 'Bench', system: 'osr', seed: 'bench' })) as { id: number }
  const s = core.handle.sqlite
  const addPc = s.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')")
  const addItem = s.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, ?, ?, ?, ?, 't', 't')")
  const lights: number[] = []
  for (let c = 0; c < CHARACTERS; c++) {
    const pc = Number(addPc.run(campaignId, `PC ${c + 1}`).lastInsertRowid)
    addItem.run(pc, 'Rations', 'ration', 40, '{}')
    addItem.run(pc, 'Waterskin', 'water', 40, '{}')
    lights.push(Number(addItem.run(pc, 'Lantern', 'light', 1, '{"type":"lantern","oilPints":150}').lastInsertRowid))
    lights.push(Number(addItem.run(pc, 'Torches', 'light', 5, '{"type":"torch","oilPints":0}').lastInsertRowid))
  }
  for (const itemId of lights) await call(core, 'light.light', { campaignId, itemId })
  for (let t = 0; t < TIMERS; t++) {
    await call(core, 'timer.add', { campaignId, label: `Timer ${t}`, after: { hours: 1 + t * 7 }, hiddenFromPlayers: t % 2 === 0, repeat: t % 4 === 0 })
  }
  await core.close()
  return campaignId
}

/**
 * Where one turn's time goes inside SQLite: every statement better-sqlite3 runs is counted and
 * timed (a wrapper on its statements, removed afterwards), split into the COMMIT, the other writes
 * and the reads; per turn, over `turns` single-turn advances.
 */
async function statementsPerTurn(core: Core, campaignId: number, turns: number) {
  const proto = Object.getPrototypeOf(core.handle.sqlite.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>
  const kept = new Map<string, (...a: unknown[]) => unknown>()
  const split = { commit: 0, writes: 0, writeTime: 0, reads: 0, readTime: 0 }
  for (const m of ['run', 'get', 'all', 'iterate']) {
    const original = proto[m]!
    kept.set(m, original)
    proto[m] = function (this: { source: string; reader: boolean }, ...a: unknown[]) {
      const t0 = performance.now()
      try {
        return original.apply(this, a)
      } finally {
        const t = performance.now() - t0
        if (/^\s*commit/i.test(this.source) || this.source === 'COMMIT') split.commit += t
        else if (/^\s*begin/i.test(this.source)) split.writeTime += t
        else if (this.reader && !/^\s*(insert|update|delete)/i.test(this.source)) (split.reads++, (split.readTime += t))
        else (split.writes++, (split.writeTime += t))
      }
    }
  }
  try {
    for (let i = 0; i < turns; i++) await change(core, 'clock.advance', { campaignId, span: { turns: 1 } })
  } finally {
    for (const [m, original] of kept) proto[m] = original
  }
  return { commit: split.commit / turns, writes: split.writes / turns, writeTime: split.writeTime / turns, reads: split.reads / turns, readTime: split.readTime / turns }
}

/** The engine advancing `TURNS` turns, going on after each stop as the GM would (CLK-3). */
function engineThroughout(start: ClockState): number {
  const dice = seededDice('bench')
  let state = start
  let events = 0
  for (let left = TURNS * 300; left > 0; ) {
    const step = advanceClock(state, { seconds: left }, dice)
    if (!step.ok) throw new Error(step.reason)
    events += step.events.length
    state = step.state
    left = step.stopped?.left ?? 0
  }
  return events
}

/** The same party as engine state, for the baseline. */
function engineState(): ClockState {
  let state = newClock({ place: 'enclosed' })
  for (let c = 0; c < CHARACTERS; c++) {
    const who = String(c + 1)
    state = (setProvisions(state, { characterId: who, foodDays: 40, waterPints: 40 }) as { state: ClockState }).state
    for (const [type, pints] of [['lantern', 150], ['torch', undefined]] as const) {
      const id = `${type}-${who}`
      state = (addLight(state, { id, type, holder: { character: who }, ...(pints ? { pints, capacityPints: pints } : {}) }) as { state: ClockState }).state
      state = (lightUp(state, id) as { state: ClockState }).state
    }
  }
  for (let t = 0; t < TIMERS; t++) {
    state = (addTimer(state, { id: `t${t}`, label: `Timer ${t}`, after: { hours: 1 + t * 7 }, ...(t % 4 === 0 ? { repeatEvery: { hours: 1 + t * 7 } } : {}) }) as { state: ClockState }).state
  }
  return state
}

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-'))
  try {
    const prepared = join(dir, 'prepared.sqlite')
    const campaignId = await prepare(prepared)
    let copies = 0
    const fresh = async (): Promise<Core> => {
      const file = join(dir, `copy-${copies++}.sqlite`)
      copyFileSync(prepared, file)
      return createCore({ dataFile: file, mode: 'browser', version: 'bench', checkOutputs: false })
    }
    console.log(`Party: ${CHARACTERS} characters, ${CHARACTERS * 2} lights lit, ${TIMERS} timers; 30 days = ${TURNS.toLocaleString('en')} exploration turns.`)

    const g = new BenchGroup('30 days of exploration (8,640 turns): per advance call')
    const base = engineState()
    await g.add('engine only: advanceClock of 8,640 turns, going on after each encounter', () => engineThroughout(base), { baseline: true, calls: 5 })

    // An advance of 8,640 turns through the service, gone on with after each encounter, three times on fresh copies.
    const once: number[] = []
    const onceCpu: number[] = []
    let steps = 0
    const throughout = async (core: Core): Promise<number> => {
      let r = (await change(core, 'clock.advance', { campaignId, span: { turns: TURNS } })) as { clock: { goOn: unknown } }
      let n = 1
      for (; r.clock.goOn !== null; n++) r = (await change(core, 'clock.goOn', { campaignId })) as { clock: { goOn: unknown } }
      return n
    }
    for (let i = 0; i < 3; i++) {
      const core = await fresh()
      const cpu0 = process.cpuUsage()
      const t0 = performance.now()
      steps = await throughout(core)
      once.push(performance.now() - t0)
      const cpu = process.cpuUsage(cpu0)
      onceCpu.push((cpu.user + cpu.system) / 1000)
      await core.close()
    }
    once.sort((a, b) => a - b)
    onceCpu.sort((a, b) => a - b)
    const onceFsyncs = await (async () => {
      const core = await fresh()
      try {
        const n = await countFsyncs(async () => void (await throughout(core)))
        return n === null ? null : n / steps
      } finally {
        await core.close()
      }
    })()
    g.record(`service: clock.advance of 8,640 turns and its ${steps - 1} go-ons`, once[1]!, once.length, false, onceFsyncs)
    g.record(`  the same, CPU time of this process only (no waiting on the disk)`, onceCpu[1]!, once.length)
    // The floor: one fsync'd commit per call, as bare better-sqlite3 inserts on a file with the same pragmas.
    const floorDb = new BetterSqlite3(join(dir, 'floor.sqlite'))
    floorDb.pragma('journal_mode = WAL')
    floorDb.pragma('synchronous = FULL')
    floorDb.exec('create table t (id integer primary key, v text)')
    const floorInsert = floorDb.prepare('insert into t (v) values (?)')
    const f0 = performance.now()
    for (let i = 0; i < steps; i++) floorInsert.run('x')
    const floor = performance.now() - f0
    const floorFsyncs = await countFsyncs(async () => {
      for (let i = 0; i < 50; i++) floorInsert.run('x')
    })
    floorDb.close()
    g.record(`floor: ${steps} bare fsync'd inserts (one commit per call, as the service makes)`, floor, 1, false, floorFsyncs === null ? null : floorFsyncs / 50)

    // Single-turn advances through the service: each a call, a transaction, an fsync.
    const single = Number(process.env.LANTERN_BENCH_ALL_TURNS) ? TURNS : 1_000
    const core = await fresh()
    const each: number[] = []
    for (let i = 0; i < single; i++) {
      const t0 = performance.now()
      await change(core, 'clock.advance', { campaignId, span: { turns: 1 } })
      each.push(performance.now() - t0)
    }
    const turnFsyncs = await countFsyncs(async () => {
      for (let i = 0; i < 50; i++) await change(core, 'clock.advance', { campaignId, span: { turns: 1 } })
    })
    const total = each.reduce((a, b) => a + b, 0)
    const logCount = (core.handle.sqlite.prepare('select count(*) as n from log_entry').get() as { n: number }).n
    const split = await statementsPerTurn(core, campaignId, 300)
    await core.close()
    each.sort((a, b) => a - b)
    const p50 = each[each.length >> 1]!
    const p99 = each[Math.floor(each.length * 0.99)]!
    g.record(`service: clock.advance of 1 turn, p50 of ${single.toLocaleString('en')} calls`, p50, single, false, turnFsyncs === null ? null : turnFsyncs / 50)
    g.record(`service: clock.advance of 1 turn, p99 of ${single.toLocaleString('en')} calls`, p99, single)
    // The same turn in a campaign of 100,000 NPCs: the clock reads only the characters it names.
    const crowded = await fresh()
    const addNpc = crowded.handle.sqlite.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'npc', ?, 't', 't')")
    crowded.handle.sqlite.transaction(() => {
      for (let i = 0; i < 100_000; i++) addNpc.run(campaignId, `Citizen ${i}`)
    })()
    indexQueued(crowded.handle.sqlite)
    const crowd: number[] = []
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now()
      await change(crowded, 'clock.advance', { campaignId, span: { turns: 1 } })
      crowd.push(performance.now() - t0)
    }
    await crowded.close()
    crowd.sort((a, b) => a - b)
    g.record('service: clock.advance of 1 turn in a campaign of 100,000 NPCs, p50 of 300 calls', crowd[150]!, 300)
    g.record('  of one turn: its COMMIT (the fsync)', split.commit, 300)
    g.record(`  of one turn: its ${split.writes.toFixed(0)} other writes`, split.writeTime, 300)
    g.record(`  of one turn: its ${split.reads.toFixed(0)} reads`, split.readTime, 300)
    g.print()
    console.log(
      `${single.toLocaleString('en')} single-turn advances took ${(total / 1000).toFixed(1)} s in all; ${logCount.toLocaleString('en')} log entries in the library. ` +
        `The 30-day advance is ${steps} calls (CLK-3 stops it at each encounter), so ${steps} commits: ${(once[1]! / steps).toFixed(2)} ms a call, of which a bare fsync'd commit is ${(floor / steps).toFixed(2)} ms.`,
    )

    // 365 days of downtime in one call (no encounter checks: nothing stops it but what it is asked to).
    const y = new BenchGroup('365 days of downtime in one call (6 PCs, 12 lights, 20 timers)')
    const downtime = (setMode(base, 'downtime') as { state: ClockState }).state
    await y.add('engine only: advanceClock of 365 days', () => {
      const r = advanceClock(downtime, { days: 365 }, seededDice('bench'))
      if (!r.ok) throw new Error(r.reason)
    }, { baseline: true, calls: 5 })
    const year: number[] = []
    const yearIndex: number[] = []
    let yearEntries = 0
    let yearFsyncs: number | null = null
    let yearFloor = 0
    for (let i = 0; i < 3; i++) {
      const core = await fresh()
      await change(core, 'clock.setMode', { campaignId, mode: 'downtime' })
      const before = (core.handle.sqlite.prepare('select count(*) as n from log_entry').get() as { n: number }).n
      const t0 = performance.now()
      await call(core, 'clock.advance', { campaignId, span: { days: 365 } })
      year.push(performance.now() - t0)
      // Its search indexing follows in the background, a batch at a time (timed apart below).
      const i0 = performance.now()
      await settle(core)
      yearIndex.push(performance.now() - i0)
      yearEntries = (core.handle.sqlite.prepare('select count(*) as n from log_entry').get() as { n: number }).n - before
      // What bounds it: the same rows written again by SQLite alone, in one transaction rolled back
      // (the log's four indexes, its tally and search-queue triggers; no JSON built, no statement per row).
      if (i === 0) {
        const cols = 'campaign_id, session_id, game_time, real_time, kind, payload, dice, gm_only, audience, players'
        const again = core.handle.sqlite.prepare(`insert into log_entry (${cols}) select ${cols} from log_entry where id > ?`)
        const last = Number(core.handle.sqlite.prepare('select max(id) from log_entry').pluck().get()) - yearEntries
        core.handle.sqlite.exec('begin')
        const f0 = performance.now()
        again.run(last)
        yearFloor = performance.now() - f0
        core.handle.sqlite.exec('rollback')
      }
      // The fsyncs of another year, with its indexing (one count is enough: the same work each time).
      if (i === 0) yearFsyncs = await countFsyncs(async () => void (await change(core, 'clock.advance', { campaignId, span: { days: 365 } })))
      await core.close()
    }
    year.sort((a, b) => a - b)
    yearIndex.sort((a, b) => a - b)
    y.record(`service: clock.advance of 365 days (one step, ${yearEntries.toLocaleString('en')} log entries), until it answers; fsyncs with its indexing`, year[1]!, year.length, false, yearFsyncs)
    y.record('  then its log indexed for search in the background, batch by batch, and the write-ahead log checkpointed', yearIndex[1]!, yearIndex.length)
    y.record(`floor: the same ${yearEntries.toLocaleString('en')} log rows inserted again by one bare SQL statement (indexes, triggers)`, yearFloor, 1)
    y.print()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
