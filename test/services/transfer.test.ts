import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { exportCampaign, importCampaign, TRANSFER_VERSION } from '../../src/main/services/transfer'
import { campaignTables } from '../../src/main/services/transfer/tables'
import { AppError } from '../../src/main/services/core/errors'
import { gm } from '../support/calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { fileLines, seedCampaign } from './transfer-support'
import { everyTableCount } from '../support/records'

const NOW = new Date('2025-04-02T08:00:00.000Z')
let libA: TempLibrary, libB: TempLibrary
let a: Core, b: Core

beforeEach(async () => {
  libA = tempLibrary()
  libB = tempLibrary()
  a = await libA.open()
  b = await libB.open()
})
afterEach(async () => {
  await a.close()
  await b.close()
  libA.cleanup()
  libB.cleanup()
})

/** Rows of a file, with what an import may change set aside: the export time and the campaign's "last changed". */
function comparable(data: Buffer): unknown[] {
  const [header, ...rest] = fileLines(data) as [Record<string, unknown>, ...unknown[]]
  return [{ ...header, exportedAt: '(ignored)' }, ...rest.map((l) => (Array.isArray(l) && l[0] === 'campaign' ? ['campaign', { ...l[1], updated_at: '(ignored)' }] : l))]
}

async function refusal(core: Core, data: Buffer): Promise<string> {
  const before = await everyTableCount(core)
  const err = await importCampaign(core.handle.sqlite, data, NOW).then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  expect(await everyTableCount(core)).toEqual(before)
  expect((err as AppError).message).toContain('Nothing was imported')
  return (err as AppError).message
}

describe('campaign export and import', () => {
  it('round-trips a campaign through a fresh library: the second export equals the first', async () => {
    await gm(a, 'campaign.create', { name: 'Another table', system: 'osr' }) // ids in A do not start at 1
    const id = await seedCampaign(a)
    const first = await exportCampaign(a.handle.sqlite, id, NOW)
    expect(first.fileName).toBe('The-Sunken-Keep-2025-04-02.lantern.gz')

    await gm(b, 'campaign.create', { name: 'Already here', system: 'ladder' })
    const imported = await importCampaign(b.handle.sqlite, first.data, NOW)
    expect(imported).toMatchObject({ name: 'The Sunken Keep', system: 'lode', rows: first.rows })
    const second = await exportCampaign(b.handle.sqlite, imported.campaignId, NOW)
    expect(comparable(second.data)).toEqual(comparable(first.data))

    // Every campaign table is in the file but the search index.
    const header = fileLines(first.data)[0] as { version: number; counts: Record<string, number> }
    expect(header.version).toBe(TRANSFER_VERSION)
    expect(Object.keys(header.counts)).toEqual(campaignTables(a.handle.sqlite).map((t) => t.name))
    expect(Object.keys(header.counts)).not.toContain('search_index')
    for (const t of ['setting', 'session_attendance', 'inventory_item', 'encounter_row', 'ledger_entry', 'injury', 'clock', 'clock_step', 'lode_roll', 'lode_scene', 'challenge_step']) {
      expect(header.counts[t], t).toBeGreaterThan(0)
    }
  })

  it('points every link of the imported campaign at its own new rows, in columns and in JSON', async () => {
    await gm(b, 'campaign.create', { name: 'Already here', system: 'ladder' })
    await seedCampaign(b, 'Filler') // B already uses the low ids
    const id = await seedCampaign(a)
    const { campaignId } = await importCampaign(b.handle.sqlite, (await exportCampaign(a.handle.sqlite, id, NOW)).data, NOW)
    const s = b.handle.sqlite
    const one = <T>(q: string, ...p: unknown[]) => s.prepare(q).get(...p) as T
    const mara = one<{ id: number }>("select id from character where campaign_id = ? and name like 'Mara%'", campaignId).id
    const keep = one<{ id: number }>("select id from location where campaign_id = ? and name = 'Keep'", campaignId).id
    expect(one<{ parent_id: number }>("select parent_id from location where campaign_id = ? and name = 'Cell'", campaignId).parent_id).toBe(keep)
    const torch = one<{ id: number; character_id: number }>("select i.id, i.character_id from inventory_item i join character c on c.id = i.character_id where c.campaign_id = ?", campaignId)
    expect(torch.character_id).toBe(mara)
    const log = one<{ id: number; payload: string; session_id: number }>("select id, payload, session_id from log_entry where campaign_id = ? and kind = 'lode.pool'", campaignId)
    expect(JSON.parse(log.payload)).toMatchObject({ characterId: mara, text: 'Mara *rolls*' })
    expect(one<{ campaign_id: number }>('select campaign_id from session where id = ?', log.session_id).campaign_id).toBe(campaignId)
    const step = one<{ rows: string; first_log_id: number }>('select rows, first_log_id from clock_step where campaign_id = ?', campaignId)
    expect(step.first_log_id).toBe(log.id)
    const rows = JSON.parse(step.rows) as { table: string; id: number; after: { id: number; character_id: number } }[]
    expect(rows[0]).toMatchObject({ table: 'inventory_item', id: torch.id, after: { id: torch.id, character_id: mara } })
    expect(JSON.parse(one<{ kept_by: string }>('select kept_by from lode_scene where campaign_id = ?', campaignId).kept_by)).toEqual([mara])
    expect(JSON.parse(one<{ state: string }>('select state from clock where campaign_id = ?', campaignId).state)).toMatchObject({ partyLocationId: keep })
    // The search index is rebuilt by the library's own triggers.
    const hits = await gm(b, 'search.query', { campaignId, text: 'goblin' })
    expect(JSON.stringify(hits)).toContain('Grik the goblin')
    // The dice carry on where they were.
    expect(one<{ dice_seed: string }>('select dice_seed from campaign where id = ?', campaignId).dice_seed).toBe('keep')
  })

  it('names the import "(imported)" when the library already has a campaign of that name', async () => {
    const id = await seedCampaign(a)
    const file = (await exportCampaign(a.handle.sqlite, id, NOW)).data
    expect((await importCampaign(a.handle.sqlite, file, NOW)).name).toBe('The Sunken Keep (imported)')
    expect((await importCampaign(a.handle.sqlite, file, NOW)).name).toBe('The Sunken Keep (imported 2)')
    expect(new Set((await gm(a, 'campaign.list', {})).map((c) => c.name))).toEqual(new Set(['The Sunken Keep', 'The Sunken Keep (imported)', 'The Sunken Keep (imported 2)']))
  })

  it('refuses damaged and foreign files with a clear message and changes nothing', async () => {
    await seedCampaign(b, 'Already here')
    const id = await seedCampaign(a)
    const good = (await exportCampaign(a.handle.sqlite, id, NOW)).data
    const text = fileLines(good).map((l) => JSON.stringify(l))
    const pack = (lines: string[]) => gzipSync(lines.join('\n') + '\n')

    expect(await refusal(b, Buffer.from('name,system\nKeep,osr\n'))).toMatch(/not a Lantern campaign file \(it is not gzip/)
    expect(await refusal(b, good.subarray(0, Math.floor(good.length / 2)))).toMatch(/damaged: its compressed data could not be read/)
    expect(await refusal(b, gzipSync('{"format":"lantern.campaign","version":1,'))).toMatch(/line 1 is not valid JSON/)
    expect(await refusal(b, gzipSync(JSON.stringify({ hello: 'world' })))).toMatch(/first line does not say lantern.campaign/)
    const header = JSON.parse(text[0]!) as Record<string, unknown>
    expect(await refusal(b, pack([JSON.stringify({ ...header, version: 99 }), ...text.slice(1)]))).toMatch(/format version 99; this Lantern reads version 1/)
    expect(await refusal(b, pack(text.slice(0, -1)))).toMatch(/cut short/)
    expect(await refusal(b, pack([...text.slice(0, 2), '["dragon_hoard",{"id":1}]', ...text.slice(2)]))).toMatch(/rows of "dragon_hoard"/)
    // A row that breaks a rule of the library: a character that is neither PC nor NPC.
    const broken = text.map((l) => (l.startsWith('["character"') ? l.replace('"kind":"npc"', '"kind":"dragon"') : l))
    expect(await refusal(b, pack(broken))).toMatch(/\(character\) breaks a rule of the library: CHECK constraint failed/)
    // A row pointing at a row the file does not hold: refused at the end, the whole import undone.
    const orphan = text.map((l) => (l.startsWith('["inventory_item"') ? l.replace(/"character_id":\d+/, '"character_id":999') : l))
    expect(await refusal(b, pack(orphan))).toMatch(/point at character rows the file does not hold/)
    // And the good file still goes in afterwards.
    expect((await importCampaign(b.handle.sqlite, good, NOW)).name).toBe('The Sunken Keep')
  })
})
