/**
 * The clock through the service: 30 days of exploration (8,640 turns) with 6 characters, 12 lights
 * and 20 timers, as one advance gone on with after each encounter (CLK-3: an advance stops at each
 * one) and as 8,640 single-turn advances, on a real SQLite file.
 * Every advance is a transaction with its log entries, inventory write-backs and an undo record.
 * The baseline is the pure engine advancing the same state in one call, in the same process.
 * Each case starts from the same prepared library (a fresh copy), so they do the same work.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCore, type Core } from '../src/main/app'
import { advanceClock, addLight, addTimer, lightUp, newClock, setProvisions, type ClockState } from '../src/main/engines/clock'
import { seededDice } from '../src/main/engines/dice'
import { BenchGroup } from './harness'

const TURNS = 8_640
const CHARACTERS = 6
const TIMERS = 20

async function call(core: Core, method: string, input: unknown): Promise<unknown> {
  const r = await core.router.call(method, input, { scope: 'gm' })
  if (!r.ok) throw new Error(`${method}: ${r.error.message}`)
  return r.value
}

/** A library with a campaign, 6 PCs with 40 days of food and water, 12 lights lit (6 long lanterns, 6 torches) and 20 timers. */
async function prepare(file: string): Promise<number> {
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
    let steps = 0
    for (let i = 0; i < 3; i++) {
      const core = await fresh()
      const t0 = performance.now()
      let r = (await call(core, 'clock.advance', { campaignId, span: { turns: TURNS } })) as { clock: { goOn: unknown } }
      for (steps = 1; r.clock.goOn !== null; steps++) r = (await call(core, 'clock.goOn', { campaignId })) as { clock: { goOn: unknown } }
      once.push(performance.now() - t0)
      await core.close()
    }
    once.sort((a, b) => a - b)
    g.record(`service: clock.advance of 8,640 turns and its ${steps - 1} go-ons`, once[1]!, once.length)

    // 8,640 single-turn advances through the service, once.
    const core = await fresh()
    const t0 = performance.now()
    for (let i = 0; i < TURNS; i++) await call(core, 'clock.advance', { campaignId, span: { turns: 1 } })
    const total = performance.now() - t0
    const logCount = (core.handle.sqlite.prepare('select count(*) as n from log_entry').get() as { n: number }).n
    await core.close()
    g.record('service: clock.advance of 1 turn (each of 8,640 calls)', total / TURNS, TURNS)
    g.print()
    console.log(
      `8,640 single-turn advances took ${(total / 1000).toFixed(1)} s in all, ${(total / once[1]!).toFixed(1)}× one 8,640-turn advance with its ${steps - 1} go-ons (${once[1]!.toFixed(0)} ms); ${logCount.toLocaleString('en')} log entries written.`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
