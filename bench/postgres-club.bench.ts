/**
 * A club on one PostgreSQL server: N Lanterns on N campaigns of one library, N = 1, 2, 4, 8, each
 * Lantern in a process of its own (postgres-club-table.ts) as each GM's runs on a laptop of its
 * own — here all on this machine's cores with the server. Each steps its clock one exploration
 * turn at a time, first as fast as it can (the next step as soon as the last answered, the event
 * loop let run between them, so the search indexing after each change runs as in the app), then
 * once a second like a real table. Printed: throughput and the p50/p99 step for each N beside
 * N = 1, the wall time of four tables against one (goal ≤ 2×), the p99 at one step a second with
 * eight tables (goal < 50 ms), the CPU the Lanterns and the server spent a step, and the
 * statements one step sends on SQLite and on PostgreSQL (counted at each driver). The server is
 * durable (fsync on), as a real one runs. For comparison, one and four Lanterns are also run in
 * this one process, where they share one thread.
 * `npm run bench -- postgres-club` (also run by `npm run bench -- postgres`)
 */
import { fork, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
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

/** The machine's CPU time so far, busy and in all, in ms (from /proc/stat; null where there is none). */
function machineCpu(): { busy: number; all: number } | null {
  try {
    const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
    const t = f.map(Number)
    const idle = t[3]! + t[4]!
    const all = t.slice(0, 8).reduce((a, b) => a + b, 0)
    return { busy: ((all - idle) * 1000) / 100, all: (all * 1000) / 100 }
  } catch {
    return null
  }
}

interface Run {
  wall: number
  steps: number[]
  /** CPU spent by the Lanterns' processes, ms. */
  cpu: number
  /** How many of the machine's cores were busy on average (everything on it: Lanterns, server, the rest). */
  cores: number | null
}

/** A table in a process of its own (postgres-club-table.ts), and what it answers next. */
interface ForkedTable {
  proc: ChildProcess
  next(): Promise<{ steps: number[]; cpuMs: number }>
}

const here = dirname(fileURLToPath(import.meta.url))

async function forkTable(url: string, dir: string, n: number): Promise<ForkedTable> {
  const proc = fork(join(here, 'postgres-club-table.ts'), [url, join(dir, `f${n}.sqlite`), String(n)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const waiting: ((m: { steps: number[]; cpuMs: number }) => void)[] = []
  const answers: { steps: number[]; cpuMs: number }[] = []
  let failed: Error | null = null
  const ready = new Promise<void>((ok, fail) => {
    proc.on('message', (m: { ready?: true; steps?: number[]; cpuMs?: number }) => {
      if (m.ready) return ok()
      const a = { steps: m.steps!, cpuMs: m.cpuMs! }
      const w = waiting.shift()
      if (w) w(a)
      else answers.push(a)
    })
    proc.on('exit', (code) => {
      failed = new Error(`table ${n}'s process ended with ${code}`)
      fail(failed)
    })
  })
  await ready
  return {
    proc,
    next: () =>
      new Promise((ok, fail) => {
        if (failed) return fail(failed)
        const a = answers.shift()
        if (a) ok(a)
        else waiting.push(ok)
      }),
  }
}

/** N tables in processes of their own: as fast as they can, then once a second. */
async function club(url: string, dir: string, n: number): Promise<Run & { paced: number[] }> {
  const tables: ForkedTable[] = []
  try {
    for (let k = 0; k < n; k++) tables.push(await forkTable(url, dir, k + 1))
    const m0 = machineCpu()
    const t0 = performance.now()
    for (const t of tables) t.proc.send({ run: 'fast', steps: FAST_STEPS })
    const fastAnswers = await Promise.all(tables.map((t) => t.next()))
    const wall = performance.now() - t0
    const m1 = machineCpu()
    const startAt = Date.now() + 300
    tables.forEach((t, k) => t.proc.send({ run: 'paced', startAt: startAt + Math.round((1000 * k) / n), until: startAt + PACED_MS }))
    const pacedAnswers = await Promise.all(tables.map((t) => t.next()))
    return {
      wall,
      steps: fastAnswers.flatMap((a) => a.steps).sort((a, b) => a - b),
      cpu: fastAnswers.reduce((sum, a) => sum + a.cpuMs, 0),
      cores: m0 && m1 ? (m1.busy - m0.busy) / wall : null,
      paced: pacedAnswers.flatMap((a) => a.steps).sort((a, b) => a - b),
    }
  } finally {
    await Promise.all(
      tables.map(
        (t) =>
          new Promise<void>((ok) => {
            if (t.proc.exitCode !== null) return ok()
            t.proc.once('exit', () => ok())
            t.proc.send({ run: 'close' })
          }),
      ),
    )
  }
}

/** Each table steps `FAST_STEPS` times, back to back, all in this process: the wall time and every step's time. */
async function fast(tables: Table[]): Promise<Run> {
  const steps: number[] = []
  const cpu0 = process.cpuUsage()
  const m0 = machineCpu()
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
  const m1 = machineCpu()
  const cpu = process.cpuUsage(cpu0)
  return { wall, steps: steps.sort((a, b) => a - b), cpu: (cpu.user + cpu.system) / 1000, cores: m0 && m1 ? (m1.busy - m0.busy) / wall : null }
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
    for (const n of [...TABLES, 'count', 'together_1', 'together_4']) await admin.query(`create database club_${n}`)
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

    const results = new Map<number, Run & { paced: number[] }>()
    for (const n of TABLES) results.set(n, await club(server.urlFor(`club_${n}`), dir, n))
    // The same as one process, its Lanterns sharing one thread.
    const together = new Map<number, Run>()
    for (const n of [1, 4]) {
      const url = server.urlFor(`club_together_${n}`)
      const tables: Table[] = []
      for (let k = 0; k < n; k++) tables.push(await openTable(url, dir, 100 + k))
      for (const t of tables) for (let i = 0; i < 10; i++) await step(t) // warm
      together.set(n, await fast(tables))
      for (const t of tables) await t.core.close()
    }

    console.log(`PostgreSQL ${server.version} on 127.0.0.1 (fsync on), on this machine's ${cpus().length} cores with the Lanterns; each table one Lantern in a process of its own, with its own pool, on its own campaign of one library.`)
    console.log(`Statements per clock step (one exploration turn), counted at the driver: SQLite ${onLite.own.toFixed(1)} (${onLite.withIndex.toFixed(1)} with the search indexing after it), PostgreSQL ${onPg.own.toFixed(1)} (${onPg.withIndex.toFixed(1)}).`)
    const one = results.get(1)!
    const g = new BenchGroup(`N tables, each ${FAST_STEPS} clock steps as fast as it can`)
    for (const n of TABLES) {
      const r = results.get(n)!
      g.record(`${n} table${n > 1 ? 's' : ''}: step p50`, percentile(r.steps, 0.5), r.steps.length, n === 1)
      g.record(`${n} table${n > 1 ? 's' : ''}: step p99`, percentile(r.steps, 0.99), r.steps.length)
    }
    g.print()
    const line = (label: string, n: number, r: Run, base: Run) => {
      const rate = (n * FAST_STEPS) / (r.wall / 1000)
      const cores = r.cores === null ? '' : `; the machine's cores busy ${r.cores.toFixed(2)} of ${cpus().length} (${((r.cores * r.wall) / (n * FAST_STEPS)).toFixed(1)} ms CPU a step, server and Lanterns)`
      console.log(`  ${label}: ${n * FAST_STEPS} steps in ${(r.wall / 1000).toFixed(2)} s, ${rate.toFixed(0)} steps/s (${(rate / ((FAST_STEPS / base.wall) * 1000)).toFixed(2)}× one table's), wall ${(r.wall / base.wall).toFixed(2)}× one table's; the Lanterns ${(r.cpu / (n * FAST_STEPS)).toFixed(1)} ms CPU a step${cores}`)
    }
    for (const n of TABLES) line(`${n} table(s)`, n, results.get(n)!, one)
    const four = results.get(4)!
    console.log(`Four tables at once take ${(four.wall / one.wall).toFixed(2)}× the wall time of one (goal ≤ 2×).`)
    console.log('The same Lanterns in this one process, sharing its one thread:')
    for (const n of [1, 4]) line(`${n} table(s) in one process`, n, together.get(n)!, together.get(1)!)

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
