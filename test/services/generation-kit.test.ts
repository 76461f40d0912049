/**
 * A rolled old-school character starts with a kit (OSR-5, the seed's sample character: torches,
 * rations, a waterskin) that the GM accepts or changes: its items go into the inventory in the same
 * transaction as the character, and the clock eats and burns from them like any other (CLK-4, CLK-5).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { STARTING_KIT } from '../../src/shared/api/starting-kit'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { rowCount } from '../support/records'

let lib: TempLibrary
let core: Core
let campaignId: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr', seed: 'kit' })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const written = async () => ({ characters: await rowCount(core, 'character'), items: await rowCount(core, 'inventory_item'), log: await rowCount(core, 'log_entry') })
const items = async (characterId: number) =>
  (await gm(core, 'inventory.list', { characterId })).items.map((i) => ({ name: i.name, kind: i.kind, quantity: i.quantity, weightLbs: i.weightLbs, details: i.details }))

describe('the starting kit of a rolled character (OSR-5)', () => {
  it('OSR-5: by default the seed’s kit — 3 torches, rations for 4 days, a waterskin of 1 pint — is in the new character’s inventory, and the clock counts it', async () => {
    const glam = await gm(core, 'character.generate', { campaignId, name: 'Glam', optionsAllowed: 1 })
    expect(await items(glam.id)).toEqual([
      { name: 'Torches', kind: 'light', quantity: 3, weightLbs: 1, details: { type: 'torch', oilPints: 0 } },
      { name: 'Rations', kind: 'ration', quantity: 4, weightLbs: 1, details: {} },
      { name: 'Waterskin', kind: 'water', quantity: 1, weightLbs: 1, details: {} },
    ])
    const [, generated] = await gm(core, 'log.list', { campaignId, limit: 2 })
    expect(generated).toMatchObject({ kind: 'character.generated', payload: { kit: STARTING_KIT.map((i) => ({ name: i.name, quantity: i.quantity })) } })
    // CLK-5: the clock reads the rations and water it will eat at each new day.
    const clock = await gm(core, 'clock.get', { campaignId })
    expect(clock.provisions).toEqual([expect.objectContaining({ name: 'Glam', foodDays: 4, waterPints: 1 })])
  })

  it('OSR-5: the GM’s changes are what is packed: more torches, a lantern with oil, no water', async () => {
    const kit = [
      { name: 'Torches', kind: 'light' as const, quantity: 6, weightLbs: 1, details: { type: 'torch' } },
      { name: 'Lantern', kind: 'light' as const, quantity: 1, weightLbs: 2, valueGp: 10, details: { type: 'lantern', oilPints: 2 } },
      { name: 'Rations', kind: 'ration' as const, quantity: 7, weightLbs: 1 },
    ]
    const ana = await gm(core, 'character.generate', { campaignId, name: 'Ana', optionsAllowed: 1, kit })
    expect((await items(ana.id)).map((i) => [i.name, i.quantity])).toEqual([
      ['Torches', 6],
      ['Lantern', 1],
      ['Rations', 7],
    ])
    const none = await gm(core, 'character.generate', { campaignId, name: 'Vex', optionsAllowed: 1, kit: [] })
    expect(await items(none.id)).toEqual([])
  })

  it('OSR-5: a kit line that cannot be is refused, naming it, and nothing is rolled or written', async () => {
    const before = await written()
    const err = await refused(core, 'character.generate', { campaignId, name: 'Glam', optionsAllowed: 1, kit: [{ name: 'Torch', kind: 'light', quantity: 1, details: { type: 'flare' } }] })
    expect(err.message).toMatch(/^The starting kit was refused: Torch: /)
    expect(err.details[0]!.field).toBe('kit.0.details.type')
    const zero = await refused(core, 'character.generate', { campaignId, name: 'Glam', optionsAllowed: 1, kit: [{ name: 'Rations', kind: 'ration', quantity: 0 }] })
    expect(zero.message).toMatch(/must be more than 0/)
    expect(await written()).toEqual(before)
  })
})
