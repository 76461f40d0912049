/**
 * The same Lantern on PostgreSQL beside SQLite: a clock step (one exploration turn) and a log
 * append (log.note) through the router, per call, on a SQLite file and on a PostgreSQL server this
 * bench starts from Debian's package (durable: fsync on, as a real server runs); then two Lanterns
 * on one PostgreSQL library pressing at once (each 200 clock steps and 200 spends, all in flight
 * together): the whole burst, per change, and the wait a GM sees per call. The baseline is SQLite's
 * in the same process. `npm run bench -- postgres`
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { createCore, type Core } from '../src/main/app'
import { startPostgres } from '../test/support/postgres-server'
import { BenchGroup, call } from './harness'

const CALLS = 300
const PRESSES = 200

/** A campaign with a PC holding 10,000 Plot Points, and a session open. */
async function campaign(core: Core): Promise<{ campaignId: number; pc: number }> {
  const { id: campaignId } = (await call(core, 'campaign.create', { name: 'Bench', system: 'ladder', seed: 'bench' })) as { id: number }
  const { id: pc } = await core.deps.db
    .insertInto('character')
    .values({ campaign_id: campaignId, kind: 'pc', name: 'Tai', created_at: 't', updated_at: 't' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await call(core, 'ledger.earn', { campaignId, characterId: pc, currency: 'pp', amount: 10_000, reason: 'bench' })
  await call(core, 'play.start', { campaignId, attendance: [] })
  return { campaignId, pc }
}

/** Median and 99th percentile of `n` awaited calls, in ms. */
async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const t: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await fn(i)
    t.push(performance.now() - t0)
  }
  t.sort((a, b) => a - b)
  return { p50: t[n >> 1]!, p99: t[Math.floor(n * 0.99)]! }
}

async function perCall(core: Core) {
  const { campaignId } = await campaign(core)
  await timed(30, () => call(core, 'clock.advance', { campaignId, span: { turns: 1 } })) // warm
  const step = await timed(CALLS, () => call(core, 'clock.advance', { campaignId, span: { turns: 1 } }))
  const note = await timed(CALLS, (i) => call(core, 'log.note', { campaignId, text: `The bridge is out (${i}).` }))
  return { step, note }
}

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-pg-'))
  const server = await startPostgres({ durable: true })
  try {
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    await admin.query('create database bench_one')
    await admin.query('create database bench_two')
    await admin.end()

    const lite = await createCore({ dataFile: join(dir, 'bench.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false, autoBackup: false })
    const onLite = await perCall(lite)
    await lite.close()
    const post = await createCore({ dataFile: join(dir, 'unused.sqlite'), databaseUrl: server.urlFor('bench_one'), mode: 'browser', version: 'bench', checkOutputs: false })
    const onPg = await perCall(post)
    await post.close()

    console.log(`PostgreSQL ${server.version} on 127.0.0.1 (fsync on), SQLite file with synchronous = FULL; ${CALLS} calls each, one after another.`)
    const g = new BenchGroup('one call at a time, through the router')
    g.record('SQLite: clock.advance of 1 turn, p50', onLite.step.p50, CALLS, true)
    g.record('PostgreSQL: clock.advance of 1 turn, p50', onPg.step.p50, CALLS)
    g.record('SQLite: clock.advance of 1 turn, p99', onLite.step.p99, CALLS)
    g.record('PostgreSQL: clock.advance of 1 turn, p99', onPg.step.p99, CALLS)
    g.record('SQLite: log.note, p50', onLite.note.p50, CALLS)
    g.record('PostgreSQL: log.note, p50', onPg.note.p50, CALLS)
    g.print()

    // Two Lanterns on one library, everything in flight at once.
    const url = server.urlFor('bench_two')
    const a = await createCore({ dataFile: join(dir, 'a.sqlite'), databaseUrl: url, mode: 'browser', version: 'bench', checkOutputs: false })
    const b = await createCore({ dataFile: join(dir, 'b.sqlite'), databaseUrl: url, mode: 'browser', version: 'bench', checkOutputs: false })
    const { campaignId, pc } = await campaign(a)
    let heard = 0
    b.events.on((m) => void (m.event === 'clock.moved' && heard++))
    const waits: number[] = []
    const press = (core: Core) =>
      Array.from({ length: PRESSES }, async () => {
        const t0 = performance.now()
        await Promise.all([
          call(core, 'clock.advance', { campaignId, span: { turns: 1 } }),
          call(core, 'ledger.spend', { campaignId, characterId: pc, currency: 'pp', amount: 1, reason: 'a prop' }),
        ])
        waits.push(performance.now() - t0)
      })
    const t0 = performance.now()
    await Promise.all([...press(a), ...press(b)])
    const burst = performance.now() - t0
    for (let i = 0; i < 100 && heard < 2 * PRESSES; i++) await new Promise((r) => setTimeout(r, 20))
    const time = ((await call(a, 'clock.get', { campaignId })) as { time: number }).time
    await a.close()
    await b.close()
    waits.sort((x, y) => x - y)
    const changes = 4 * PRESSES
    const two = new BenchGroup(`two Lanterns on one PostgreSQL library, ${PRESSES} steps and ${PRESSES} spends each, all at once`)
    two.record('SQLite, one Lantern: clock.advance p50 (for scale)', onLite.step.p50, CALLS, true)
    two.record(`the whole burst of ${changes} changes`, burst, 1)
    two.record('per change (burst / changes)', burst / changes, changes)
    two.record('a GM waits for a step and a spend, p50', waits[waits.length >> 1]!, waits.length)
    two.record('a GM waits for a step and a spend, p99', waits[Math.floor(waits.length * 0.99)]!, waits.length)
    two.print()
    console.log(`Clock after the burst: ${time / 300} turns of ${2 * PRESSES} pressed; the second Lantern heard ${heard} of ${2 * PRESSES} clock events.`)
  } finally {
    server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
