/**
 * Undo of a 30-day step with 6 PCs: the party in downtime eats and drinks each day, its lanterns
 * and torches burn out and are noted, a repeating timer fires every 2 hours, so the one step writes
 * hundreds of log entries and inventory changes. Undo finds the step by its action row and takes it
 * back whole; redo makes it again at the same dice counter. The baseline is the step itself, through
 * the same service, in the same process. Each case runs on a fresh copy of the prepared library.
 * Each call is timed until what it started has finished (its events and search indexing, `settle`).
 * Then a note undone, a note made just after an undo, and the table's History panel and log read
 * after a change, in a new campaign and in one whose history holds 70,000 actions (each reads the
 * newest actions or the redo stack, not the history).
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

    // A long campaign's history: 70,000 actions made, 5,000 of them undone long ago. An undo puts its
    // action on the redo stack, and a new action clears the stack; each reads the stack, not the history.
    const h = new BenchGroup('a note undone, a note after an undo, and what the table reads after a change: per call, p50 of 100')
    for (const [label, history] of [['a new campaign', 0], ['a campaign of 70,000 actions, 5,000 undone long ago', 70_000]] as const) {
      const core = await fresh()
      const made = core.handle.sqlite.prepare(
        "insert into action (campaign_id, method, input, kind, summary, first_log_id, last_log_id, created, status, redoable, created_at, made_by) values (?, 'log.note', '{}', 'log', 'earlier', 0, 0, '[]', ?, 0, 't', '')",
      )
      core.handle.sqlite.transaction(() => {
        for (let i = 0; i < history; i++) made.run(campaignId, i % 14 === 0 ? 'undone' : 'done')
      })()
      const undos: number[] = []
      const notes: number[] = []
      const histories: number[] = []
      const logs: number[] = []
      for (let i = 0; i < 100; i++) {
        await change(core, 'log.note', { campaignId, text: `note ${i}` })
        let t0 = performance.now()
        await undo(core)
        undos.push(performance.now() - t0)
        t0 = performance.now()
        await change(core, 'log.note', { campaignId, text: `after ${i}` })
        notes.push(performance.now() - t0)
        // What the table reads again after each change: its History panel and its log.
        t0 = performance.now()
        await call(core, 'play.history', { campaignId })
        histories.push(performance.now() - t0)
        t0 = performance.now()
        await call(core, 'play.log', { campaignId, limit: 200 })
        logs.push(performance.now() - t0)
      }
      await core.close()
      const p50 = (xs: number[]) => xs.sort((a, b) => a - b)[50]!
      h.record(`service: play.undo of a note, ${label}`, p50(undos), 100, history === 0)
      h.record(`service: log.note just after an undo (clears the redo stack), ${label}`, p50(notes), 100)
      h.record(`service: play.history (the table's History panel), ${label}`, p50(histories), 100)
      h.record(`service: play.log (the table's log, 200 entries), ${label}`, p50(logs), 100)
    }
    h.print()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
