/**
 * Undo of a 30-day step with 6 PCs: the party in downtime eats and drinks each day, its lanterns
 * and torches burn out and are noted, a repeating timer fires every 2 hours, so the one step writes
 * hundreds of log entries and inventory changes. Undo finds the step by its action row and takes it
 * back whole; redo makes it again at the same dice counter. The baseline is the step itself, through
 * the same service, in the same process. Each case runs on a fresh copy of the prepared library.
 * Each call is timed until what it started has finished (its events and search indexing, `settle`).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCore, type Core } from '../src/main/app'
import { BenchGroup, call, change, countFsyncs } from './harness'

const CHARACTERS = 6
const RUNS = 5

/** A campaign in downtime with 6 PCs, each with 40 days of food and water, a lit lantern and torches, and a timer every 2 hours. */
async function prepare(file: string): Promise<number> {
  const core = await createCore({ dataFile: file, mode: 'browser', version: 'bench', checkOutputs: false, autoBackup: false })
  const { id: campaignId } = (await call(core, 'campaign.create', { name: 'Bench', system: 'ladder', seed: 'undo-bench' })) as { id: number }
  const s = core.handle.sqlite
  const addPc = s.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')")
  const addItem = s.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, ?, ?, ?, ?, 't', 't')")
  for (let c = 0; c < CHARACTERS; c++) {
    const pc = Number(addPc.run(campaignId, `PC ${c + 1}`).lastInsertRowid)
    addItem.run(pc, 'Rations', 'ration', 40, '{}')
    addItem.run(pc, 'Waterskin', 'water', 40, '{}')
    addItem.run(pc, 'Torches', 'light', 6, '{"type":"torch"}')
    const lantern = Number(addItem.run(pc, 'Lantern', 'light', 1, '{"type":"lantern","oilPints":3}').lastInsertRowid)
    await call(core, 'light.light', { campaignId, itemId: lantern })
  }
  await call(core, 'timer.add', { campaignId, label: 'The watch changes', after: { hours: 2 }, repeat: true })
  await call(core, 'clock.setMode', { campaignId, mode: 'downtime' })
  await core.close()
  return campaignId
}

/** Median of `RUNS` timings of `measure`, each on a fresh copy after `setup`, and its fsyncs counted on one more. */
async function timed(fresh: () => Promise<Core>, setup: (core: Core) => Promise<unknown>, measure: (core: Core) => Promise<unknown>): Promise<[number, number | null]> {
  const counted = await fresh()
  await setup(counted)
  const fsyncs = await countFsyncs(async () => void (await measure(counted)))
  await counted.close()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const core = await fresh()
    await setup(core)
    const t0 = performance.now()
    await measure(core)
    times.push(performance.now() - t0)
    await core.close()
  }
  times.sort((a, b) => a - b)
  return [times[RUNS >> 1]!, fsyncs]
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
      return createCore({ dataFile: file, mode: 'browser', version: 'bench', checkOutputs: false, autoBackup: false })
    }
    const advance = (core: Core) => change(core, 'clock.advance', { campaignId, span: { days: 30 } })
    const undo = (core: Core) => change(core, 'play.undo', { campaignId })
    const redo = (core: Core) => change(core, 'play.redo', { campaignId })

    // How much the step writes, for the report.
    const probe = await fresh()
    await advance(probe)
    const lines = (probe.handle.sqlite.prepare("select last_log_id - first_log_id + 1 as n from action where method = 'clock.advance'").get() as { n: number }).n
    await probe.close()
    console.log(`The step: 30 days of downtime, ${CHARACTERS} PCs with lanterns, torches, food and water, a timer every 2 hours: ${lines} log entries.`)

    const g = new BenchGroup('undo of a 30-day step with 6 PCs: per call')
    const nothing = async () => undefined
    const [stepMs, stepFsyncs] = await timed(fresh, nothing, advance)
    const [undoMs, undoFsyncs] = await timed(fresh, advance, undo)
    const [redoMs, redoFsyncs] = await timed(fresh, async (core) => (await advance(core), await undo(core)), redo)
    g.record('service: clock.advance of 30 days (the step itself)', stepMs, RUNS, true, stepFsyncs)
    g.record('service: play.undo of that step', undoMs, RUNS, false, undoFsyncs)
    g.record('service: play.redo of it, same dice', redoMs, RUNS, false, redoFsyncs)
    g.print()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
