import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assistance, bonusAs, complementaryBonus, roundHalfUp, twoComplementaryBonus, withAssistance } from '../../../src/main/engines/challenge'
import { ok, refused } from './helpers'

describe('CH-6: complementary abilities, stepped', () => {
  it('Evangeline decking 6 with the logs at 3: at least half but under two-thirds → a quarter of 3 → +1', () => {
    expect(complementaryBonus(6, 3)).toBe(1)
  })
  it('each step: C ≥ P → C/2; C ≥ 2P/3 → C/3; C ≥ P/2 → C/4; else 0 (primary 6)', () => {
    expect([2, 3, 4, 5, 6, 9].map((c) => complementaryBonus(6, c))).toEqual([0, 1, 1, 2, 3, 5])
  })
  it('thresholds are exact: 2 is exactly two-thirds of 3, 3 exactly half of 6', () => {
    expect(complementaryBonus(3, 2)).toBe(1) // a third of 2, rounded
    expect(complementaryBonus(7, 4)).toBe(1) // 4 < 14/3: a quarter of 4
    expect(complementaryBonus(7, 5)).toBe(2) // 5 ≥ 14/3: a third of 5
  })
  it('refuses a primary of 0 or a negative complementary rating', () => {
    expect(() => complementaryBonus(0, 3)).toThrow(/primary rating must be a whole number, 1 or more; got 0/)
    expect(() => complementaryBonus(6, -1)).toThrow(/complementary rating must be a whole number, 0 or more; got -1/)
  })
})

describe('CH-6: the continuous campaign option, C²/(2P) at most C/2', () => {
  it('rounds C²/(2P) halves up and caps it at C/2', () => {
    expect(complementaryBonus(6, 3, 'continuous')).toBe(1) // 9/12
    expect(complementaryBonus(6, 5, 'continuous')).toBe(2) // 25/12
    expect(complementaryBonus(4, 2, 'continuous')).toBe(1) // 4/8, a half: up
    expect(complementaryBonus(6, 12, 'continuous')).toBe(6) // 144/12 = 12, capped at 12/2
  })
  it('property: never more than half the complementary rating, and never less than the stepped value (it smooths the steps from above)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 120 }), (p, c) => {
        const continuous = complementaryBonus(p, c, 'continuous')
        expect(continuous).toBeLessThanOrEqual(roundHalfUp(c / 2))
        expect(continuous).toBeGreaterThanOrEqual(complementaryBonus(p, c))
      }),
      { numRuns: 1000 },
    )
  })
})

describe('CH-6: two complementary abilities, never more', () => {
  it('Data Ninja 2 raises the logs 3 to 4 (2 is two-thirds of 3 → a third of 2 → 1); 4 is two-thirds of 6 → still +1', () => {
    expect(twoComplementaryBonus(6, 3, 2)).toEqual({ raised: 4, bonus: 1 })
    expect(twoComplementaryBonus(6, 2, 3)).toEqual({ raised: 4, bonus: 1 }) // the lesser raises the greater, in any order
    expect(ok(assistance({ primary: 6, abilities: [3, 2] }))).toMatchObject({ raised: 4, bonus: 1, to: 'self' })
  })
  it('refuses a third complementary ability, and none at all', () => {
    expect(refused(assistance({ primary: 6, abilities: [3, 2, 2] }))).toEqual([
      'At most two complementary abilities apply (CH-6); got 3. Pick the two that matter most.',
    ])
    expect(refused(assistance({ primary: 6, abilities: [] }))[0]).toMatch(/one, or at most two/)
  })
})

describe('CH-6: as reserves (1½ × the rounded bonus) or resistance (¼ of it), and hindering abilities', () => {
  it('a hindering annoyance 3 against decking 6 gives the opponent reserves 2 (3/4 → 1, × 1½ → 2)', () => {
    const help = ok(assistance({ primary: 6, abilities: [3], as: 'reserves', hinders: true }))
    expect(help).toEqual({ ok: true, to: 'opponent', computedBonus: 1, bonus: 0, reserves: 2, resistance: 0 })
    const sides = withAssistance({ own: { rating: 6 }, opponent: { rating: 8 } }, help)
    expect(sides).toEqual({ own: { rating: 6 }, opponent: { rating: 8, bonus: 0, reserves: 2, resistance: 0 } })
  })
  it('as resistance a bonus gives a quarter of itself, rounded: 1 → 0, 2 → 1, 4 → 1, 6 → 2', () => {
    expect([1, 2, 4, 6].map((b) => bonusAs('resistance', b))).toEqual([0, 1, 1, 2])
    expect([1, 2, 3].map((b) => bonusAs('reserves', b))).toEqual([2, 3, 5])
  })
  it('a helping ability adds its bonus to its own side', () => {
    const help = ok(assistance({ primary: 6, abilities: [6] }))
    expect(withAssistance({ own: { rating: 6, bonus: 1 }, opponent: { rating: 8 } }, help).own.bonus).toBe(4)
  })
})
