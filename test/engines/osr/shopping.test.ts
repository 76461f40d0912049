import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { purchaseOdds, purchaseRule, rollPurchase } from '../../../src/main/engines/osr'
import { expectFrequenciesMatch, totalOf } from './helpers'

describe('OSR-5: buying gear at the seed’s prices', () => {
  it("OSR-5 (seed, Glam's gear): his dagger costs its maximum harm, 3 GP; his leather jerkin (+1) 5 GP; chainmail (+3) 45 GP; no die is rolled", () => {
    expect(rollPurchase(scriptedDice([]), { what: 'melee', weapon: 'short' })).toEqual({ priceGP: 3, quantity: 1, faces: [] })
    expect(rollPurchase(scriptedDice([]), { what: 'armour', modifier: 1 })).toEqual({ priceGP: 5, quantity: 1, faces: [] })
    expect(rollPurchase(scriptedDice([]), { what: 'armour', modifier: 3 })).toEqual({ priceGP: 45, quantity: 1, faces: [] })
    expect(purchaseOdds({ what: 'armour', modifier: 3 })).toEqual({ dice: null, rolls: null, priceGP: { 45: 1 }, quantity: { 1: 1 } })
    expect(purchaseRule({ what: 'armour', modifier: 3 })).toBe('armour costs its modifier² × 5: +3 → 45 GP')
  })

  it('OSR-5: a ranged weapon costs ten times its maximum harm: a bow 60 GP, a crossbow 70 GP, an advanced bow 120 GP', () => {
    expect(rollPurchase(scriptedDice([]), { what: 'ranged', weapon: 'standard' }).priceGP).toBe(60)
    expect(rollPurchase(scriptedDice([]), { what: 'ranged', weapon: 'long' }).priceGP).toBe(70)
    expect(rollPurchase(scriptedDice([]), { what: 'ranged', weapon: 'standard', advanced: true }).priceGP).toBe(120)
    expect(purchaseRule({ what: 'ranged', weapon: 'long' })).toBe('a ranged weapon costs its maximum harm × 10: 1d6+1 → 70 GP')
    expect(purchaseRule({ what: 'melee', weapon: 'standard' })).toBe('a melee weapon costs its maximum harm: 1d6 → 6 GP')
  })

  it('OSR-5: projectiles and basic items are 6 + 1d6 for 1 GP; the die decides how many, with its exact odds first', () => {
    expect(rollPurchase(scriptedDice([3]), { what: 'projectiles' })).toEqual({ priceGP: 1, quantity: 9, faces: [3] })
    expect(rollPurchase(scriptedDice([6]), { what: 'basic' })).toEqual({ priceGP: 1, quantity: 12, faces: [6] })
    const odds = purchaseOdds({ what: 'basic' })
    expect(odds.dice).toBe('6 + 1d6')
    expect(odds.rolls).toBe('quantity')
    expect(odds.priceGP).toEqual({ 1: 1 })
    for (let n = 7; n <= 12; n++) expect(odds.quantity[n]).toBeCloseTo(1 / 6, 15)
    expectFrequenciesMatch('osr-basic-lot', odds.quantity, (d) => rollPurchase(d, { what: 'basic' }).quantity)
  })

  it('OSR-5: a simple or common item costs 1d6 GP, a complex or rare one 1d6 × 10 GP, each with its exact odds first', () => {
    expect(rollPurchase(scriptedDice([4]), { what: 'simple' })).toEqual({ priceGP: 4, quantity: 1, faces: [4] })
    expect(rollPurchase(scriptedDice([2]), { what: 'rare' })).toEqual({ priceGP: 20, quantity: 1, faces: [2] })
    const rare = purchaseOdds({ what: 'rare' })
    expect(rare.dice).toBe('1d6 × 10')
    expect(rare.rolls).toBe('price')
    expect(Object.keys(rare.priceGP).map(Number)).toEqual([10, 20, 30, 40, 50, 60])
    expect(totalOf(rare.priceGP)).toBeCloseTo(1, 14)
    expectFrequenciesMatch('osr-rare-price', rare.priceGP, (d) => rollPurchase(d, { what: 'rare' }).priceGP)
    expect(purchaseOdds({ what: 'simple' }).priceGP[6]).toBeCloseTo(1 / 6, 15)
  })

  it('OSR-5: refuses in words a weapon without its class and armour without a modifier', () => {
    expect(() => rollPurchase(scriptedDice([]), { what: 'melee' })).toThrow('A weapon needs its class: short, standard or long.')
    expect(() => purchaseOdds({ what: 'armour' })).toThrow('The armour modifier must be a whole number')
    expect(() => purchaseOdds({ what: 'armour', modifier: 0 })).toThrow('The armour modifier must be at least 1; got 0.')
  })
})
