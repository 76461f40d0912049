/**
 * A 30-day journey through the service (CLK-14, CLK-15): six old-school PCs with 40 days of food
 * and water plan ten legs of road (545 miles at 1,000 ft a turn, 8 hours' march a day, the watch
 * checking every turn in camp), read the numbers, set out and travel to the end, going on (`G`,
 * `clock.goOn`) after each encounter, on a real SQLite file. Each `G` is one transaction with its
 * log entries, food at each new day and an undo record; printed: the time of each (median, p99,
 * worst), how many, and the whole journey's time.
 * `npm run bench -- journey`
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCore } from '../src/main/app'
import { BenchGroup, call } from './harness'

const CHARACTERS = 6
const LEGS = 10
const LEG_MILES = 54.5

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-journey-'))
  try {
    const core = await createCore({ dataFile: join(dir, 'journey.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false })
    const { id: campaignId } = (await call(core, 'campaign.create', { name: 'Bench', system: 'osr', seed: 'journey-bench' })) as { id: number }
    const s = core.handle.sqlite
    const addPc = s.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')")
    const addItem = s.prepare("insert into inventory_item (character_id, name, kind, quantity, details, created_at, updated_at) values (?, ?, ?, ?, '{}', 't', 't')")
    for (let c = 0; c < CHARACTERS; c++) {
      const pc = Number(addPc.run(campaignId, `PC ${c + 1}`).lastInsertRowid)
      addItem.run(pc, 'Rations', 'ration', 40)
      addItem.run(pc, 'Waterskin', 'water', 40)
    }
    await call(core, 'setting.set', { campaignId, key: 'clock.start', value: { day: 1, time: '06:00' } })
    const legs = Array.from({ length: LEGS }, (_, k) => ({ terrain: `road ${k + 1}`, length: LEG_MILES, place: 'open' }))
    const plan = { campaignId, toName: 'The far coast', legs }

    const g = new BenchGroup(`A 30-day journey (${LEGS} legs, ${LEGS * LEG_MILES} miles): per call`)
    await g.add('journey.preview (the numbers before setting out)', () => call(core, 'journey.preview', plan), { calls: 20 })
    const t0 = performance.now()
    await call(core, 'journey.plan', plan)
    const page = (await call(core, 'journey.get', { campaignId })) as { current: { id: number; numbers: { marchingDays: number; daysOnRoad: number } } }
    await call(core, 'journey.setOut', { campaignId, journeyId: page.current.id })
    const times: number[] = []
    let report = (await call(core, 'journey.travel', { campaignId, until: 'arrival' })) as { clock: { journey: { arrived: boolean } | null; time: number } }
    while (!report.clock.journey?.arrived) {
      const a = performance.now()
      report = (await call(core, 'clock.goOn', { campaignId })) as typeof report
      times.push(performance.now() - a)
    }
    const whole = performance.now() - t0
    times.sort((a, b) => a - b)
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
    g.record(`G (clock.goOn) to the next encounter, median of ${times.length}`, at(0.5), times.length, true)
    g.record('G, 99th percentile', at(0.99), times.length)
    g.record('G, worst', times[times.length - 1]!, times.length)
    g.record(`the whole journey: plan, set out, travel, every G (${page.current.numbers.daysOnRoad} days planned, day ${Math.floor(report.clock.time / 86400) + 1} on arrival)`, whole, 1)
    g.print()
    await core.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
