/**
 * Exporting a campaign of 1,000,000 log entries (and 1,000 characters), on a real SQLite file: the
 * time and the memory it takes, as a file written while it is read (`openExport` → a file on disk)
 * and as the whole file returned in memory (`exportCampaign`). Memory is the process's resident
 * size sampled every 10 ms during the export, less what it was just before. The baseline is a bare
 * SELECT of the same rows, each turned to JSON and dropped.
 * The streamed file is then imported into an empty library in a child process of its own
 * (transfer-import-child.ts), so the seeding's memory does not count: its time, and its peak
 * memory as the kernel counts it (maxRSS), with the same process's peak before the import began.
 * The same file is also imported the way the GM's page sends it: posted to Lantern's built server
 * (out/main/server.js, started for it on 127.0.0.1), whose peak resident size the kernel keeps as
 * VmHWM in /proc/<pid>/status — the import as the app pays it, with no compiler in the process —
 * and then left to index the imported log for search in the background: how long until nothing
 * waits (read from the library beside it), and its peak by then.
 * The library is seeded with the log's search-index triggers left out (they cost ~0.1 ms an entry
 * and an export does not read the index), so seeding a million entries takes seconds, not minutes.
 * `npm run bench -- transfer-1m`
 */
import BetterSqlite3 from 'better-sqlite3'
import { execFileSync } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { createCore } from '../src/main/app'
import * as transfer from '../src/main/services/transfer'
import { BenchGroup, startBuiltServer } from './harness'

const LOGS = 1_000_000
const CHARACTERS = 1_000

/** Runs fn, sampling the resident size; returns its time and the peak above the size before. */
async function measured(fn: () => Promise<unknown>): Promise<{ ms: number; peakMiB: number }> {
  global.gc?.()
  const before = process.memoryUsage().rss
  let peak = before
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
  const t0 = performance.now()
  await fn()
  const ms = performance.now() - t0
  clearInterval(sample)
  peak = Math.max(peak, process.memoryUsage().rss)
  return { ms, peakMiB: (peak - before) / 1048576 }
}

/** The kernel's peak resident size of a process (VmHWM), in KiB. */
const peakKiBOf = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1])

/** How many log entries wait for search indexing in a library, read beside the server that writes it. */
function pendingIn(library: string): number {
  const db = new BetterSqlite3(library, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('select count(*) from search_pending').pluck().get() as number
  } finally {
    db.close()
  }
}

/**
 * Posts a campaign file to a freshly started built server, as the GM's page does: its time and
 * peak memory; then, as the server indexes the imported log for search in the background, how
 * long until nothing waits and the server's peak by then.
 */
async function importIntoServer(file: string, dir: string): Promise<{ ms: number; beforeKiB: number; peakKiB: number; rows: number; indexedMs: number | null; indexedPeakKiB: number }> {
  const token = 'bench-token-0123456789'
  const library = join(dir, 'server-target.sqlite')
  const { server, url } = await startBuiltServer(library, token)
  try {
    const body = readFileSync(file)
    const beforeKiB = peakKiBOf(server.pid!)
    const t0 = performance.now()
    const res = await fetch(`${url}transfer/import`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip' }, body })
    const answer = (await res.json()) as { ok: boolean; value?: { rows?: number }; error?: { message: string } }
    const ms = performance.now() - t0
    const peakKiB = peakKiBOf(server.pid!)
    if (!answer.ok) throw new Error(`the server refused the import: ${answer.error?.message}`)
    let indexedMs: number | null = null
    for (const until = performance.now() + 600_000; performance.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      if (pendingIn(library) === 0) {
        indexedMs = performance.now() - t0
        break
      }
    }
    return { ms, beforeKiB, peakKiB, rows: answer.value?.rows ?? NaN, indexedMs, indexedPeakKiB: peakKiBOf(server.pid!) }
  } finally {
    server.kill('SIGKILL')
  }
}

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-'))
  const core = await createCore({ dataFile: join(dir, 'bench.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false, autoBackup: false })
  const sqlite = core.handle.sqlite
  try {
    const r = await core.router.call('campaign.create', { name: 'Bench', system: 'osr' }, { scope: 'gm' })
    if (!r.ok) throw new Error(r.error.message)
    const campaignId = (r.value as { id: number }).id
    const t0 = performance.now()
    const triggers = sqlite.prepare("select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'log_entry' and (sql like '%search_index%' or sql like '%search_pending%')").all() as { name: string; sql: string }[]
    for (const t of triggers) sqlite.exec(`drop trigger "${t.name}"`)
    sqlite.transaction(() => {
      const ch = sqlite.prepare("insert into character (campaign_id, kind, name, notes, sheet, created_at, updated_at) values (?, ?, ?, ?, ?, 't', 't')")
      for (let i = 0; i < CHARACTERS; i++) ch.run(campaignId, i < 6 ? 'pc' : 'npc', `Citizen ${i}`, `Owes ${i % 97} GP to the guild.`, JSON.stringify({ hp: 6 + (i % 5) }))
      const log = sqlite.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload, dice) values (?, ?, 't', 'osr.attack', ?, ?)")
      for (let i = 0; i < LOGS; i++) {
        log.run(campaignId, i * 6, JSON.stringify({ characterId: 1 + (i % CHARACTERS), targetName: 'a goblin', total: i % 20, hit: i % 3 === 0 }), JSON.stringify([{ sides: 20, face: 1 + (i % 20) }]))
      }
    })()
    for (const t of triggers) sqlite.exec(t.sql)
    console.log(`Seeded ${CHARACTERS.toLocaleString('en')} characters and ${LOGS.toLocaleString('en')} log entries in ${Math.round(performance.now() - t0)} ms.`)

    const g = new BenchGroup(`export a campaign of ${LOGS.toLocaleString('en')} log entries (time; memory added at the peak)`)
    const base = await measured(async () => {
      for (const row of sqlite.prepare('select * from log_entry where campaign_id = ?').iterate(campaignId)) JSON.stringify(row)
    })
    g.record(`baseline: bare SELECT of the log, each row to JSON (+${base.peakMiB.toFixed(0)} MiB)`, base.ms, 1, true)
    const open = (transfer as { openExport?: typeof transfer.openExport }).openExport
    if (open) {
      const file = join(dir, 'export.lantern.gz')
      const streamed = await measured(async () => {
        const x = open(sqlite, campaignId, new Date())
        try {
          await x.writeTo(createWriteStream(file))
        } finally {
          x.close()
        }
      })
      g.record(`export streamed to a file (${(statSync(file).size / 1048576).toFixed(0)} MiB; +${streamed.peakMiB.toFixed(0)} MiB)`, streamed.ms, 1)
    }
    const importOf = (file: string) => {
      const here = dirname(fileURLToPath(import.meta.url))
      const out = execFileSync(process.execPath, ['--import', 'tsx', join(here, 'transfer-import-child.ts'), file, dir], { encoding: 'utf8', maxBuffer: 1 << 20 })
      return JSON.parse(out.trim().split('\n').pop()!) as { ms: number; rows: number; beforeKiB: number; peakKiB: number }
    }
    const streamedFile = join(dir, 'export.lantern.gz')
    if (open) {
      const imp = importOf(streamedFile)
      const mib = (kib: number) => (kib / 1024).toFixed(0)
      g.record(`import of that file, ${imp.rows.toLocaleString('en')} rows, in a fresh process (maxRSS ${mib(imp.peakKiB)} MiB; ${mib(imp.beforeKiB)} MiB before the import)`, imp.ms, 1)
      const posted = await importIntoServer(streamedFile, dir)
      g.record(`the same file posted to Lantern's built server (its peak resident size ${mib(posted.peakKiB)} MiB; ${mib(posted.beforeKiB)} MiB before)`, posted.ms, 1)
      if (posted.indexedMs === null) console.log('  the server had not indexed the imported log for search 10 minutes after the import')
      else g.record(`  then its search indexing in the background, until nothing waits (the server's peak by then ${mib(posted.indexedPeakKiB)} MiB)`, posted.indexedMs - posted.ms, 1)
    }
    const inMemory = await measured(() => transfer.exportCampaign(sqlite, campaignId, new Date()))
    g.record(`exportCampaign, the file returned in memory (+${inMemory.peakMiB.toFixed(0)} MiB)`, inMemory.ms, 1)
    g.print()
  } finally {
    await core.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
