/**
 * One table of the club bench in a process of its own, as each GM's Lantern runs on a laptop of
 * its own: a Lantern (its own core and pool) on its own campaign of the club's library, driven by
 * postgres-club.bench.ts over the fork's message channel:
 *   → { run: 'fast', steps }            ← { steps: ms[], cpuMs }   (back to back, the loop let run between)
 *   → { run: 'paced', startAt, until }  ← { steps: ms[], cpuMs }   (one step a second from startAt, Date.now() time)
 *   → { run: 'close' }                  (the Lantern closed, the process ends)
 * It says `{ ready: true }` once its campaign is made and its clock has stepped `WARM_STEPS` times.
 *   tsx bench/postgres-club-table.ts <database url> <library file> <table number>
 */
import { performance } from 'node:perf_hooks'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { createCore } from '../src/main/app'
import { call } from './harness'

/** Steps taken before the bench's, unmeasured. */
const WARM_STEPS = 60

type Order = { run: 'fast'; steps: number } | { run: 'paced'; startAt: number; until: number } | { run: 'close' }

async function main(): Promise<void> {
  const [url, dataFile, n] = process.argv.slice(2)
  if (!url || !dataFile || !n) throw new Error('usage: postgres-club-table.ts <database url> <library file> <table number>')
  const send = (m: unknown) => new Promise<void>((ok, fail) => process.send!(m, undefined, {}, (e) => (e ? fail(e) : ok())))
  const core = await createCore({ dataFile, databaseUrl: url, gmName: `GM ${n}`, mode: 'browser', version: 'bench', checkOutputs: false })
  const { id: campaignId } = (await call(core, 'campaign.create', { name: `Table ${n}`, system: 'ladder', seed: `table-${n}` })) as { id: number }
  await call(core, 'play.start', { campaignId, attendance: [] })
  const step = () => call(core, 'clock.advance', { campaignId, span: { turns: 1 } })
  // A fresh process: its code warmed (JIT) as a Lantern's is after a few minutes at the table.
  for (let i = 0; i < WARM_STEPS; i++) await step()
  // The search indexing's timers are unref'd: the message channel is, too, once listened to.
  const alive = setInterval(() => {}, 1000)

  const timed = async (run: () => Promise<number[]>) => {
    const cpu0 = process.cpuUsage()
    const steps = await run()
    const cpu = process.cpuUsage(cpu0)
    await send({ steps, cpuMs: (cpu.user + cpu.system) / 1000 })
  }
  process.on('message', (order: Order) => {
    const done = (async () => {
      if (order.run === 'fast') {
        await timed(async () => {
          const steps: number[] = []
          for (let i = 0; i < order.steps; i++) {
            const s = performance.now()
            await step()
            steps.push(performance.now() - s)
            await yieldToLoop()
          }
          return steps
        })
      } else if (order.run === 'paced') {
        await timed(async () => {
          const steps: number[] = []
          for (let next = order.startAt; next < order.until; next += 1000) {
            await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())))
            const s = performance.now()
            await step()
            steps.push(performance.now() - s)
          }
          return steps
        })
      } else {
        clearInterval(alive)
        await core.close()
        process.disconnect()
      }
    })()
    done.catch((err: unknown) => {
      console.error(err)
      process.exit(1)
    })
  })
  await send({ ready: true })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
