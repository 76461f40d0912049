/**
 * The foundation's hot paths through the real router on a real SQLite file holding 100,000 log
 * entries: campaign.create + campaign.list, and one log-entry append (log.note; again in a campaign
 * that has met 2,000 foes, which the players' gate reads). Baselines are
 * the same writes as bare better-sqlite3 prepared statements, so the ratio is the cost of
 * validation, Kysely, the transaction and the events. Each change is followed by the event loop
 * let run until what it started has finished (its events, its log's search indexing: `settle`),
 * and the fsyncs per change are counted beside it. Beside log.note, what a plugin tracker does:
 * the whole log rewritten as one JSON file (fsync'd) for each entry. Then the log is grown to
 * 1,000,000 entries and campaign.get (the campaign with the size of its log) is timed against a
 * bare count of the log, which is what it did before the log kept its tally.
 */
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore } from '../src/main/app'
import { BenchGroup, settle } from './harness'

const LOG_ENTRIES = 100_000

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-'))
  const core = await createCore({ dataFile: join(dir, 'bench.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false })
  const gm = { scope: 'gm' as const }
  const sqlite = core.handle.sqlite
  try {
    const made = await core.router.call('campaign.create', { name: 'Bench', system: 'osr' }, gm)
    if (!made.ok) throw new Error(made.error.message)
    const campaignId = (made.value as { id: number }).id
    const fill = sqlite.prepare(
      "insert into log_entry (campaign_id, game_time, real_time, kind, payload) values (?, ?, '2026-01-01T00:00:00.000Z', 'note', ?)",
    )
    sqlite.transaction(() => {
      for (let i = 0; i < LOG_ENTRIES; i++) fill.run(campaignId, i * 300, JSON.stringify({ text: `entry ${i}` }))
    })()
    console.log(`Library: ${LOG_ENTRIES.toLocaleString('en')} log entries in one campaign (synchronous = FULL, WAL).`)

    const g1 = new BenchGroup('campaign.create + campaign.list through the router')
    const rawInsert = sqlite.prepare(
      "insert into campaign (name, system, dice_seed, created_at, updated_at) values ('raw', 'osr', 'x', '2026', '2026')",
    )
    const rawList = sqlite.prepare('select * from campaign order by updated_at desc')
    await g1.add('bare better-sqlite3 insert + select', () => {
      rawInsert.run()
      rawList.all()
    }, { baseline: true, minMs: 600, fsyncCalls: 20 })
    let n = 0
    await g1.add('router: campaign.create + campaign.list', async () => {
      const c = await core.router.call('campaign.create', { name: `Campaign ${n++}`, system: 'ladder' }, gm)
      await settle(core)
      const l = await core.router.call('campaign.list', {}, gm)
      if (!c.ok || !l.ok) throw new Error('bench call failed')
    }, { minMs: 600, fsyncCalls: 20 })
    g1.print()

    const g2 = new BenchGroup(`one log-entry append, ${LOG_ENTRIES.toLocaleString('en')} entries already there`)
    const rawAppend = sqlite.prepare(
      "insert into log_entry (campaign_id, real_time, kind, payload) values (?, '2026-01-01T00:00:00.000Z', 'note', ?)",
    )
    await g2.add('bare better-sqlite3 insert (autocommit, fsync\'d)', () => rawAppend.run(campaignId, '{"text":"raw"}'), { baseline: true, minMs: 600, fsyncCalls: 50 })
    await g2.add('router: log.note (validate, transaction, log, event, search index)', async () => {
      const r = await core.router.call('log.note', { campaignId, text: 'The torch gutters.' }, gm)
      if (!r.ok) throw new Error(r.error.message)
      await settle(core)
    }, { minMs: 600, fsyncCalls: 50 })
    // A long campaign's foes met at the table, a third of them revealed: the players' gate reads what
    // it keeps of them under the campaign's version (migration 0021) instead of all of them each change.
    const other = await core.router.call('campaign.create', { name: 'A long campaign', system: 'osr' }, gm)
    if (!other.ok) throw new Error(other.error.message)
    const longId = (other.value as { id: number }).id
    const meet = sqlite.prepare("insert into players_foe (campaign_id, key, name, alias, created_at) values (?, ?, ?, 'a foe', 't')")
    const reveal = sqlite.prepare("insert into player_reveal (campaign_id, kind, ref, created_at) values (?, 'foe', ?, 't')")
    sqlite.transaction(() => {
      for (let i = 0; i < 2_000; i++) {
        meet.run(longId, `osr:${i}`, `Goblin raider ${i}`)
        if (i % 3 === 0) reveal.run(longId, `osr:${i}`)
      }
    })()
    await g2.add('router: log.note in a campaign that has met 2,000 foes at the table', async () => {
      const r = await core.router.call('log.note', { campaignId: longId, text: 'Goblin raider 17 flees; the torch gutters.' }, gm)
      if (!r.ok) throw new Error(r.error.message)
      await settle(core)
    }, { minMs: 600, fsyncCalls: 50 })
    // A plugin tracker's log: the whole log as one JSON file, rewritten and fsync'd for each entry.
    const jsonLog: Record<string, unknown>[] = (sqlite.prepare('select id, game_time, real_time, kind, payload from log_entry where campaign_id = ?').all(campaignId) as Record<string, unknown>[])
      .map((r) => ({ ...r, payload: JSON.parse(String(r.payload)) as unknown }))
    const jsonFile = join(dir, 'log.json')
    await g2.add(`rewrite a JSON file of the same log (${jsonLog.length.toLocaleString('en')} entries) and fsync`, () => {
      jsonLog.push({ id: jsonLog.length + 1, game_time: 0, real_time: new Date().toISOString(), kind: 'note', payload: { text: 'The torch gutters.' } })
      const fd = openSync(jsonFile, 'w')
      writeSync(fd, JSON.stringify(jsonLog))
      fsyncSync(fd)
      closeSync(fd)
    }, { calls: 15, fsyncCalls: 3 })
    g2.print()
    const [bare, note, , json] = g2.results
    if (bare && note && json) console.log(`log.note is ${(note.perOpMs / bare.perOpMs).toFixed(2)}× a bare fsync'd insert and ${(json.perOpMs / note.perOpMs).toFixed(0)}× faster than rewriting the JSON file.`)

    const g3 = new BenchGroup(`one page of the log (newest 100) out of ${LOG_ENTRIES.toLocaleString('en')}`)
    const rawPage = sqlite.prepare('select * from log_entry where campaign_id = ? order by id desc limit 100')
    await g3.add('bare better-sqlite3 select', () => rawPage.all(campaignId), { baseline: true, minMs: 600 })
    await g3.add('router: log.list (parse JSON payloads)', async () => {
      const r = await core.router.call('log.list', { campaignId, limit: 100 }, gm)
      if (!r.ok) throw new Error(r.error.message)
    }, { minMs: 600 })
    g3.print()

    // The log at 1,000,000 entries: campaign.get shows its size.
    const BIG = 1_000_000
    const have = (sqlite.prepare('select count(*) as n from log_entry').get() as { n: number }).n
    sqlite.transaction(() => {
      for (let i = have; i < BIG; i++) fill.run(campaignId, i * 300, JSON.stringify({ text: `entry ${i}` }))
    })()
    const g4 = new BenchGroup(`campaign.get (with the size of its log), ${BIG.toLocaleString('en')} log entries`)
    const rawCount = sqlite.prepare('select count(*) as n from log_entry where campaign_id = ?')
    await g4.add('bare better-sqlite3 count(*) of the log (what campaign.get did)', () => rawCount.get(campaignId), { baseline: true, calls: 20 })
    await g4.add('router: campaign.get', async () => {
      const r = await core.router.call('campaign.get', { id: campaignId }, gm)
      if (!r.ok) throw new Error(r.error.message)
    }, { minMs: 600 })
    g4.print()
  } finally {
    await core.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
