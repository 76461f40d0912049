import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  armourPrice,
  CONTAINER_CAPACITY_LBS,
  coinWeight,
  fillContainer,
  itemPriceOdds,
  itemWeight,
  rollItemPrice,
  rollStartingGold,
  startingGoldOdds,
  weaponPrice,
} from '../../../src/main/engines/osr'
import { expectFrequenciesMatch, totalOf } from './helpers'

describe('OSR-5: wealth, prices, weight and capacity', () => {
  it('OSR-5: starting gold is 3d6 × 5 GP, from 15 to 90', () => {
    expect(rollStartingGold(scriptedDice([3, 4, 3]))).toEqual({ gold: 50, faces: [3, 4, 3] })
    const odds = startingGoldOdds()
    expect(odds[15]).toBeCloseTo(1 / 216, 15)
    expect(odds[55]).toBeCloseTo(27 / 216, 15)
    expect(odds[90]).toBeCloseTo(1 / 216, 15)
    expect(totalOf(odds)).toBeCloseTo(1, 14)
    expectFrequenciesMatch('osr-gold', odds, (d) => rollStartingGold(d).gold)
  })

  it("OSR-5 (seed): melee weapons cost their maximum harm — Glam's dagger 3 GP, a spear 7 GP", () => {
    expect(weaponPrice({ weapon: 'short' })).toBe(3)
    expect(weaponPrice({ weapon: 'standard' })).toBe(6)
    expect(weaponPrice({ weapon: 'long' })).toBe(7)
    expect(weaponPrice({ weapon: 'standard', advanced: true })).toBe(12)
  })

  it('OSR-5: ranged weapons cost ten times their maximum harm — a bow 60 GP, a crossbow 70 GP', () => {
    expect(weaponPrice({ weapon: 'standard', ranged: true })).toBe(60)
    expect(weaponPrice({ weapon: 'long', ranged: true })).toBe(70)
  })

  it("OSR-5 (seed example): chainmail (+3) costs 3² × 5 = 45 GP; Glam's leather jerkin (+1) 5 GP", () => {
    expect(armourPrice(3)).toBe(45)
    expect(armourPrice(1)).toBe(5)
    expect(() => armourPrice(-1)).toThrow(/armour modifier must be at least 0/)
  })

  it('OSR-5: 6 + 1d6 basic items or projectiles for 1 GP; simple 1d6 GP; complex 1d6 × 10 GP', () => {
    expect(rollItemPrice(scriptedDice([4]), { kind: 'basic' })).toEqual({ priceGP: 1, quantity: 10, faces: [4] })
    expect(rollItemPrice(scriptedDice([4]), { kind: 'simple' })).toEqual({ priceGP: 4, quantity: 1, faces: [4] })
    expect(rollItemPrice(scriptedDice([4]), { kind: 'complex' })).toEqual({ priceGP: 40, quantity: 1, faces: [4] })
    expect(itemPriceOdds({ kind: 'basic' }).quantity).toEqual({ 7: 1 / 6, 8: 1 / 6, 9: 1 / 6, 10: 1 / 6, 11: 1 / 6, 12: 1 / 6 })
    expect(itemPriceOdds({ kind: 'complex' }).priceGP[60]).toBeCloseTo(1 / 6, 15)
    expect(() => rollItemPrice(scriptedDice([4]), { kind: 'priceless' as 'basic' })).toThrow(/"priceless" is not an item kind; use one of basic, simple, complex/)
  })

  it('OSR-5: an item weighs its GP value in lbs unless the GM says otherwise; 5 GP of coins weigh 1 lb', () => {
    expect(itemWeight({ priceGP: 45 })).toBe(45)
    expect(itemWeight({ priceGP: 45, gmWeightLbs: 20 })).toBe(20)
    expect(coinWeight(50)).toBe(10)
    expect(coinWeight(7)).toBeCloseTo(1.4, 15)
  })

  it('OSR-5: a sack holds 25 lbs and a pack 50 lbs; an overfull one is refused with the excess', () => {
    expect(CONTAINER_CAPACITY_LBS).toEqual({ sack: 25, pack: 50 })
    expect(fillContainer({ container: 'pack', loadLbs: 25 })).toEqual({ ok: true, spareLbs: 25 })
    // The seed's Glam carries "sacks holding 40 lbs of treasure each", more than a sack holds:
    // the capacity rule wins and the seed slip is reported.
    expect(fillContainer({ container: 'sack', loadLbs: 40 })).toEqual({ ok: false, reason: 'A sack holds 25 lbs; 40 lbs is 15 lbs too much.' })
    expect(() => fillContainer({ container: 'barrel' as 'sack', loadLbs: 1 })).toThrow(/"barrel" is not a container; use one of sack, pack/)
  })
})
