/**
 * Campaign export and import at size (issue 10), on a real SQLite file: a campaign with 10,000
 * characters and 100,000 log entries (with payloads and dice, as play writes them).
 * - export: read every row, renumber ids, JSON Lines, gzip;
 * - import: gunzip, parse and check every line, write it all in one transaction (search index
 *   rebuilt by its triggers) into a second library;
 * - library backup: the online backup of the same library, as the backup service takes it.
 * Baselines: a bare `sqlite.backup()` of the same library, and a bare SELECT of the same rows.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore } from '../src/main/app'
import { createBackup } from '../src/main/services/backup'
import { exportCampaign, importCampaign } from '../src/main/services/transfer'
import { BenchGroup } from './harness'

const CHARACTERS = 10_000
const LOGS = 100_000

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-'))
  const opts = { mode: 'browser' as const, version: 'bench', checkOutputs: false, autoBackup: false }
  const core = await createCore({ dataFile: join(dir, 'a', 'bench.sqlite'), ...opts })
  const target = await createCore({ dataFile: join(dir, 'b', 'bench.sqlite'), ...opts })
  const sqlite = core.handle.sqlite
  try {
    const r = await core.router.call('campaign.create', { name: 'Bench', system: 'osr' }, { scope: 'gm' })
    if (!r.ok) throw new Error(r.error.message)
    const campaignId = (r.value as { id: number }).id
    const t0 = performance.now()
    sqlite.transaction(() => {
      const ch = sqlite.prepare("insert into character (campaign_id, kind, name, notes, tags, sheet, created_at, updated_at) values (?, ?, ?, ?, '[\"guild\"]', ?, 't', 't')")
      for (let i = 0; i < CHARACTERS; i++) {
        ch.run(campaignId, i < 6 ? 'pc' : 'npc', `Citizen ${i}`, `Owes ${i % 97} GP to the guild.`, JSON.stringify({ hp: 6 + (i % 5), level: 1 + (i % 3) }))
      }
      const log = sqlite.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload, dice) values (?, ?, 't', 'osr.attack', ?, ?)")
      for (let i = 0; i < LOGS; i++) {
        log.run(campaignId, i * 6, JSON.stringify({ characterId: 1 + (i % CHARACTERS), targetName: 'a goblin', total: i % 20, hit: i % 3 === 0 }), JSON.stringify([{ sides: 20, face: 1 + (i % 20) }]))
      }
    })()
    console.log(`Seeded ${CHARACTERS.toLocaleString()} characters and ${LOGS.toLocaleString()} log entries in ${Math.round(performance.now() - t0)} ms.`)

    const { data } = await exportCampaign(sqlite, campaignId, new Date())
    console.log(`Campaign file: ${(data.length / 1048576).toFixed(1)} MiB gzip-compressed.`)

    const g = new BenchGroup(`Campaign export/import: ${CHARACTERS.toLocaleString()} characters, ${LOGS.toLocaleString()} log entries`)
    let n = 0
    await g.add('baseline: bare sqlite.backup() of the library', () => sqlite.backup(join(dir, `bare-${n++}.sqlite`)), { baseline: true, calls: 3 })
    await g.add('baseline: bare SELECT of the campaign rows', () => {
      sqlite.prepare('select * from character where campaign_id = ?').all(campaignId)
      sqlite.prepare('select * from log_entry where campaign_id = ?').all(campaignId)
    }, { calls: 5 })
    await g.add('library backup (backup service, one file)', () => createBackup(core.library), { calls: 3 })
    await g.add('export campaign (gzip JSON Lines)', () => exportCampaign(sqlite, campaignId, new Date()), { calls: 3 })
    await g.add('import campaign (one transaction, into another library)', () => importCampaign(target.handle.sqlite, data, new Date()), { calls: 3 })
    g.print()
  } finally {
    await core.close()
    await target.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
