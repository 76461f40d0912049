import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  applyHarm,
  formatDiceExpression,
  harmOdds,
  HARM_BY_WEAPON_CLASS,
  rollHarm,
  rollStrike,
  strikeBonus,
  strikeModifier,
  strikeOdds,
  weaponHarmDice,
  type StrikeInput,
} from '../../../src/main/engines/osr'
import { expectFrequenciesMatch, totalOf } from './helpers'

/** Glam (L1, B −1, dagger) against the brigand chief (L2, M +1, chainmail +3, 7 H). */
const glamOnChief: StrikeInput = { attackerB: -1, attackerLevel: 1, defenderM: 1, defenderArmour: 3, weapon: 'short' }

describe('OSR-15: the strike', () => {
  it('OSR-15 (seed example): Glam needs a natural 15 against the brigand chief', () => {
    expect(strikeModifier(glamOnChief)).toBe(-5)
    expect(rollStrike(scriptedDice([14]), glamOnChief).hits).toBe(0)
    expect(rollStrike(scriptedDice([15, 1]), glamOnChief).hits).toBe(1)
    expect(strikeOdds(glamOnChief).hit).toBeCloseTo(6 / 20, 15)
  })

  it('OSR-15 + OSR-16 (seed example): a 16 hits (total 11); the dagger rolls 3, −1 = 2 harm; the chief falls from 7 H to 5', () => {
    // 1d3 is rolled on a d6 (DICE-1): a face of 5 is a 3.
    const strike = rollStrike(scriptedDice([16, 5]), glamOnChief)
    expect(strike.rolls).toEqual([
      { natural: 16, total: 11, success: true, spectacular: false, margin: 1, faces: [16], harm: { dice: '1d3', rolled: 3, harm: 2, faces: [5] } },
    ])
    expect(strike.totalHarm).toBe(2)
    expect(strike.faces).toEqual([16, 5])
    expect(applyHarm({ h: 7, maxH: 7 }, strike.totalHarm)).toMatchObject({ h: 5, maxH: 7 })
  })

  it('OSR-15: +1 per three full levels of the attacker', () => {
    expect([1, 2, 3, 5, 6, 9].map(strikeBonus)).toEqual([0, 0, 1, 1, 2, 3])
    expect(strikeModifier({ attackerB: 1, attackerLevel: 6, defenderM: -1, defenderArmour: 0 })).toBe(4)
  })

  it('OSR-15: natural 1 misses and natural 20 hits whatever the modifiers, as OSR-10', () => {
    expect(rollStrike(scriptedDice([1]), { ...glamOnChief, situational: 30 }).hits).toBe(0)
    expect(rollStrike(scriptedDice([20, 1]), { ...glamOnChief, defenderArmour: 30 }).rolls[0]).toMatchObject({ success: true, spectacular: true })
  })

  it('OSR-15: a negative armour modifier is refused', () => {
    expect(() => strikeModifier({ ...glamOnChief, defenderArmour: -1 })).toThrow(/armour modifier must be at least 0/)
  })

  it('OSR-15 / DICE-2: strike odds follow the check closed form for every modifier', () => {
    for (let armour = 0; armour <= 12; armour++) {
      const input = { ...glamOnChief, defenderArmour: armour }
      const needed = Math.max(2, 10 - strikeModifier(input))
      expect(strikeOdds(input).hit).toBeCloseTo((1 + Math.min(18, Math.max(0, 20 - needed))) / 20, 15)
    }
  })
})

describe('OSR-16: harm', () => {
  it('OSR-16: limb 1; short 1d3; standard 1d6; long 1d6 + 1', () => {
    expect(HARM_BY_WEAPON_CLASS).toEqual({ limb: '1', short: '1d3', standard: '1d6', long: '1d6+1' })
    expect(rollHarm(scriptedDice([]), { weapon: 'limb', attackerB: 0 }).harm).toBe(1)
    expect(rollHarm(scriptedDice([6]), { weapon: 'standard', attackerB: 0 }).harm).toBe(6)
    expect(rollHarm(scriptedDice([6]), { weapon: 'long', attackerB: 1 })).toEqual({ dice: '1d6+1', rolled: 7, harm: 8, faces: [6] })
  })

  it('OSR-16: highly advanced weapons roll twice the dice and double the fixed part', () => {
    expect(['limb', 'short', 'standard', 'long'].map((w) => formatDiceExpression(weaponHarmDice({ weapon: w as 'limb', advanced: true })))).toEqual([
      '2',
      '2d3',
      '2d6',
      '2d6+2',
    ])
    expect(rollHarm(scriptedDice([3, 4]), { weapon: 'long', advanced: true, attackerB: 0 })).toEqual({ dice: '2d6+2', rolled: 9, harm: 9, faces: [3, 4] })
  })

  it('OSR-16 Decision: a hit always does at least 1 H, even a fist with B −1', () => {
    expect(rollHarm(scriptedDice([]), { weapon: 'limb', attackerB: -1 }).harm).toBe(1)
    expect(rollHarm(scriptedDice([1]), { weapon: 'short', attackerB: -1 }).harm).toBe(1)
  })

  it("OSR-16: a stab in the back adds +5 to the strike and doubles the harm (Glam's dagger: 2 → 4)", () => {
    const stab = rollStrike(scriptedDice([10, 5]), { ...glamOnChief, backstab: true })
    expect(stab.modifier).toBe(0)
    expect(stab.rolls[0]).toMatchObject({ total: 10, success: true })
    expect(stab.totalHarm).toBe(4)
    // The minimum of 1 comes before the doubling: a back-stab always does at least 2.
    expect(rollHarm(scriptedDice([1]), { weapon: 'short', attackerB: -1, backstab: true }).harm).toBe(2)
  })

  it('OSR-16 / DICE-2: exact harm odds, and 200,000 rolls of an advanced long weapon agree', () => {
    expect(harmOdds({ weapon: 'short', attackerB: -1 })).toEqual({ 1: 4 / 6, 2: 2 / 6 })
    const odds = harmOdds({ weapon: 'long', advanced: true, attackerB: -1 })
    expect(odds[3]).toBeCloseTo(1 / 36, 15)
    expect(odds[8]).toBeCloseTo(6 / 36, 15)
    expect(totalOf(odds)).toBeCloseTo(1, 14)
    expectFrequenciesMatch('osr-harm', odds, (d) => rollHarm(d, { weapon: 'long', advanced: true, attackerB: -1 }).harm)
  })

  it('OSR-16: an unknown weapon class is refused, naming the classes', () => {
    expect(() => rollHarm(scriptedDice([1]), { weapon: 'halberd' as 'long', attackerB: 0 })).toThrow(/"halberd" is not a weapon class; use one of limb, short, standard, long/)
    // Refused before any die is thrown, even by a strike that would have missed.
    expect(() => rollStrike(scriptedDice([2]), { ...glamOnChief, weapon: 'halberd' as 'long' })).toThrow(/"halberd" is not a weapon class/)
  })
})

describe('OSR-17: monstrous form', () => {
  const ogre: StrikeInput = { attackerB: 1, attackerLevel: 3, defenderM: 0, defenderArmour: 1, weapon: 'standard', monstrousForm: 2 }

  it('OSR-17: all three rolls are made together, modified the same, before any harm; each hit does harm', () => {
    // d20s 12, 3, 20 first; then harm for the first and third (the hits): d6 4 and 6.
    const strike = rollStrike(scriptedDice([12, 3, 20, 4, 6]), ogre)
    expect(strike.modifier).toBe(1)
    expect(strike.rolls.map((r) => [r.natural, r.total, r.success])).toEqual([
      [12, 13, true],
      [3, 4, false],
      [20, 21, true],
    ])
    expect(strike.rolls.map((r) => r.harm?.harm ?? null)).toEqual([5, null, 7])
    expect(strike.hits).toBe(2)
    expect(strike.totalHarm).toBe(12)
    expect(strike.faces).toEqual([12, 3, 20, 4, 6])
  })

  it('OSR-17: monstrous form may be taken at most twice', () => {
    expect(() => rollStrike(scriptedDice([]), { ...ogre, monstrousForm: 3 })).toThrow(/monstrous form was taken must be at most 2/)
  })

  it('OSR-17 / DICE-2: hits are binomial and total harm sums each roll; 200,000 strikes agree', () => {
    const odds = strikeOdds(ogre)
    const p = odds.hit
    expect(p).toBeCloseTo(12 / 20, 15)
    expect(odds.hits[0]).toBeCloseTo((1 - p) ** 3, 15)
    expect(odds.hits[3]).toBeCloseTo(p ** 3, 15)
    expect(odds.totalHarm[0]).toBeCloseTo((1 - p) ** 3, 15)
    expect(odds.totalHarm[21]).toBeCloseTo((p / 6) ** 3, 15)
    expect(totalOf(odds.totalHarm)).toBeCloseTo(1, 14)
    expectFrequenciesMatch('osr-strike', odds.totalHarm, (d) => rollStrike(d, ogre).totalHarm)
  })
})
