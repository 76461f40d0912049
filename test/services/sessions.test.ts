import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventMessage } from '../../src/shared/contract'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { failLogWrites, recordChanges, insertCharacter, rowCounts } from '../support/records'
import { all, onPostgres } from '../support/sql'

const TABLES = ['session', 'session_attendance', 'log_entry', 'search_index'] as const

let lib: TempLibrary
let core: Core
let campaignId: number
let glam: number
let ana: number
let chief: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
  glam = await insertCharacter(core, campaignId, 'pc', 'Glam')
  ana = await insertCharacter(core, campaignId, 'pc', 'Ana')
  chief = await insertCharacter(core, campaignId, 'npc', 'Brigand Chief')
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('sessions', () => {
  it('are numbered one after another, record who came, change and go, each change logged and announced', async () => {
    const heard = recordChanges(core)
    const adventure = await gm(core, 'adventure.create', { campaignId, title: 'Into the Keep' })
    const first = await gm(core, 'session.create', {
      campaignId,
      title: 'Rats!',
      realDate: '2025-03-14',
      adventureId: adventure.id,
      gameTimeStart: 8 * 3600,
      gameTimeEnd: 2 * 86400 + 14 * 3600 + 35 * 60,
      attendance: [glam, ana],
    })
    expect(first).toMatchObject({
      number: 1,
      title: 'Rats!',
      realDate: '2025-03-14',
      adventureId: adventure.id,
      gameTimeStart: 28_800,
      gameTimeEnd: 225_300,
      status: 'open',
      attendance: [
        { characterId: ana, name: 'Ana' },
        { characterId: glam, name: 'Glam' },
      ],
    })
    const second = await gm(core, 'session.create', { campaignId, title: 'The Drowned Vault' })
    expect(second.number).toBe(2)

    await gm(core, 'session.update', { id: first.id, status: 'closed', attendance: [glam] })
    await gm(core, 'session.delete', { id: second.id })
    // The number after the highest is proposed, even after a delete.
    expect((await gm(core, 'session.create', { campaignId })).number).toBe(2)

    const list = await gm(core, 'session.list', { campaignId })
    expect(list.map((s) => [s.number, s.title, s.status, s.attendance.map((a) => a.name)])).toEqual([
      [1, 'Rats!', 'closed', ['Glam']],
      [2, '', 'open', []],
    ])
    expect(await logKinds(core, campaignId)).toEqual([
      'campaign.created',
      'adventure.created',
      'session.created',
      'session.created',
      'session.updated',
      'session.deleted',
      'session.created',
    ])
    expect(heard.filter((m) => m.kind === 'session')).toHaveLength(5)
  })

  it('logs what an update changed and who came or left, and logs nothing when nothing changed', async () => {
    const s = await gm(core, 'session.create', { campaignId, title: 'Rats!', attendance: [glam] })
    await gm(core, 'session.update', { id: s.id, title: 'Rats!', attendance: [glam] })
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]?.kind).toBe('session.created')

    await gm(core, 'session.update', { id: s.id, title: 'Rats in the Junction', gameTimeStart: 3600, attendance: [ana] })
    const [updated] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(updated?.payload).toEqual({
      id: s.id,
      number: 1,
      title: 'Rats in the Junction',
      from: { title: 'Rats!', gameTimeStart: null },
      to: { title: 'Rats in the Junction', gameTimeStart: 3600 },
      came: ['Ana'],
      left: ['Glam'],
    })
  })

  it('an update changes only the fields it names', async () => {
    const s = await gm(core, 'session.create', {
      campaignId,
      title: 'Rats!',
      realDate: '2025-03-14',
      status: 'closed',
      gmNotes: 'The chief escaped.',
      attendance: [glam],
    })
    await gm(core, 'session.update', { id: s.id, gmNotes: 'The chief escaped east.' })
    const [after] = await gm(core, 'session.list', { campaignId })
    expect(after).toMatchObject({
      title: 'Rats!',
      realDate: '2025-03-14',
      status: 'closed',
      gmNotes: 'The chief escaped east.',
      attendance: [{ characterId: glam, name: 'Glam' }],
    })
  })

  it('refuses a number already taken, offering the next free one, and writes nothing', async () => {
    await gm(core, 'session.create', { campaignId, number: 1 })
    const s3 = await gm(core, 'session.create', { campaignId, number: 3 })
    const before = await rowCounts(core, TABLES)
    const clash = await refused(core, 'session.create', { campaignId, number: 3, title: 'Again' })
    expect(clash.code).toBe('conflict')
    expect(clash.message).toBe('Session 3 already exists in this campaign; choose another number (the next free one is 4). Nothing was saved.')
    expect(clash.details).toEqual([{ field: 'number', problem: 'session 3 already exists; 4 is free' }])
    expect((await refused(core, 'session.update', { id: s3.id, number: 1 })).details[0]?.field).toBe('number')
    expect(await rowCounts(core, TABLES)).toEqual(before)
    // Keeping its own number is not a clash.
    await gm(core, 'session.update', { id: s3.id, number: 3, title: 'Still three' })
  })

  it('refuses a date that is not YYYY-MM-DD or not on the calendar, naming the field, and writes nothing', async () => {
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'session.create', { campaignId, realDate: '14/03/2025' })).details).toEqual([
      { field: 'realDate', problem: 'must be a date written YYYY-MM-DD, such as 2025-03-14' },
    ])
    expect((await refused(core, 'session.create', { campaignId, realDate: '2023-02-29' })).details).toEqual([
      { field: 'realDate', problem: 'is not a day on the calendar' },
    ])
    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect((await gm(core, 'session.create', { campaignId, realDate: '2024-02-29' })).realDate).toBe('2024-02-29')
  })

  it('refuses game times that run backwards or are not whole seconds', async () => {
    const s = await gm(core, 'session.create', { campaignId, gameTimeStart: 7200 })
    const before = await rowCounts(core, TABLES)
    const backwards = await refused(core, 'session.update', { id: s.id, gameTimeEnd: 3600 })
    expect(backwards.details).toEqual([{ field: 'gameTimeEnd', problem: 'is before the start' }])
    expect(backwards.message).toContain('ends, in game time, before it starts')
    expect((await refused(core, 'session.create', { campaignId, gameTimeStart: 1.5 })).details).toEqual([
      { field: 'gameTimeStart', problem: 'must be a whole number of seconds' },
    ])
    expect((await refused(core, 'session.create', { campaignId, gameTimeStart: -60 })).details).toEqual([
      { field: 'gameTimeStart', problem: 'cannot be before the campaign began' },
    ])
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })

  it('refuses NPCs, strangers and other campaigns’ adventures, naming the field, and writes nothing', async () => {
    const other = (await gm(core, 'campaign.create', { name: 'Other', system: 'ladder' })).id
    const stranger = await insertCharacter(core, other, 'pc', 'Stranger')
    const elsewhere = await gm(core, 'adventure.create', { campaignId: other, title: 'Elsewhere' })
    const s = await gm(core, 'session.create', { campaignId, attendance: [glam] })
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'session.update', { id: s.id, attendance: [glam, chief] })).details).toEqual([
      { field: 'attendance', problem: 'Brigand Chief is an NPC; only player characters attend' },
    ])
    expect((await refused(core, 'session.create', { campaignId, attendance: [stranger] })).details).toEqual([
      { field: 'attendance', problem: `character ${stranger} is not in this campaign` },
    ])
    expect((await refused(core, 'session.create', { campaignId, adventureId: elsewhere.id })).details).toEqual([
      { field: 'adventureId', problem: 'no adventure of this campaign has this id' },
    ])
    expect((await refused(core, 'session.update', { id: 999, title: 'X' })).code).toBe('not_found')
    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect((await gm(core, 'session.list', { campaignId }))[0]?.attendance.map((a) => a.name)).toEqual(['Glam'])
  })

  it('a failure part-way leaves nothing behind and sends no event', async () => {
    const s = await gm(core, 'session.create', { campaignId, title: 'Rats!', attendance: [glam] })
    const before = await rowCounts(core, TABLES)
    const heard: EventMessage[] = []
    core.events.on((m) => heard.push(m))

    let stop = await failLogWrites(core, 'session.created')
    expect((await refused(core, 'session.create', { campaignId, title: 'Half', attendance: [glam, ana] })).code).toBe('internal')
    await stop()
    stop = await failLogWrites(core, 'session.updated')
    expect((await refused(core, 'session.update', { id: s.id, title: 'Half', attendance: [ana] })).code).toBe('internal')
    await stop()
    stop = await failLogWrites(core, 'session.deleted')
    expect((await refused(core, 'session.delete', { id: s.id })).code).toBe('internal')
    await stop()

    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect(heard).toEqual([])
    const [kept] = await gm(core, 'session.list', { campaignId })
    expect(kept).toMatchObject({ title: 'Rats!', attendance: [{ name: 'Glam' }] })
  })

  it('stay findable by their title and notes, and lose a deleted adventure without losing themselves', async () => {
    const adventure = await gm(core, 'adventure.create', { campaignId, title: 'Into the Keep' })
    const s = await gm(core, 'session.create', { campaignId, title: 'Rats!', gmNotes: 'The chief escaped east.', adventureId: adventure.id })
    // SQLite's FTS5 match; on PostgreSQL the same folded text the trigram index is built over.
    const matches = onPostgres() ? "lantern_fold(title || ' ' || body || ' ' || extra) like lantern_fold('%escaped%')" : "search_index match 'escaped'"
    const hits = await all<{ kind: string; ref_id: number }>(core, `select kind, ref_id from search_index where ${matches}`)
    expect(hits).toEqual([{ kind: 'session', ref_id: s.id }])
    await gm(core, 'adventure.delete', { id: adventure.id })
    expect((await gm(core, 'session.list', { campaignId }))[0]).toMatchObject({ title: 'Rats!', adventureId: null })
  })
})
