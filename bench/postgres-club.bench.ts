/**
 * A club on one PostgreSQL server: N Lanterns (each its own core and connection pool, in this
 * process) on N campaigns of one library, N = 1, 2, 4, 8. Each steps its clock one exploration
 * turn at a time, first as fast as it can (the next step as soon as the last answered, the event
 * loop let run between them, so the search indexing after each change runs as in the app), then
 * once a second like a real table. Printed: throughput and the p50/p99 step for each N beside
 * N = 1, the wall time of four tables against one (goal ≤ 2×), the p99 at one step a second with
 * eight tables (goal < 50 ms), and the statements one step sends on SQLite and on PostgreSQL
 * (counted at each driver). The server is durable (fsync on), as a real one runs. The Lanterns
 * share this process's one thread: the share of the wall time it was busy is printed beside each
 * run (near 100 %, the bound is this process's CPU, not the locks).
 * `npm run bench -- postgres-club` (also run by `npm run bench -- postgres`)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'
import { createCore, type Core } from '../src/main/app'
import { backgroundIndexing } from '../src/main/services/core/log-search-queue'
import { startPostgres } from '../test/support/postgres-server'
import { BenchGroup, call } from './harness'

const TABLES = [1, 2, 4, 8]
/** Steps each table makes as fast as it can. */
const FAST_STEPS = 120
/** How long the tables step once a second. */
const PACED_MS = 10_000

interface Table {
  core: Core
  campaignId: number
}

async function openTable(url: string, dir: string, n: number): Promise<Table> {
  const core = await createCore({ dataFile: join(dir, `t${n}.sqlite`), databaseUrl: url, gmName: `GM ${n}`, mode: 'browser', version: 'bench', checkOutputs: false })
  const { id: campaignId } = (await call(core, 'campaign.create', { name: `Table ${n}`, system: 'ladder', seed: `table-${n}` })) as { id: number }
  await call(core, 'play.start', { campaignId, attendance: [] })
  return { core, campaignId }
}

const step = (t: Table) => call(t.core, 'clock.advance', { campaignId: t.campaignId, span: { turns: 1 } })

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
}

/** Each table steps `FAST_STEPS` times, back to back: the wall time and every step's time. */
async function fast(tables: Table[]): Promise<{ wall: number; steps: number[]; cpu: number }> {
  const steps: number[] = []
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  await Promise.all(
    tables.map(async (t) => {
      for (let i = 0; i < FAST_STEPS; i++) {
        const s = performance.now()
        await step(t)
        steps.push(performance.now() - s)
        await yieldToLoop()
      }
    }),
  )
  const wall = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  return { wall, steps: steps.sort((a, b) => a - b), cpu: (cpu.user + cpu.system) / 1000 }
}

/** Each table steps once a second for `PACED_MS`, the tables spread over the second. */
async function paced(tables: Table[]): Promise<number[]> {
  const steps: number[] = []
  const start = performance.now()
  await Promise.all(
    tables.map(async (t, k) => {
      for (let next = start + (1000 * k) / tables.length; next < start + PACED_MS; next += 1000) {
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())))
        const s = performance.now()
        await step(t)
        steps.push(performance.now() - s)
      }
    }),
  )
  return steps.sort((a, b) => a - b)
}

let pgStatements = 0
let liteStatements = 0

/**
 * Counts statements while `fn` runs: those sent to the server at the `pg` client (every pool's
 * connections are one), and those run on SQLite at better-sqlite3's statements (prepared once, run
 * many times). The drivers are put back as they were afterwards.
 */
async function counting<T>(fn: () => Promise<T>): Promise<T> {
  const client = pg.Client.prototype as unknown as Record<string, (...a: unknown[]) => unknown>
  const probe = new BetterSqlite3(':memory:')
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>
  probe.close()
  const originals: [Record<string, (...a: unknown[]) => unknown>, string, (...a: unknown[]) => unknown][] = []
  const wrap = (proto: Record<string, (...a: unknown[]) => unknown>, m: string, count: () => void): void => {
    const f = proto[m]!
    originals.push([proto, m, f])
    proto[m] = function (this: unknown, ...args: unknown[]) {
      count()
      return f.apply(this, args)
    }
  }
  wrap(client, 'query', () => pgStatements++)
  for (const m of ['run', 'get', 'all', 'iterate']) wrap(statement, m, () => liteStatements++)
  try {
    return await fn()
  } finally {
    for (const [proto, m, f] of originals) proto[m] = f
  }
}

/** Statements per clock step: the step's own (while the call runs), and with the indexing after it. */
async function statementsPerStep(t: Table, counter: () => number): Promise<{ own: number; withIndex: number }> {
  const n = 50
  let own = 0
  const before = counter()
  for (let i = 0; i < n; i++) {
    const s = counter()
    await step(t)
    own += counter() - s
    await yieldToLoop()
    await backgroundIndexing(t.core.deps.db)
  }
  return { own: own / n, withIndex: (counter() - before) / n }
}

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-club-'))
  // Eight Lanterns of nine connections each (the pool's eight and one listening) fit.
  const server = await startPostgres({ durable: true, maxConnections: 120 })
  // The search indexing's timers are unref'd: something must keep the process up while it is awaited.
  const alive = setInterval(() => {}, 1000)
  try {
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    for (const n of [...TABLES, 'count']) await admin.query(`create database club_${n}`)
    await admin.end()

    // Statements per step, on each database.
    const [onLite, onPg] = await counting(async () => {
      const lite = await createCore({ dataFile: join(dir, 'count.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false, autoBackup: false })
      const liteTable = { core: lite, campaignId: ((await call(lite, 'campaign.create', { name: 'Count', system: 'ladder', seed: 'count' })) as { id: number }).id }
      await call(lite, 'play.start', { campaignId: liteTable.campaignId, attendance: [] })
      for (let i = 0; i < 10; i++) await step(liteTable)
      const liteCounts = await statementsPerStep(liteTable, () => liteStatements)
      await lite.close()
      const pgTable = await openTable(server.urlFor('club_count'), dir, 0)
      for (let i = 0; i < 10; i++) await step(pgTable)
      const pgCounts = await statementsPerStep(pgTable, () => pgStatements)
      await pgTable.core.close()
      return [liteCounts, pgCounts]
    })

    const results = new Map<number, { wall: number; steps: number[]; cpu: number; paced: number[] }>()
    for (const n of TABLES) {
      const url = server.urlFor(`club_${n}`)
      const tables: Table[] = []
      for (let k = 0; k < n; k++) tables.push(await openTable(url, dir, k + 1))
      for (const t of tables) for (let i = 0; i < 10; i++) await step(t) // warm
      const f = await fast(tables)
      const p = await paced(tables)
      results.set(n, { ...f, paced: p })
      for (const t of tables) await t.core.close()
    }

    console.log(`PostgreSQL ${server.version} on 127.0.0.1 (fsync on); each table one Lantern with its own pool, on its own campaign of one library.`)
    console.log(`Statements per clock step (one exploration turn), counted at the driver: SQLite ${onLite.own.toFixed(1)} (${onLite.withIndex.toFixed(1)} with the search indexing after it), PostgreSQL ${onPg.own.toFixed(1)} (${onPg.withIndex.toFixed(1)}).`)
    const one = results.get(1)!
    const g = new BenchGroup(`N tables, each ${FAST_STEPS} clock steps as fast as it can`)
    for (const n of TABLES) {
      const r = results.get(n)!
      g.record(`${n} table${n > 1 ? 's' : ''}: step p50`, percentile(r.steps, 0.5), r.steps.length, n === 1)
      g.record(`${n} table${n > 1 ? 's' : ''}: step p99`, percentile(r.steps, 0.99), r.steps.length)
    }
    g.print()
    for (const n of TABLES) {
      const r = results.get(n)!
      const rate = (n * FAST_STEPS) / (r.wall / 1000)
      console.log(`  ${n} table(s): ${n * FAST_STEPS} steps in ${(r.wall / 1000).toFixed(2)} s, ${rate.toFixed(0)} steps/s (${(rate / ((FAST_STEPS / one.wall) * 1000)).toFixed(2)}× one table's), wall ${(r.wall / one.wall).toFixed(2)}× one table's; the Lanterns' process busy ${((100 * r.cpu) / r.wall).toFixed(0)}% of the wall time (${(r.cpu / (n * FAST_STEPS)).toFixed(1)} ms CPU a step)`)
    }
    const four = results.get(4)!
    console.log(`Four tables at once take ${(four.wall / one.wall).toFixed(2)}× the wall time of one (goal ≤ 2×).`)

    const p = new BenchGroup(`N tables, each one clock step a second for ${PACED_MS / 1000} s`)
    for (const n of TABLES) {
      const r = results.get(n)!
      p.record(`${n} table${n > 1 ? 's' : ''}: step p50`, percentile(r.paced, 0.5), r.paced.length, n === 1)
      p.record(`${n} table${n > 1 ? 's' : ''}: step p99`, percentile(r.paced, 0.99), r.paced.length)
    }
    p.print()
    console.log(`Eight tables at one step a second: p99 ${percentile(results.get(8)!.paced, 0.99).toFixed(1)} ms (goal < 50 ms).`)
  } finally {
    clearInterval(alive)
    server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
