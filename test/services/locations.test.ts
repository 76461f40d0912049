import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventMessage } from '../../src/shared/contract'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { failLogWrites, recordChanges, rowCounts } from '../support/records'

const TABLES = ['location', 'encounter_table', 'log_entry', 'search_index'] as const

let lib: TempLibrary
let core: Core
let campaignId: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

/** The tree as "name > child" paths, to compare at a glance. */
async function paths(): Promise<string[]> {
  const all = await gm(core, 'location.list', { campaignId })
  const byId = new Map(all.map((l) => [l.id, l]))
  const path = (id: number | null): string => {
    const l = id === null ? undefined : byId.get(id)
    return l ? (l.parentId === null ? l.name : `${path(l.parentId)} > ${l.name}`) : ''
  }
  return all.map((l) => path(l.id)).sort()
}

describe('locations', () => {
  it('nest, change and are deleted, each change logged and announced', async () => {
    const heard = recordChanges(core)
    const hills = await gm(core, 'location.create', { campaignId, name: 'Brigand Hills', kind: 'open', description: 'Gorse and scree.' })
    const keep = await gm(core, 'location.create', { campaignId, name: 'Sunken Keep', parentId: hills.id })
    const junction = await gm(core, 'location.create', { campaignId, name: 'Flooded Junction', parentId: keep.id })
    expect(keep).toMatchObject({ kind: 'enclosed', description: '', parentId: hills.id })
    expect(hills.kind).toBe('open')
    expect(await paths()).toEqual(['Brigand Hills', 'Brigand Hills > Sunken Keep', 'Brigand Hills > Sunken Keep > Flooded Junction'])

    await gm(core, 'location.update', { id: junction.id, description: 'Knee-deep black water.', parentId: hills.id })
    await gm(core, 'location.update', { id: keep.id, parentId: null })
    expect(await paths()).toEqual(['Brigand Hills', 'Brigand Hills > Flooded Junction', 'Sunken Keep'])
    await gm(core, 'location.delete', { id: keep.id })
    expect(await paths()).toEqual(['Brigand Hills', 'Brigand Hills > Flooded Junction'])

    expect(await logKinds(core, campaignId)).toEqual([
      'campaign.created',
      'location.created',
      'location.created',
      'location.created',
      'location.updated',
      'location.updated',
      'location.deleted',
    ])
    expect(heard).toHaveLength(6)
    const [updated] = await gm(core, 'log.list', { campaignId, kind: 'location.updated', limit: 1 })
    expect(updated?.payload).toEqual({ id: keep.id, name: 'Sunken Keep', from: { parentId: hills.id }, to: { parentId: null }, movedInto: null })
    const [moved] = await gm(core, 'log.list', { campaignId, kind: 'location.updated', limit: 2 }).then((l) => l.slice(1))
    expect(moved?.payload).toMatchObject({ name: 'Flooded Junction', to: { parentId: hills.id }, movedInto: 'Brigand Hills' })
  })

  it('an update changes only the fields it names, and logs nothing when nothing changed', async () => {
    const l = await gm(core, 'location.create', { campaignId, name: 'Flooded Junction', kind: 'open', description: 'Knee-deep water.' })
    await gm(core, 'location.update', { id: l.id, name: 'Flooded Junction' })
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]?.kind).toBe('location.created')
    await gm(core, 'location.update', { id: l.id, name: 'The Junction' })
    const [after] = await gm(core, 'location.list', { campaignId })
    expect(after).toMatchObject({ name: 'The Junction', kind: 'open', description: 'Knee-deep water.', parentId: null })
  })

  it('refuses to put a place inside itself or inside anything inside it, and writes nothing', async () => {
    const hills = await gm(core, 'location.create', { campaignId, name: 'Brigand Hills', kind: 'open' })
    const keep = await gm(core, 'location.create', { campaignId, name: 'Sunken Keep', parentId: hills.id })
    const junction = await gm(core, 'location.create', { campaignId, name: 'Flooded Junction', parentId: keep.id })
    const before = await rowCounts(core, TABLES)

    const itself = await refused(core, 'location.update', { id: keep.id, parentId: keep.id })
    expect(itself.details).toEqual([{ field: 'parentId', problem: 'would put “Sunken Keep” inside itself' }])
    const loop = await refused(core, 'location.update', { id: hills.id, parentId: junction.id })
    expect(loop.message).toBe(
      '“Brigand Hills” cannot be inside “Flooded Junction”, which is already inside it. Choose another place. Nothing was saved.',
    )
    expect(loop.details).toEqual([{ field: 'parentId', problem: 'would put “Brigand Hills” inside “Flooded Junction”, which is already inside it' }])
    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect(await paths()).toEqual(['Brigand Hills', 'Brigand Hills > Sunken Keep', 'Brigand Hills > Sunken Keep > Flooded Junction'])
  })

  it('refuses a nameless place, an unknown kind, or a parent from another campaign, naming the field', async () => {
    const other = (await gm(core, 'campaign.create', { name: 'Other', system: 'lode' })).id
    const elsewhere = await gm(core, 'location.create', { campaignId: other, name: 'Elsewhere' })
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'location.create', { campaignId, name: ' ' })).details).toEqual([{ field: 'name', problem: 'a location needs a name' }])
    expect((await refused(core, 'location.create', { campaignId, name: 'Cave', kind: 'dark' })).details).toEqual([
      { field: 'kind', problem: 'must be open or enclosed' },
    ])
    expect((await refused(core, 'location.create', { campaignId, name: 'Cave', parentId: elsewhere.id })).details).toEqual([
      { field: 'parentId', problem: 'no location of this campaign has this id' },
    ])
    expect((await refused(core, 'location.delete', { id: 999 })).code).toBe('not_found')
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })

  it('deleting a parent keeps its children, moved up to its own parent, and unplaces its tables', async () => {
    const hills = await gm(core, 'location.create', { campaignId, name: 'Brigand Hills', kind: 'open' })
    const keep = await gm(core, 'location.create', { campaignId, name: 'Sunken Keep', parentId: hills.id })
    await gm(core, 'location.create', { campaignId, name: 'Gatehouse', parentId: keep.id })
    await gm(core, 'location.create', { campaignId, name: 'Cellars', parentId: keep.id })
    const table = await gm(core, 'encounterTable.create', { campaignId, name: 'Keep Denizens', dice: '1d6', locationId: keep.id })
    const heard = recordChanges(core)

    expect(await gm(core, 'location.delete', { id: keep.id })).toEqual({ id: keep.id, movedChildren: 2 })
    expect(await paths()).toEqual(['Brigand Hills', 'Brigand Hills > Cellars', 'Brigand Hills > Gatehouse'])
    expect((await gm(core, 'encounterTable.get', { id: table.id })).locationId).toBeNull()
    const [deleted] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(deleted?.payload).toEqual({
      id: keep.id,
      name: 'Sunken Keep',
      movedChildren: ['Cellars', 'Gatehouse'],
      movedTo: 'Brigand Hills',
      tablesUnplaced: 1,
    })
    // Screens showing the moved places and the unplaced table hear of it.
    expect(heard.map((m) => m.kind).sort()).toEqual(['encounter_table', 'location', 'location', 'location'])

    // A top-level parent's children move to the top level.
    await gm(core, 'location.delete', { id: hills.id })
    expect(await paths()).toEqual(['Cellars', 'Gatehouse'])
  })

  it('a failure part-way leaves nothing behind and sends no event', async () => {
    const hills = await gm(core, 'location.create', { campaignId, name: 'Brigand Hills', kind: 'open' })
    const keep = await gm(core, 'location.create', { campaignId, name: 'Sunken Keep', parentId: hills.id })
    await gm(core, 'location.create', { campaignId, name: 'Gatehouse', parentId: keep.id })
    await gm(core, 'encounterTable.create', { campaignId, name: 'Keep Denizens', dice: '1d6', locationId: keep.id })
    const before = await rowCounts(core, TABLES)
    const tree = await paths()
    const heard: EventMessage[] = []
    core.events.on((m) => heard.push(m))

    for (const [kind, call] of [
      ['location.created', () => refused(core, 'location.create', { campaignId, name: 'Half', parentId: keep.id })],
      ['location.updated', () => refused(core, 'location.update', { id: keep.id, name: 'Half', parentId: null })],
      ['location.deleted', () => refused(core, 'location.delete', { id: keep.id })],
    ] as const) {
      const stop = await failLogWrites(core, kind)
      expect((await call()).code).toBe('internal')
      await stop()
    }
    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect(await paths()).toEqual(tree)
    expect((await gm(core, 'encounterTable.list', { campaignId }))[0]?.locationId).toBe(keep.id)
    expect(heard).toEqual([])
  })
})
