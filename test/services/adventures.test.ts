import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventMessage } from '../../src/shared/contract'
import { counts, tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'

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

describe('adventures', () => {
  it('are created in playing order, updated, moved and deleted, each change logged and announced', async () => {
    const heard: EventMessage[] = []
    core.events.on((m) => m.event === 'record.changed' && heard.push(m))
    const a = await gm(core, 'adventure.create', { campaignId, title: 'Into the Keep' })
    const b = await gm(core, 'adventure.create', { campaignId, title: 'The Drowned Vault', summary: 'Find the alembic.' })
    const c = await gm(core, 'adventure.create', { campaignId, title: 'Brigand Hills', status: 'active' })
    expect((await gm(core, 'adventure.list', { campaignId })).map((x) => [x.title, x.position, x.status])).toEqual([
      ['Into the Keep', 1, 'planned'],
      ['The Drowned Vault', 2, 'planned'],
      ['Brigand Hills', 3, 'active'],
    ])
    await gm(core, 'adventure.update', { id: a.id, status: 'finished' })
    const order = await gm(core, 'adventure.move', { id: c.id, position: 1 })
    expect(order.map((x) => x.title)).toEqual(['Brigand Hills', 'Into the Keep', 'The Drowned Vault'])
    await gm(core, 'adventure.delete', { id: a.id })
    expect((await gm(core, 'adventure.list', { campaignId })).map((x) => [x.title, x.position])).toEqual([
      ['Brigand Hills', 1],
      ['The Drowned Vault', 2],
    ])
    expect(b.summary).toBe('Find the alembic.')
    expect(await logKinds(core, campaignId)).toEqual([
      'campaign.created',
      'adventure.created',
      'adventure.created',
      'adventure.created',
      'adventure.updated',
      'adventure.moved',
      'adventure.deleted',
    ])
    expect(heard).toHaveLength(6)
  })

  it('logs what an update changed, and logs nothing when nothing changed', async () => {
    const a = await gm(core, 'adventure.create', { campaignId, title: 'Into the Keep' })
    await gm(core, 'adventure.update', { id: a.id, title: 'Into the Keep' })
    const [latest] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(latest?.kind).toBe('adventure.created')
    await gm(core, 'adventure.update', { id: a.id, title: 'Under the Keep', status: 'active' })
    const [updated] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(updated?.payload).toEqual({
      id: a.id,
      title: 'Under the Keep',
      from: { title: 'Into the Keep', status: 'planned' },
      to: { title: 'Under the Keep', status: 'active' },
    })
  })

  it('an update changes only the fields it names', async () => {
    const a = await gm(core, 'adventure.create', { campaignId, title: 'Into the Keep', status: 'active', summary: 'Find the alembic.' })
    await gm(core, 'adventure.update', { id: a.id, summary: 'Find the alembic first.' })
    await gm(core, 'adventure.update', { id: a.id, title: 'Under the Keep' })
    const [after] = await gm(core, 'adventure.list', { campaignId })
    expect(after).toMatchObject({ title: 'Under the Keep', status: 'active', summary: 'Find the alembic first.' })
  })

  it('refuses a nameless adventure or an unknown status, naming the field, and writes nothing', async () => {
    const before = await counts(core)
    expect((await refused(core, 'adventure.create', { campaignId, title: '  ' })).details).toEqual([
      { field: 'title', problem: 'an adventure needs a name' },
    ])
    expect((await refused(core, 'adventure.create', { campaignId, title: 'X', status: 'done' })).details).toEqual([
      { field: 'status', problem: 'must be planned, active or finished' },
    ])
    expect((await refused(core, 'adventure.create', { campaignId: 999, title: 'X' })).code).toBe('not_found')
    expect(await counts(core)).toEqual(before)
  })
})
