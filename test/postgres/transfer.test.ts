/**
 * Campaign files between SQLite and PostgreSQL libraries: a campaign played through the API on a
 * SQLite library goes to PostgreSQL and back, and from one PostgreSQL library to another, reading
 * the same at every stop (its records, log, balances and search), with the file itself the same
 * whichever library wrote it. Runs in the PostgreSQL run only:
 * `npx vitest run -c vitest.postgres.config.mts test/postgres/transfer.test.ts`
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { exportCampaign, importCampaign, openCampaignExport } from '../../src/main/services/transfer'
import { AppError } from '../../src/main/services/core/errors'
import { gm } from '../support/calls'
import { value } from '../support/sql'
import { tempLibrary } from '../support/temp-library'
import { migrations } from '../../src/main/db/migrations'
import { pgMigrations } from '../../src/main/db/pg-migrations'
import { sqliteSchemaName } from '../../src/main/services/transfer/schema-version'
import { fileLines, sinkChangingOnce } from '../services/transfer-support'
import { crowd, playCampaign, readCampaign, sameFile } from './transfer-support'
import { everyTableCount } from '../support/records'

const NOW = new Date('2025-04-02T08:00:00.000Z')
const server = inject('postgres')
const opened: Core[] = []
const dirs: string[] = []

async function sqliteLibrary(): Promise<Core> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-pg-transfer-'))
  dirs.push(dir)
  const core = await createCore({ dataFile: join(dir, 'x.sqlite'), mode: 'browser', version: 'test' })
  opened.push(core)
  return core
}

async function postgresLibrary(): Promise<Core> {
  const core = await tempLibrary().open()
  expect(core.handle.dialect).toBe('postgres')
  opened.push(core)
  return core
}

afterAll(async () => {
  for (const core of opened) await core.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(!server)('campaign files between SQLite and PostgreSQL', () => {
  it('names every PostgreSQL migration as the SQLite migration that leaves the same schema', () => {
    expect(sqliteSchemaName('0001-initial')).toBe('0016-log-search-queue')
    for (const name of Object.keys(pgMigrations)) expect(Object.keys(migrations)).toContain(sqliteSchemaName(name))
  })

  it('goes SQLite → PostgreSQL → SQLite reading the same at every stop, and new rows on PostgreSQL get fresh ids', async () => {
    const a = await sqliteLibrary()
    const b = await postgresLibrary()
    const c = await sqliteLibrary()
    await crowd(a, 'Elsewhere')
    const id = await playCampaign(a)
    const original = await readCampaign(a, id)

    const first = await exportCampaign(a.handle, id, NOW)
    // The file names SQLite's newest migration; PostgreSQL's file names the same one (below).
    const newest = Object.keys(migrations).sort().at(-1)
    expect((fileLines(first.data)[0] as { schema: string }).schema).toBe(newest)

    await crowd(b, 'Already here')
    const onPg = await importCampaign(b.handle, first.data, NOW)
    expect(onPg).toMatchObject({ name: 'The Sunken Keep', system: 'osr', rows: first.rows })
    expect(await readCampaign(b, onPg.campaignId)).toEqual(original)

    // PostgreSQL's file is SQLite's: the same schema named, the same rows.
    const second = await exportCampaign(b.handle, onPg.campaignId, NOW)
    expect((fileLines(second.data)[0] as { schema: string }).schema).toBe(newest)
    sameFile(second.data, first.data)

    await crowd(c, 'Third table')
    const back = await importCampaign(c.handle, second.data, NOW)
    expect(await readCampaign(c, back.campaignId)).toEqual(original)
    sameFile((await exportCampaign(c.handle, back.campaignId, NOW)).data, first.data)

    // Rows made on PostgreSQL after the import take ids past every imported one.
    const most = async (table: string) => Number(await value(b, `select max(id) from ${table}`))
    const before = { character: await most('character'), location: await most('location'), log_entry: await most('log_entry'), ledger_entry: await most('ledger_entry'), inventory_item: await most('inventory_item') }
    const campaignId = onPg.campaignId
    const pc = await gm(b, 'character.create', { campaignId, kind: 'npc', name: 'Newcomer', sheet: { h: 3, maxH: 3 } })
    const place = await gm(b, 'location.create', { campaignId, name: 'New wing' })
    const note = await gm(b, 'log.note', { campaignId, text: 'After the move' })
    const coin = await gm(b, 'ledger.earn', { campaignId, characterId: pc.id, currency: 'gold', amount: 3, reason: 'welcome' })
    const rope = await gm(b, 'inventory.add', { characterId: pc.id, name: 'Rope', kind: 'other', quantity: 1 })
    expect(pc.id).toBeGreaterThan(before.character)
    expect(place.id).toBeGreaterThan(before.location)
    expect(note.id).toBeGreaterThan(before.log_entry)
    expect(coin.id).toBeGreaterThan(before.ledger_entry)
    expect(rope.id).toBeGreaterThan(before.inventory_item)
    expect((await gm(b, 'search.query', { campaignId, text: 'Newcomer' })).length).toBeGreaterThan(0)
  })

  it('goes from one PostgreSQL library to another, the same in both', async () => {
    const a = await postgresLibrary()
    const b = await postgresLibrary()
    await crowd(a, 'Elsewhere')
    const id = await playCampaign(a)
    const original = await readCampaign(a, id)
    const file = await exportCampaign(a.handle, id, NOW)
    await crowd(b, 'Already here')
    await crowd(b, 'And another')
    const moved = await importCampaign(b.handle, file.data, NOW)
    expect(await readCampaign(b, moved.campaignId)).toEqual(original)
    sameFile((await exportCampaign(b.handle, moved.campaignId, NOW)).data, file.data)
    // Into the library it came from, beside itself.
    const again = await importCampaign(a.handle, file.data, NOW)
    expect(again.name).toBe('The Sunken Keep (imported)')
    expect(await readCampaign(a, again.campaignId)).toEqual({ ...original, name: 'The Sunken Keep (imported)' })
  })

  // 12,000 entries and 5,001 rooms exported and imported: on a loaded 2-core machine this outlasts the default 30 s.
  it('streams a big campaign a batch at a time from one moment, and imports it a batch at a time', { timeout: 120_000 }, async () => {
    const a = await postgresLibrary()
    const id = await playCampaign(a)
    await a.deps.db.transaction().execute(async (trx) => {
      await sql`insert into log_entry (campaign_id, game_time, real_time, kind, payload)
        select ${id}, g, 't', 'note', json_build_object('text', 'The lantern flickers, ' || g)::text from generate_series(1, 12000) g`.execute(trx)
      // More rooms than one insert writes, the first inside the last: its link is set once the last is in.
      await sql`insert into location (campaign_id, name, created_at, updated_at)
        select ${id}, 'Room ' || g, 't', 't' from generate_series(1, 5001) g`.execute(trx)
      await sql`update location set parent_id = (select id from location where campaign_id = ${id} and name = 'Room 5001')
        where campaign_id = ${id} and name = 'Room 1'`.execute(trx)
    })
    const logs = Number(await value(a, 'select count(*) from log_entry where campaign_id = ?', id))
    const x = await openCampaignExport(a.handle, id, NOW)
    const parts: Buffer[] = []
    const seen: number[] = []
    // A change in the middle of the export: the file holds the campaign as it was when it began.
    const sink = sinkChangingOnce(parts, () => gm(a, 'log.note', { campaignId: id, text: 'Written while the file was being made' }))
    try {
      await x.writeTo(sink, { onProgress: (done, total) => seen.push(done / total) })
    } finally {
      await x.close()
    }
    expect(seen.length).toBeGreaterThan(2)
    expect(seen.at(-1)).toBe(1)
    const data = Buffer.concat(parts)
    const lines = fileLines(data) as unknown[][]
    expect(lines.filter((l) => Array.isArray(l) && l[0] === 'log_entry')).toHaveLength(logs)
    expect(Number(await value(a, 'select count(*) from log_entry where campaign_id = ?', id))).toBe(logs + 1)

    // Stopped half-way, an import leaves the library as it was.
    const b = await postgresLibrary()
    const before = await everyTableCount(b)

    // A bad line after thousands of good ones: refused before any row is written (no progress told).
    const text = lines.map((l) => JSON.stringify(l))
    const late = gzipSync([...text.slice(0, -1), '["log_entry",{"id":', text.at(-1)!].join('\n') + '\n')
    const told: number[] = []
    const bad = await importCampaign(b.handle, late, NOW, { onProgress: (done) => told.push(done) }).then(() => null, (e: unknown) => e)
    expect((bad as AppError).message).toMatch(new RegExp(`line ${text.length} is not valid JSON\\. Nothing was imported`))
    expect(told).toEqual([])
    expect(await everyTableCount(b)).toEqual(before)

    const stop = new AbortController()
    const progress: number[] = []
    const err = await importCampaign(b.handle, data, NOW, {
      signal: stop.signal,
      onProgress: (done) => {
        progress.push(done)
        if (done > 6000) stop.abort()
      },
    }).then(() => null, (e: unknown) => e)
    expect((err as AppError).message).toBe('The import was stopped; nothing was imported.')
    expect(await everyTableCount(b)).toEqual(before)
    expect(progress.length).toBeGreaterThan(1)

    // Off for the import's own transaction only: the log's tally trigger is on after a stop.
    const tallyTrigger = () => value<string>(b, "select tgenabled from pg_trigger where tgname = 'log_tally_insert'")
    expect(await tallyTrigger()).toBe('O')

    // A GM's note made while the import writes waits for it (the writer lock), and comes after it.
    const other = (await gm(b, 'campaign.create', { name: 'Meanwhile', system: 'osr' })).id
    let note: Promise<{ id: number }> | null = null
    const whole = await importCampaign(b.handle, data, NOW, {
      db: b.deps.db,
      onProgress: () => void (note ??= gm(b, 'log.note', { campaignId: other, text: 'Written during the import' })),
    })
    const written = await note!
    expect(written.id).toBeGreaterThan(Number(await value(b, 'select max(id) from log_entry where campaign_id = ?', whole.campaignId)))
    expect(await tallyTrigger()).toBe('O')
    expect((await gm(b, 'campaign.get', { id: whole.campaignId })).logCount).toBe(logs)
    const rooms = await gm(b, 'location.list', { campaignId: whole.campaignId })
    const room = (name: string) => rooms.find((l) => l.name === name)!
    expect(room('Room 1').parentId).toBe(room('Room 5001').id)
    expect(room('Room 1').id).toBeLessThan(room('Room 5001').id)
    expect((await gm(b, 'campaign.get', { id: other })).logCount).toBe(Number(await value(b, 'select count(*) from log_entry where campaign_id = ?', other)))
    expect(await gm(b, 'search.query', { campaignId: whole.campaignId, text: 'flickers, 11999', kinds: ['log_entry'] })).toHaveLength(1)
    sameFile((await exportCampaign(b.handle, whole.campaignId, NOW)).data, data)
  })

  it('refuses a damaged file on PostgreSQL with a clear message, and writes nothing', async () => {
    const a = await sqliteLibrary()
    const b = await postgresLibrary()
    const id = await playCampaign(a)
    const good = (await exportCampaign(a.handle, id, NOW)).data
    const text = fileLines(good).map((l) => JSON.stringify(l))
    const pack = (lines: string[]) => gzipSync(lines.join('\n') + '\n')
    const refusal = async (data: Buffer): Promise<string> => {
      const before = await everyTableCount(b)
      const err = await importCampaign(b.handle, data, NOW).then(() => null, (e: unknown) => e)
      expect(err).toBeInstanceOf(AppError)
      expect(await everyTableCount(b)).toEqual(before)
      expect((err as AppError).message).toContain('Nothing was imported')
      return (err as AppError).message
    }
    const broken = text.map((l) => (l.startsWith('["character"') ? l.replace('"kind":"npc"', '"kind":"dragon"') : l))
    expect(await refusal(pack(broken))).toMatch(/\(character\) breaks a rule of the library: .*check constraint/)
    const orphan = text.map((l) => (l.startsWith('["inventory_item"') ? l.replace(/"character_id":\d+/, '"character_id":999') : l))
    expect(await refusal(pack(orphan))).toMatch(/row\(s\) of inventory_item point at character rows the file does not hold/)
    expect(await refusal(pack(text.slice(0, -1)))).toMatch(/cut short/)
    expect((await importCampaign(b.handle, good, NOW)).name).toBe('The Sunken Keep')
  })
})
