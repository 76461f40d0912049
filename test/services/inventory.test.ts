import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventMessage } from '../../src/shared/contract'
import { counts, tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { failLogWrites, rowCount } from '../support/records'
import { glam } from './sheets/fixtures'

let lib: TempLibrary
let core: Core
let campaignId: number
let glamId: number

async function written(c: Core): Promise<Record<string, number>> {
  return { ...(await counts(c)), items: await rowCount(c, 'inventory_item') }
}

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
  glamId = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: glam })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('inventory', () => {
  it('adds, changes and removes items in order, each change logged and announced with its character', async () => {
    const heard: EventMessage[] = []
    core.events.on((m) => m.event === 'record.changed' && heard.push(m))
    const lantern = await gm(core, 'inventory.add', { characterId: glamId, name: 'Lantern', kind: 'light', weightLbs: 2, valueGp: 10, details: { type: 'lantern', oilPints: 2 } })
    const rations = await gm(core, 'inventory.add', { characterId: glamId, name: 'Rations', kind: 'ration', quantity: 7, weightLbs: 1 })
    await gm(core, 'inventory.update', { id: rations.id, quantity: 6 })
    await gm(core, 'inventory.remove', { id: lantern.id })
    const { items } = await gm(core, 'inventory.list', { characterId: glamId })
    expect(items.map((i) => [i.name, i.quantity, i.position])).toEqual([['Rations', 6, 2]])
    expect(lantern.details).toEqual({ type: 'lantern', oilPints: 2 })
    expect((await logKinds(core, campaignId)).slice(-4)).toEqual(['inventory.added', 'inventory.added', 'inventory.updated', 'inventory.removed'])
    expect(heard.map((m) => m.payload)).toEqual([
      { campaignId, kind: 'inventory', id: lantern.id, change: 'created', characterId: glamId },
      { campaignId, kind: 'inventory', id: rations.id, change: 'created', characterId: glamId },
      { campaignId, kind: 'inventory', id: rations.id, change: 'updated', characterId: glamId },
      { campaignId, kind: 'inventory', id: lantern.id, change: 'deleted', characterId: glamId },
    ])
    const [updated] = await gm(core, 'log.list', { campaignId, kind: 'inventory.updated', limit: 1 })
    expect(updated?.payload).toMatchObject({ name: 'Rations', character: 'Glam', from: { quantity: 7 }, to: { quantity: 6 } })
  })

  it('OSR-7: Glam with 145 lbs moves 600 ft in the open and 60 ft enclosed per turn, a fifth of that per round', async () => {
    await gm(core, 'inventory.add', { characterId: glamId, name: 'Chainmail', kind: 'armour', quantity: 1, weightLbs: 45, valueGp: 45, details: { modifier: 3 } })
    const light = await gm(core, 'inventory.list', { characterId: glamId })
    expect(light.encumbrance).toMatchObject({ loadLbs: 45, fullLoadSteps: 0, open: { perTurnFt: 1000, perRoundFt: 200 }, enclosed: { perTurnFt: 100, perRoundFt: 20 } })
    await gm(core, 'inventory.add', { characterId: glamId, name: 'Silver ingots', kind: 'other', quantity: 10, weightLbs: 10 })
    const heavy = await gm(core, 'inventory.list', { characterId: glamId })
    expect(heavy.encumbrance).toMatchObject({ loadLbs: 145, valueGp: 45, fullLoadSteps: 2, open: { perTurnFt: 600, perRoundFt: 120 }, enclosed: { perTurnFt: 60, perRoundFt: 12 } })
    const character = await gm(core, 'character.get', { id: glamId })
    expect(character.encumbrance).toEqual(heavy.encumbrance)
  })

  it('OSR-7 Decision: speed never goes below 0, however much is carried', async () => {
    await gm(core, 'inventory.add', { characterId: glamId, name: 'Anvil', kind: 'other', weightLbs: 400 })
    const { encumbrance } = await gm(core, 'inventory.list', { characterId: glamId })
    expect(encumbrance).toMatchObject({ fullLoadSteps: 8, open: { perTurnFt: 0 }, enclosed: { perTurnFt: 0 } })
  })

  it('OSR-5: an item weighs its value in GP unless told otherwise; 5 GP of coins weigh 1 lb', async () => {
    const mail = await gm(core, 'inventory.add', { characterId: glamId, name: 'Chainmail', kind: 'armour', valueGp: 45, details: { modifier: 3 } })
    const coins = await gm(core, 'inventory.add', { characterId: glamId, name: 'Gold pieces', kind: 'coins', quantity: 50, valueGp: 1 })
    expect(mail.weightLbs).toBe(45)
    expect(coins.weightLbs).toBe(0.2)
    expect((await gm(core, 'inventory.list', { characterId: glamId })).encumbrance.loadLbs).toBe(55)
  })

  it('weighs the gold in the purse (the ledger) as coins', async () => {
    await gm(core, 'ledger.earn', { campaignId, characterId: glamId, currency: 'gold', amount: 50, reason: 'brigand loot' })
    expect((await gm(core, 'inventory.list', { characterId: glamId })).encumbrance).toMatchObject({ loadLbs: 10, purseLbs: 10 })
  })

  it('refuses details that do not fit the kind, naming the field, and writes nothing', async () => {
    const before = await written(core)
    const torch = await refused(core, 'inventory.add', { characterId: glamId, name: 'Torch', kind: 'light', details: { type: 'torch', oilPints: 1 } })
    expect(torch.details).toEqual([{ field: 'details.oilPints', problem: 'only a lantern holds oil' }])
    const sword = await refused(core, 'inventory.add', { characterId: glamId, name: 'Halberd', kind: 'weapon', details: { weaponClass: 'polearm' } })
    expect(sword.details).toEqual([{ field: 'details.weaponClass', problem: 'must be one of limb, short, standard, long' }])
    const extra = await refused(core, 'inventory.add', { characterId: glamId, name: 'Bread', kind: 'ration', details: { modifier: 2 } })
    expect(extra.details).toEqual([{ field: 'details', problem: 'a ration item has no modifier' }])
    const negative = await refused(core, 'inventory.add', { characterId: glamId, name: 'Rope', kind: 'other', quantity: -1 })
    expect(negative.details).toEqual([{ field: 'quantity', problem: 'must be 0 or more' }])
    expect((await refused(core, 'inventory.add', { characterId: 999, name: 'Rope', kind: 'other' })).code).toBe('not_found')
    expect(await written(core)).toEqual(before)
  })

  it('a new kind needs details that fit it', async () => {
    const item = await gm(core, 'inventory.add', { characterId: glamId, name: 'Club', kind: 'weapon', details: { weaponClass: 'short' } })
    expect((await refused(core, 'inventory.update', { id: item.id, kind: 'armour' })).details).toEqual([{ field: 'details.modifier', problem: 'must be a number' }])
    const other = await gm(core, 'inventory.update', { id: item.id, kind: 'other' })
    expect(other.details).toEqual({})
    expect((await gm(core, 'inventory.update', { id: item.id, kind: 'armour', details: { modifier: 1 } })).details).toEqual({ modifier: 1 })
  })

  it('leaves nothing behind when the log cannot be written', async () => {
    const stop = await failLogWrites(core, 'inventory.added')
    const before = await written(core)
    expect((await refused(core, 'inventory.add', { characterId: glamId, name: 'Rope', kind: 'other' })).code).toBe('internal')
    await stop()
    expect(await written(core)).toEqual(before)
  })
})
