/**
 * The old-school core between sessions, gear: bought at the seed's prices (OSR-5) from the purse
 * through the ledger, each die rolled with the campaign's dice after its exact odds, into the pack
 * with its weight so load and speed follow (OSR-7); sold back at the GM's price; every purchase and
 * sale one action, undone and redone. Real router, real library; Glam's gear and gold as the example.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { everyTableCount } from '../support/records'
import { glam as glamSheet } from './sheets/fixtures'

let lib: TempLibrary
let core: Core
let campaignId: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  // The campaign's first d6 is a 5, its second a 2, its third a 3.
  campaignId = (await gm(core, 'campaign.create', { name: 'Brigand Hills', system: 'osr', seed: 'glam-levels-11' })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

/** Glam as the seed prints him, with `gold` GP in his purse. */
async function glamWith(gold: number): Promise<number> {
  const id = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: glamSheet })).id
  if (gold > 0) await gm(core, 'ledger.earn', { campaignId, characterId: id, currency: 'gold', amount: gold, reason: 'starting gold', sessionId: null })
  return id
}
const goldOf = async (characterId: number) => (await gm(core, 'ledger.balances', { campaignId, characterId })).find((b) => b.currency === 'gold')!.balance
const pack = async (characterId: number) => (await gm(core, 'inventory.list', { characterId })).items.map((i) => [i.name, i.kind, i.quantity, i.weightLbs, i.valueGp, i.details])
const buy = (characterId: number, what: Record<string, unknown>) => gm(core, 'growth.osr.buy', { characterId, ...what } as never)

describe('OSR-5: buying gear at the seed’s prices', () => {
  it("OSR-5 (seed, Glam's gear and gold): the first shopping trip spends the rolled starting gold — a dagger (1d3) 3 GP, a leather jerkin (+1) 5 GP — into the pack at 1 lb a GP", async () => {
    const glam = (await gm(core, 'character.generate', { campaignId, name: 'Glam', optionsAllowed: 2, options: ['deft touch', 'high tolerance'], kit: [] })).id
    const start = await goldOf(glam)
    expect(start % 5).toBe(0)
    expect(start).toBeGreaterThanOrEqual(15)
    expect((await gm(core, 'growth.osr.priceOdds', { what: 'melee', weaponClass: 'short' })).rule).toBe('a melee weapon costs its maximum harm: 1d3 → 3 GP')
    const dagger = await buy(glam, { what: 'melee', weaponClass: 'short', name: 'Dagger' })
    expect(dagger).toMatchObject({ priceGp: 3, quantity: 1, gold: start - 3 })
    expect(dagger.text).toBe(`Glam bought “Dagger” for 3 GP (OSR-5: a melee weapon costs its maximum harm: 1d3 → 3 GP); ${start - 3} GP left, and the pack is 3 lbs heavier.`)
    await buy(glam, { what: 'armour', modifier: 1, name: 'Leather jerkin' })
    expect(await goldOf(glam)).toBe(start - 8)
    expect(await pack(glam)).toEqual([
      ['Dagger', 'weapon', 1, 3, 3, { weaponClass: 'short', ranged: false, advanced: false }],
      ['Leather jerkin', 'armour', 1, 5, 5, { modifier: 1 }],
    ])
    // The table arms Glam with what he bought (OSR-15, OSR-16).
    const fighter = await gm(core, 'osr.fighter', { characterId: glam })
    expect(fighter.armour).toMatchObject({ item: 'Leather jerkin', modifier: 1 })
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry).toMatchObject({ kind: 'growth.osr.bought', sessionId: null, dice: null })
  })

  it('OSR-5: refused in words when the gold is short, with nothing bought or rolled', async () => {
    const glam = await glamWith(42)
    const before = await everyTableCount(core)
    const short = await refused(core, 'growth.osr.buy', { characterId: glam, what: 'armour', modifier: 3, name: 'Chainmail' })
    expect(short.message).toBe('Glam has 42 GP; “Chainmail” costs 45 GP (armour costs its modifier² × 5: +3 → 45 GP). Nothing was bought.')
    expect(short.details).toEqual([{ field: 'characterId', problem: expect.stringContaining('Glam has 42 GP') }])
    expect((await refused(core, 'growth.osr.buy', { characterId: glam, what: 'rare', name: 'Alembic' })).message).toBe(
      'Glam has 42 GP; “Alembic” costs 50 GP (a complex or rare item costs 1d6 × 10 GP; rolled 5). Nothing was bought.',
    )
    expect(await everyTableCount(core)).toEqual(before)
    // The dice counter went back with the refusal: the same request rolls the same price.
    expect((await refused(core, 'growth.osr.buy', { characterId: glam, what: 'rare', name: 'Alembic' })).message).toContain('costs 50 GP')
  })

  it('OSR-5: a rolled price or lot shows its exact odds first, then rolls with the campaign’s dice, logged', async () => {
    const glam = await glamWith(90)
    const odds = await gm(core, 'growth.osr.priceOdds', { what: 'simple' })
    expect(odds).toMatchObject({ rule: 'a simple or common item costs 1d6 GP', dice: '1d6', rolls: 'price', quantity: [[1, 1]] })
    expect(odds.priceGp.map(([gp]) => gp)).toEqual([1, 2, 3, 4, 5, 6])
    const lamp = await buy(glam, { what: 'simple', name: 'Oil lamp', kind: 'light', type: 'lantern' })
    expect(lamp).toMatchObject({ priceGp: 5, quantity: 1, gold: 85 })
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]).toMatchObject({ kind: 'growth.osr.bought', dice: [{ sides: 6, face: 5 }] })
    // OSR-5: 6 + 1d6 projectiles for 1 GP; the lot weighs 1 lb in all.
    const lot = await gm(core, 'growth.osr.priceOdds', { what: 'projectiles' })
    expect(lot).toMatchObject({ dice: '6 + 1d6', rolls: 'quantity', priceGp: [[1, 1]] })
    expect(lot.quantity.map(([n]) => n)).toEqual([7, 8, 9, 10, 11, 12])
    const arrows = await buy(glam, { what: 'projectiles', name: 'Arrows' })
    expect(arrows).toMatchObject({ priceGp: 1, quantity: 8 })
    expect(arrows.text).toBe('Glam bought 8 × “Arrows” for 1 GP (OSR-5: a set of 6 + 1d6 projectiles costs 1 GP; rolled 2); 84 GP left, and the pack is 1 lb heavier.')
    const items = (await gm(core, 'inventory.list', { characterId: glam })).items
    expect(items[0]).toMatchObject({ name: 'Oil lamp', kind: 'light', weightLbs: 5, details: { type: 'lantern', oilPints: 1 } })
    expect(items[1]!.quantity * items[1]!.weightLbs).toBeCloseTo(1, 12)
  })

  it('OSR-5, OSR-7: what is bought weighs its GP in lbs, so load and speed follow: chainmail takes Glam past a full 50 lbs', async () => {
    const glam = await glamWith(90)
    await buy(glam, { what: 'armour', modifier: 3, name: 'Chainmail' })
    const enc = (await gm(core, 'inventory.list', { characterId: glam })).encumbrance
    // 45 lbs of chainmail and 45 GP of coin (9 lbs): 54 lbs, one full 50 — a fifth off normal speed.
    expect(enc).toMatchObject({ loadLbs: 54, purseLbs: 9, fullLoadSteps: 1, open: { perTurnFt: 800 }, enclosed: { perTurnFt: 80 } })
    const view = (await gm(core, 'growth.osr.party', { campaignId })).characters[0]!
    expect(view).toMatchObject({ gold: 45, load: { loadLbs: 54, fullLoadSteps: 1, openFt: 800, enclosedFt: 80 } })
    // The GM may say an item weighs otherwise: a fine silk rope, 5 GP as rolled, weighing 2 lbs.
    await buy(glam, { what: 'simple', name: 'Silk rope', weightLbs: 2 })
    expect((await pack(glam))[1]).toEqual(['Silk rope', 'other', 1, 2, 5, {}])
  })

  it('OSR-5: refuses in words what a purchase lacks or cannot have, and another system', async () => {
    const glam = await glamWith(50)
    const ask = async (input: Record<string, unknown>) => (await refused(core, 'growth.osr.buy', { characterId: glam, name: 'Thing', ...input })).message
    expect(await ask({ what: 'melee' })).toBe('A weapon needs its class: short, standard or long (OSR-16). Nothing was bought.')
    expect(await ask({ what: 'armour' })).toBe('Armour needs its modifier, +1 or more (OSR-5). Nothing was bought.')
    expect(await ask({ what: 'basic', kind: 'light' })).toBe('A light needs its kind: candle, torch, lantern or electric lamp (OSR-8). Nothing was bought.')
    expect(await ask({ what: 'melee', weaponClass: 'short', kind: 'light' })).toBe('A weapon, armour or projectiles go into the pack as what they are. Nothing was bought.')
    expect((await refused(core, 'growth.osr.priceOdds', { what: 'ranged', modifier: 2 })).message).toBe('A weapon needs its class: short, standard or long (OSR-16). Nothing was rolled.')
    const ladder = (await gm(core, 'campaign.create', { name: 'Westmarch', system: 'ladder' })).id
    const tai = (await gm(core, 'character.create', { campaignId: ladder, kind: 'npc', name: 'Tai', draft: true })).id
    expect((await refused(core, 'growth.osr.buy', { characterId: tai, what: 'simple', name: 'Rope' })).message).toBe(
      "This grows characters by the Old-school core's rules, and this campaign plays The Ladder. Nothing was bought.",
    )
  })
})

describe('OSR-5: selling back at the GM’s price', () => {
  it('OSR-5: an item sold leaves the pack and its gold comes into the purse; part of a stack leaves the rest', async () => {
    const glam = await glamWith(20)
    const dagger = await buy(glam, { what: 'melee', weaponClass: 'short', name: 'Dagger' })
    const sold = await gm(core, 'growth.osr.sell', { itemId: dagger.itemId, amount: 2 })
    expect(sold).toEqual({ text: 'Glam sold “Dagger” for 2 GP, the GM’s price (OSR-5); now 19 GP.', gold: 19 })
    expect(await pack(glam)).toEqual([])
    const candles = await buy(glam, { what: 'basic', name: 'Candles', kind: 'light', type: 'candle' })
    expect(candles.quantity).toBe(11)
    expect((await gm(core, 'growth.osr.sell', { itemId: candles.itemId, amount: 0, quantity: 3 })).text).toBe('Glam gave up 3 × “Candles” for nothing (OSR-5); still 18 GP.')
    expect((await pack(glam)).map((i) => [i[0], i[2]])).toEqual([['Candles', 8]])
    expect((await refused(core, 'growth.osr.sell', { itemId: candles.itemId, amount: 1, quantity: 9 })).message).toBe('Glam has 8 of “Candles”, not 9. Nothing was sold.')
  })

  it('OSR-5: each purchase and sale is one action: undone, the gold and the pack are as they were; redone with the same dice, a sale finds the item bought again', async () => {
    const glam = await glamWith(90)
    const rare = await buy(glam, { what: 'rare', name: 'Spyglass' })
    expect(rare.priceGp).toBe(50)
    await gm(core, 'growth.osr.sell', { itemId: rare.itemId, amount: 30 })
    expect(await goldOf(glam)).toBe(70)
    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Glam sold “Spyglass” for 30 GP, the GM’s price (OSR-5); now 70 GP')
    expect((await pack(glam)).map((i) => i[0])).toEqual(['Spyglass'])
    expect((await gm(core, 'play.undo', { campaignId })).undone).toMatch(/^Glam bought “Spyglass” for 50 GP/)
    expect(await pack(glam)).toEqual([])
    expect(await goldOf(glam)).toBe(90)
    await gm(core, 'play.redo', { campaignId })
    await gm(core, 'play.redo', { campaignId })
    expect(await pack(glam)).toEqual([])
    expect(await goldOf(glam)).toBe(70)
    const log = await gm(core, 'log.list', { campaignId, limit: 40 })
    expect(log.filter((e) => e.kind === 'growth.osr.bought' && !e.undone).map((e) => e.dice)).toEqual([[{ sides: 6, face: 5 }]])
  })

  it('OSR-5: undoing a purchase is refused in words once the item was changed since', async () => {
    const glam = await glamWith(20)
    const torches = await buy(glam, { what: 'basic', name: 'Torches', kind: 'light', type: 'torch' })
    await gm(core, 'inventory.update', { id: torches.itemId, quantity: 2 })
    expect((await refused(core, 'play.undo', { campaignId })).message).toBe(
      '“Glam bought 11 × “Torches” for 1 GP (OSR-5: 6 + 1d6 basic items cost 1 GP; rolled 5); 19 GP left, and the pack is 1 lb heavier” cannot be undone: the item “Torches” has been changed since. Nothing was undone.',
    )
    expect(await goldOf(glam)).toBe(19)
  })
})
