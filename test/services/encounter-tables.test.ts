import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventMessage } from '../../src/shared/contract'
import { rowGaps } from '../../src/shared/encounter-dice'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { failLogWrites, recordChanges, insertCharacter, rowCounts } from '../support/records'
import { all } from '../support/sql'

const TABLES = ['encounter_table', 'encounter_row', 'log_entry', 'search_index'] as const

let lib: TempLibrary
let core: Core
let campaignId: number
let chief: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  // A fixed seed: roll n of this campaign uses seededDice('sunken-keep#n'), so the faces are known.
  campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr', seed: 'sunken-keep' })).id
  chief = await insertCharacter(core, campaignId, 'npc', 'Brigand Chief')
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const denizens = () => [
  { min: 1, max: 4, text: 'with four brigands', npcId: chief },
  { min: 5, max: 12, text: 'A swarm of rats' },
  { min: 13, max: 19, text: 'Drowned dead, 1d3' },
]

describe('encounter tables', () => {
  it('are created with rows in range order, changed and deleted, each change logged and announced', async () => {
    const heard = recordChanges(core)
    const junction = await gm(core, 'location.create', { campaignId, name: 'Flooded Junction' })
    const t = await gm(core, 'encounterTable.create', {
      campaignId,
      name: 'Sewer Denizens',
      dice: ' 1D20 ',
      locationId: junction.id,
      rows: denizens().toReversed(),
    })
    expect(t.dice).toBe('1d20')
    expect(t.rows.map((r) => [r.min, r.max, r.text, r.npcName])).toEqual([
      [1, 4, 'with four brigands', 'Brigand Chief'],
      [5, 12, 'A swarm of rats', null],
      [13, 19, 'Drowned dead, 1d3', null],
    ])
    const renamed = await gm(core, 'encounterTable.update', { id: t.id, name: 'Junction Denizens', dice: '1d100' })
    expect(renamed).toMatchObject({ name: 'Junction Denizens', dice: '1d100', locationId: junction.id })
    expect(renamed.rows).toHaveLength(3) // rows not named are kept
    await gm(core, 'encounterTable.update', { id: t.id, rows: [{ min: 2, max: 20, text: 'Rats' }] })
    expect((await gm(core, 'encounterTable.get', { id: t.id })).rows.map((r) => r.text)).toEqual(['Rats'])
    await gm(core, 'encounterTable.delete', { id: t.id })
    expect(await gm(core, 'encounterTable.list', { campaignId })).toEqual([])
    expect(await logKinds(core, campaignId)).toEqual([
      'campaign.created',
      'location.created',
      'encounterTable.created',
      'encounterTable.updated',
      'encounterTable.updated',
      'encounterTable.deleted',
    ])
    expect(heard.filter((m) => m.kind === 'encounter_table')).toHaveLength(4)
    const [changed] = await gm(core, 'log.list', { campaignId, kind: 'encounterTable.updated', limit: 1 })
    expect(changed?.payload).toEqual({ id: t.id, name: 'Junction Denizens', from: {}, to: {}, rows: { from: 3, to: 1 } })
  })

  it('an update that changes nothing logs nothing', async () => {
    const t = await gm(core, 'encounterTable.create', { campaignId, name: 'Sewer Denizens', dice: '1d20', rows: denizens() })
    await gm(core, 'encounterTable.update', { id: t.id, name: 'Sewer Denizens', dice: '1d20', rows: denizens().toReversed() })
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]?.kind).toBe('encounterTable.created')
  })

  it('accepts the dice a table can use and refuses others in plain words', async () => {
    for (const dice of ['1d20', '2d6', '1d6', '1d8', '2d4', '1d100', '1d3', '1d2', '10d12']) {
      await gm(core, 'encounterTable.create', { campaignId, name: dice, dice })
    }
    const before = await rowCounts(core, TABLES)
    const problem = async (dice: string) => (await refused(core, 'encounterTable.create', { campaignId, name: 'X', dice })).details
    expect(await problem('1d7')).toEqual([{ field: 'dice', problem: 'a d7 is not a die a table can use: choose d2, d3, d4, d6, d8, d10, d12, d20, d100' }])
    expect(await problem('11d6')).toEqual([{ field: 'dice', problem: 'must roll 1 to 10 dice, not 11' }])
    expect(await problem('0d6')).toEqual([{ field: 'dice', problem: 'must roll 1 to 10 dice, not 0' }])
    expect(await problem('d20')).toEqual([{ field: 'dice', problem: 'must be dice written like 1d20, 2d6 or 1d6' }])
    expect(await problem('1d6+1')).toEqual([{ field: 'dice', problem: 'must be dice written like 1d20, 2d6 or 1d6' }])
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })

  it('refuses overlapping rows and rows outside the dice, naming each row, and writes nothing', async () => {
    const t = await gm(core, 'encounterTable.create', { campaignId, name: 'Sewer Denizens', dice: '1d20', rows: denizens() })
    const before = await rowCounts(core, TABLES)
    const overlap = await refused(core, 'encounterTable.update', {
      id: t.id,
      rows: [
        { min: 1, max: 6, text: 'Rats' },
        { min: 5, max: 21, text: 'Brigands' },
      ],
    })
    expect(overlap.code).toBe('invalid_input')
    expect(overlap.details).toEqual([
      { field: 'rows.1.max', problem: 'goes up to 21, but 1d20 rolls at most 20' },
      { field: 'rows.1.min', problem: 'overlaps row 1 on 5–6' },
    ])
    expect(overlap.message).toBe(
      'The rows do not fit the table: row 2 goes up to 21, but 1d20 rolls at most 20; row 2 overlaps row 1 on 5–6. Nothing was saved.',
    )
    expect((await refused(core, 'encounterTable.create', { campaignId, name: 'X', dice: '2d6', rows: [{ min: 1, max: 3, text: 'Rats' }] })).details).toEqual([
      { field: 'rows.0.min', problem: 'starts at 1, but 2d6 rolls at least 2' },
    ])
    expect((await refused(core, 'encounterTable.create', { campaignId, name: 'X', dice: '1d6', rows: [{ min: 4, max: 2, text: 'Rats' }] })).details).toEqual([
      { field: 'rows.0.max', problem: 'ends at 2, below where it starts (4)' },
    ])
    expect((await refused(core, 'encounterTable.create', { campaignId, name: 'X', dice: '1d6', rows: [{ min: 1, max: 2 }] })).details).toEqual([
      { field: 'rows.0.text', problem: 'a row needs text or an NPC' },
    ])
    // New dice must still fit the rows kept.
    const shrink = await refused(core, 'encounterTable.update', { id: t.id, dice: '1d6' })
    expect(shrink.details).toEqual([
      { field: 'dice', problem: 'row 2 goes up to 12, but 1d6 rolls at most 6' },
      { field: 'dice', problem: 'row 3 goes up to 19, but 1d6 rolls at most 6' },
    ])
    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect((await gm(core, 'encounterTable.get', { id: t.id })).rows).toHaveLength(3)
  })

  it('refuses a linked PC or a stranger, and a location of another campaign, naming the field', async () => {
    const glam = await insertCharacter(core, campaignId, 'pc', 'Glam')
    const other = (await gm(core, 'campaign.create', { name: 'Other', system: 'ranks' })).id
    const stranger = await insertCharacter(core, other, 'npc', 'Stranger')
    const elsewhere = await gm(core, 'location.create', { campaignId: other, name: 'Elsewhere' })
    const before = await rowCounts(core, TABLES)
    const rows = (npcId: number) => [{ min: 1, max: 3, text: 'Rats' }, { min: 4, max: 6, npcId }]
    expect((await refused(core, 'encounterTable.create', { campaignId, name: 'X', dice: '1d6', rows: rows(glam) })).details).toEqual([
      { field: 'rows.1.npcId', problem: 'links Glam, a player character, not an NPC' },
    ])
    expect((await refused(core, 'encounterTable.create', { campaignId, name: 'X', dice: '1d6', rows: rows(stranger) })).details).toEqual([
      { field: 'rows.1.npcId', problem: `links character ${stranger}, who is not in this campaign` },
    ])
    expect((await refused(core, 'encounterTable.create', { campaignId, name: 'X', dice: '1d6', locationId: elsewhere.id })).details).toEqual([
      { field: 'locationId', problem: 'no location of this campaign has this id' },
    ])
    expect((await refused(core, 'encounterTable.create', { campaignId, name: '', dice: '1d6' })).details).toEqual([
      { field: 'name', problem: 'an encounter table needs a name' },
    ])
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })

  it('a failure part-way leaves nothing behind and sends no event', async () => {
    const t = await gm(core, 'encounterTable.create', { campaignId, name: 'Sewer Denizens', dice: '1d20', rows: denizens() })
    const before = await rowCounts(core, TABLES)
    const heard: EventMessage[] = []
    core.events.on((m) => heard.push(m))
    for (const [kind, call] of [
      ['encounterTable.created', () => refused(core, 'encounterTable.create', { campaignId, name: 'Half', dice: '1d6', rows: [{ min: 1, max: 6, text: 'Rats' }] })],
      ['encounterTable.updated', () => refused(core, 'encounterTable.update', { id: t.id, name: 'Half', rows: [{ min: 1, max: 20, text: 'Rats' }] })],
      ['encounterTable.deleted', () => refused(core, 'encounterTable.delete', { id: t.id })],
      ['encounter.rolled', () => refused(core, 'encounterTable.roll', { id: t.id })],
    ] as const) {
      const stop = await failLogWrites(core, kind)
      expect((await call()).code).toBe('internal')
      await stop()
    }
    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect(heard).toEqual([])
    expect((await gm(core, 'encounterTable.get', { id: t.id })).rows.map((r) => r.text)).toEqual(denizens().map((r) => r.text))
    // The failed roll gave its dice back: the next roll is still the campaign's first (d20 = 3).
    expect((await gm(core, 'encounterTable.roll', { id: t.id })).total).toBe(3)
  })

  it('keep their rows findable by text under the table’s current name', async () => {
    const t = await gm(core, 'encounterTable.create', { campaignId, name: 'Sewer Denizens', dice: '1d20', rows: denizens() })
    await gm(core, 'encounterTable.update', { id: t.id, name: 'Junction Denizens' })
    // What FTS5's trigram match finds on SQLite: the text in any of the three columns, in any case.
    const hits = await all(core, "select kind, title from search_index where lower(title || ' ' || body || ' ' || extra) like ?", '%rats%')
    expect(hits).toEqual([{ kind: 'encounter_row', title: 'Junction Denizens' }])
  })
})

describe('a roll on an encounter table', () => {
  it('rolls the campaign dice, finds the row, and logs every face with the row (GM only)', async () => {
    const t = await gm(core, 'encounterTable.create', { campaignId, name: 'Sewer Denizens', dice: '1d20', rows: denizens() })
    const roll = await gm(core, 'encounterTable.roll', { id: t.id, gameTime: 52_500 })
    // seededDice('sunken-keep#1').roll(20) is 3: rows 1–4, the Brigand Chief.
    expect(roll).toMatchObject({
      tableId: t.id,
      tableName: 'Sewer Denizens',
      dice: '1d20',
      faces: [{ sides: 20, face: 3 }],
      values: [3],
      total: 3,
      row: { min: 1, max: 4, text: 'with four brigands', npcId: chief, npcName: 'Brigand Chief' },
    })
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry).toMatchObject({
      id: roll.logEntryId,
      kind: 'encounter.rolled',
      gameTime: 52_500,
      gmOnly: true,
      dice: [{ sides: 20, face: 3 }],
      payload: { tableId: t.id, table: 'Sewer Denizens', dice: '1d20', total: 3, range: '1–4', text: 'with four brigands', npc: 'Brigand Chief' },
    })
  })

  it('says plainly when the total falls in a gap', async () => {
    const t = await gm(core, 'encounterTable.create', { campaignId, name: 'Sewer Denizens', dice: '1d20', rows: denizens() })
    await gm(core, 'encounterTable.roll', { id: t.id }) // roll 1: 3
    const gap = await gm(core, 'encounterTable.roll', { id: t.id }) // roll 2: 20, no row covers it
    expect(gap).toMatchObject({ faces: [{ sides: 20, face: 20 }], total: 20, row: null })
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry?.payload).toMatchObject({ total: 20, range: null, text: null, npc: null })
  })

  it('adds several dice, and rolls a d3 on a d6 (DICE-1), logging the d6 face', async () => {
    const twoD6 = await gm(core, 'encounterTable.create', { campaignId, name: 'Road', dice: '2d6', rows: [{ min: 2, max: 5, text: 'Pilgrims' }, { min: 6, max: 12, text: 'Nothing' }] })
    const d3 = await gm(core, 'encounterTable.create', { campaignId, name: 'Drowned dead', dice: '1d3', rows: [{ min: 1, max: 1, text: 'One' }, { min: 2, max: 2, text: 'Two' }, { min: 3, max: 3, text: 'Three' }] })
    await gm(core, 'encounterTable.roll', { id: twoD6.id }) // roll 1
    await gm(core, 'encounterTable.roll', { id: twoD6.id }) // roll 2
    // Roll 3 of 'sunken-keep' throws d6 faces 1 and 3.
    expect(await gm(core, 'encounterTable.roll', { id: twoD6.id })).toMatchObject({
      faces: [{ sides: 6, face: 1 }, { sides: 6, face: 3 }],
      values: [1, 3],
      total: 4,
      row: { text: 'Pilgrims' },
    })
    // Roll 4 throws a d6 showing 4: ⌈4 / 2⌉ = 2 on the d3.
    const r = await gm(core, 'encounterTable.roll', { id: d3.id })
    expect(r).toMatchObject({ faces: [{ sides: 6, face: 4 }], values: [2], total: 2, row: { text: 'Two' } })
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]?.dice).toEqual([{ sides: 6, face: 4 }])
  })

  it('refuses a session of another campaign and an unknown table, rolling nothing', async () => {
    const t = await gm(core, 'encounterTable.create', { campaignId, name: 'Sewer Denizens', dice: '1d20', rows: denizens() })
    const other = (await gm(core, 'campaign.create', { name: 'Other', system: 'osr' })).id
    const s = await gm(core, 'session.create', { campaignId: other })
    const before = await rowCounts(core, [...TABLES, 'campaign'])
    expect((await refused(core, 'encounterTable.roll', { id: t.id, sessionId: s.id })).details).toEqual([
      { field: 'sessionId', problem: 'no session of this campaign has this id' },
    ])
    expect((await refused(core, 'encounterTable.roll', { id: 999 })).code).toBe('not_found')
    expect(await rowCounts(core, [...TABLES, 'campaign'])).toEqual(before)
    expect((await gm(core, 'encounterTable.roll', { id: t.id })).total).toBe(3) // still the first roll
  })
})

describe('gaps between rows', () => {
  it('are the totals the dice can roll that no row covers', () => {
    expect(rowGaps({ count: 1, sides: 20 }, denizens())).toEqual([{ min: 20, max: 20 }])
    expect(rowGaps({ count: 2, sides: 6 }, [{ min: 4, max: 6 }, { min: 9, max: 10 }])).toEqual([
      { min: 2, max: 3 },
      { min: 7, max: 8 },
      { min: 11, max: 12 },
    ])
    expect(rowGaps({ count: 1, sides: 6 }, [])).toEqual([{ min: 1, max: 6 }])
    expect(rowGaps({ count: 1, sides: 6 }, [{ min: 1, max: 6 }])).toEqual([])
  })
})
