/**
 * CLK-4 at the clock service: a lantern added to a pack comes with a pint of oil, a refill is one
 * press beside any lantern (the carrier's flask of oil is used), and a refusal names the lantern
 * by its item's name and who carries it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { insert, one } from '../support/sql'

let lib: TempLibrary
let core: Core
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

async function glamsPack(): Promise<{ campaignId: number; glam: number; ana: number }> {
  const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
  const add = (name: string) => insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name, created_at: 't', updated_at: 't' })
  const glam = await add('Glam')
  const ana = await add('Ana')
  await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
  return { campaignId, glam, ana }
}

const item = async (id: number) => (await one<{ quantity: number; details: string }>(core, 'select quantity, details from inventory_item where id = ?', id))!
const oil = async (id: number) => (JSON.parse((await item(id)).details) as { oilPints: number }).oilPints

describe('CLK-4: lanterns', () => {
  it('CLK-4: a lantern added to a pack holds a pint of oil unless the GM says otherwise; an item made a lantern gets one too', async () => {
    const { glam } = await glamsPack()
    const filled = await gm(core, 'inventory.add', { characterId: glam, name: 'Brass lantern', kind: 'light', details: { type: 'lantern' } })
    expect(filled.details).toEqual({ type: 'lantern', oilPints: 1 })
    const empty = await gm(core, 'inventory.add', { characterId: glam, name: 'Dry lantern', kind: 'light', details: { type: 'lantern', oilPints: 0 } })
    expect(empty.details).toEqual({ type: 'lantern', oilPints: 0 })
    const torch = await gm(core, 'inventory.add', { characterId: glam, name: 'Torch', kind: 'light', details: { type: 'torch' } })
    expect((await gm(core, 'inventory.update', { id: torch.id, details: { type: 'lantern' } })).details).toEqual({ type: 'lantern', oilPints: 1 })
    // Changing a lantern's other details keeps its oil as the GM has it.
    expect((await gm(core, 'inventory.update', { id: empty.id, details: { type: 'lantern' } })).details).toEqual({ type: 'lantern', oilPints: 0 })
  })

  it('CLK-4: an empty lantern that cannot be lit is named by its name and carrier, never its id', async () => {
    const { campaignId, glam } = await glamsPack()
    const dry = await gm(core, 'inventory.add', { characterId: glam, name: 'Brass lantern', kind: 'light', details: { type: 'lantern', oilPints: 0 } })
    const err = await refused(core, 'light.light', { campaignId, itemId: dry.id })
    expect(err.message).toBe('Glam’s lantern “Brass lantern” has no oil: refill it first.')
    expect(err.message).not.toMatch(/item-/)
    const plain = await gm(core, 'inventory.add', { characterId: glam, name: 'Lantern', kind: 'light', details: { type: 'lantern', oilPints: 0 } })
    expect((await refused(core, 'light.light', { campaignId, itemId: plain.id })).message).toBe('Glam’s lantern has no oil: refill it first.')
    expect((await gm(core, 'clock.get', { campaignId })).lights).toEqual([])
  })

  it('CLK-4: one press refills a lantern in a pack from the carrier’s flask of oil; the step is logged and undone', async () => {
    const { campaignId, glam } = await glamsPack()
    const dry = await gm(core, 'inventory.add', { characterId: glam, name: 'Brass lantern', kind: 'light', details: { type: 'lantern', oilPints: 0 } })
    const flasks = await gm(core, 'inventory.add', { characterId: glam, name: 'Flask of oil', kind: 'other', quantity: 2 })
    const r = await gm(core, 'light.refill', { campaignId, itemId: dry.id })
    expect(r.summary).toBe('Glam’s lantern “Brass lantern” was filled with 1 pint of oil from “Flask of oil”')
    expect(r.clock.lights).toEqual([expect.objectContaining({ itemId: dry.id, itemName: 'Brass lantern', holderName: 'Glam', lit: false, oilPints: 1 })])
    expect([await oil(dry.id), (await item(flasks.id)).quantity]).toEqual([1, 1])
    const lit = await gm(core, 'light.light', { campaignId, lightId: r.clock.lights[0]!.id })
    expect(lit.clock.dark).toBe(false)
    await gm(core, 'clock.undo', { campaignId })
    await gm(core, 'clock.undo', { campaignId })
    expect([await oil(dry.id), (await item(flasks.id)).quantity]).toEqual([0, 2])
  })

  it('CLK-4: a half-burnt lantern takes the half pint it has room for, and the flask gives that much', async () => {
    const { campaignId, glam } = await glamsPack()
    const lantern = await gm(core, 'inventory.add', { characterId: glam, name: 'Lantern', kind: 'light', details: { type: 'lantern' } })
    const flasks = await gm(core, 'inventory.add', { characterId: glam, name: 'Oil', kind: 'other', quantity: 1 })
    const lit = await gm(core, 'light.light', { campaignId, itemId: lantern.id })
    await gm(core, 'clock.advance', { campaignId, span: { minutes: 150 } })
    const r = await gm(core, 'light.refill', { campaignId, lightId: lit.clock.lights[0]!.id })
    expect(r.clock.lights[0]).toMatchObject({ oilPints: 1, lit: true, burnSecondsLeft: 5 * 3600 })
    expect(r.summary).toBe('Glam’s lantern was filled with 0.5 pints of oil from “Oil”')
    expect((await item(flasks.id)).quantity).toBe(0.5)
    expect((await refused(core, 'light.refill', { campaignId, lightId: lit.clock.lights[0]!.id })).message).toBe('Glam’s lantern is full (1 pint): there is no room for more oil.')
  })

  it('CLK-4: with no oil in the carrier’s pack the refill is refused, naming the lantern and its carrier, and nothing is written', async () => {
    const { campaignId, glam, ana } = await glamsPack()
    const dry = await gm(core, 'inventory.add', { characterId: glam, name: 'Brass lantern', kind: 'light', details: { type: 'lantern', oilPints: 0 } })
    await gm(core, 'inventory.add', { characterId: ana, name: 'Flask of oil', kind: 'other', quantity: 1 })
    const before = (await gm(core, 'log.list', { campaignId, limit: 500 })).length
    const err = await refused(core, 'light.refill', { campaignId, itemId: dry.id })
    expect(err.message).toBe('Glam carries no oil for Glam’s lantern “Brass lantern”: add a flask of oil (an item named “oil”, a pint each) to the pack, or choose the oil to pour.')
    expect((await gm(core, 'log.list', { campaignId, limit: 500 })).length).toBe(before)
    expect((await gm(core, 'clock.get', { campaignId })).lights).toEqual([])
  })
  it('CLK-4: lanterns lit at once each burn their own oil by game time (a pint is 5 hours), and one undo puts each back', async () => {
    const { campaignId, glam, ana } = await glamsPack()
    const full = await gm(core, 'inventory.add', { characterId: glam, name: 'Brass lantern', kind: 'light', details: { type: 'lantern', oilPints: 2 } })
    const half = await gm(core, 'inventory.add', { characterId: ana, name: 'Tin lantern', kind: 'light', details: { type: 'lantern', oilPints: 0.5 } })
    const third = await gm(core, 'inventory.add', { characterId: ana, name: 'Hooded lantern', kind: 'light', details: { type: 'lantern', oilPints: 1 } })
    for (const l of [full, half, third]) await gm(core, 'light.light', { campaignId, itemId: l.id })
    await gm(core, 'clock.advance', { campaignId, span: { minutes: 60 } })
    // An hour is a fifth of a pint for each (kept to the thousandth).
    expect([await oil(full.id), await oil(half.id), await oil(third.id)]).toEqual([1.8, 0.3, 0.8])
    await gm(core, 'clock.undo', { campaignId })
    expect([await oil(full.id), await oil(half.id), await oil(third.id)]).toEqual([2, 0.5, 1])
  })
})
