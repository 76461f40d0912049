import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { checkOdds, isItSoOdds, resolveCheck, rollCheck, rollIsItSo } from '../../../src/main/engines/osr'
import { expectFrequenciesMatch } from './helpers'

/** Closed form: naturals 2..19 with natural + modifier ≥ target, plus the natural 20. */
function closedFormSuccess(modifier: number, target = 10): number {
  const needed = Math.max(2, target - modifier)
  return (1 + Math.min(18, Math.max(0, 20 - needed))) / 20
}

describe('OSR-10: a check is d20 + modifier ≥ 10', () => {
  it('OSR-10 (seed example): Glam leaps the flooded junction, rolls 10 with B −1 and falls short by 1', () => {
    const leap = rollCheck(scriptedDice([10]), { modifier: -1 })
    expect(leap).toEqual({ natural: 10, total: 9, success: false, spectacular: false, margin: -1, faces: [10] })
  })

  it('OSR-10: a total of exactly 10 succeeds with margin 0; 9 fails', () => {
    expect(rollCheck(scriptedDice([11]), { modifier: -1 })).toMatchObject({ success: true, margin: 0 })
    expect(rollCheck(scriptedDice([9]), { modifier: 0 })).toMatchObject({ success: false, margin: -1 })
  })

  it('OSR-10: a natural 1 fails spectacularly even when the total would pass', () => {
    expect(rollCheck(scriptedDice([1]), { modifier: 12 })).toMatchObject({ total: 13, success: false, spectacular: true })
  })

  it('OSR-10: a natural 20 succeeds spectacularly even when the total would fail', () => {
    expect(rollCheck(scriptedDice([20]), { modifier: -15 })).toMatchObject({ total: 5, success: true, spectacular: true, margin: -5 })
  })

  it('OSR-10: the GM may set another target; the margin is measured from it', () => {
    expect(rollCheck(scriptedDice([12]), { modifier: 1, target: 15 })).toMatchObject({ success: false, margin: -2 })
  })

  it('OSR-10: refuses a fractional modifier or a face a d20 cannot show, naming it', () => {
    expect(() => rollCheck(scriptedDice([10]), { modifier: 0.5 })).toThrow(/check modifier must be a whole number; got 0.5/)
    expect(() => resolveCheck(21, { modifier: 0 })).toThrow(/d20 face must be at most 20; got 21/)
  })

  it('OSR-10 / DICE-2: exact odds equal the closed form for modifiers −25 … +25 and several targets', () => {
    for (const target of [5, 10, 15, 25]) {
      for (let modifier = -25; modifier <= 25; modifier++) {
        const odds = checkOdds({ modifier, target })
        expect(odds.success).toBeCloseTo(closedFormSuccess(modifier, target), 14)
        expect(odds.success + odds.failure).toBeCloseTo(1, 14)
        expect(odds.spectacularSuccess).toBe(1 / 20)
        expect(odds.spectacularFailure).toBe(1 / 20)
      }
    }
    // The natural 1 and 20 bound every check between 1/20 and 19/20.
    expect(checkOdds({ modifier: 100 }).success).toBeCloseTo(19 / 20, 14)
    expect(checkOdds({ modifier: -100 }).success).toBeCloseTo(1 / 20, 14)
  })

  it('OSR-10 / DICE-2: 200,000 seeded checks at B −1 match the exact odds within 4 standard errors', () => {
    const odds = checkOdds({ modifier: -1 })
    expectFrequenciesMatch('osr-check', { success: odds.success, failure: odds.failure }, (d) =>
      rollCheck(d, { modifier: -1 }).success ? 'success' : 'failure',
    )
  })
})

describe('OSR-11: when the GM is unsure, d6 5+ it is so', () => {
  it('OSR-11 (seed example): hidden debris is there on a 5, not on a 4', () => {
    expect(rollIsItSo(scriptedDice([5]))).toEqual({ face: 5, itIs: true, faces: [5] })
    expect(rollIsItSo(scriptedDice([4])).itIs).toBe(false)
  })

  it('OSR-11: exact odds are 1/3, and 200,000 rolls agree', () => {
    const odds = isItSoOdds()
    expect(odds.itIs).toBeCloseTo(1 / 3, 15)
    expectFrequenciesMatch('osr-is-it-so', { yes: odds.itIs, no: odds.itIsNot }, (d) => (rollIsItSo(d).itIs ? 'yes' : 'no'))
  })
})
