import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { resistanceTarget, rollSave, saveOdds } from '../../../src/main/engines/osr'
import { expectFrequenciesMatch } from './helpers'

describe('OSR-3: resistance', () => {
  it('OSR-3 (seed): 15+ at L1, 14+ at L2, 13+ at L3, one lower per level gained', () => {
    expect([1, 2, 3, 4].map((level) => resistanceTarget({ level }))).toEqual([15, 14, 13, 12])
  })

  it('OSR-3: high tolerance lowers the target by 2 per time taken', () => {
    expect(resistanceTarget({ level: 1, highTolerance: 1 })).toBe(13)
    expect(resistanceTarget({ level: 3, highTolerance: 2 })).toBe(9)
  })

  it('OSR-3 Decision: the target never goes below 2, so a natural 1 never saves', () => {
    expect(resistanceTarget({ level: 20, highTolerance: 2 })).toBe(2)
    expect(rollSave(scriptedDice([1]), { target: 2 }).saved).toBe(false)
    expect(() => rollSave(scriptedDice([1]), { target: 1 })).toThrow(/resistance target must be at least 2; got 1/)
  })

  it('OSR-3: a d20 equal to the target saves; one less does not', () => {
    expect(rollSave(scriptedDice([14]), { target: 14 })).toEqual({ natural: 14, target: 14, saved: true, faces: [14] })
    expect(rollSave(scriptedDice([13]), { target: 14 }).saved).toBe(false)
  })

  it('OSR-3: refuses a level below 1 or high tolerance taken three times', () => {
    expect(() => resistanceTarget({ level: 0 })).toThrow(/level must be at least 1/)
    expect(() => resistanceTarget({ level: 1, highTolerance: 3 })).toThrow(/high tolerance was taken must be at most 2/)
  })

  it('OSR-3 / DICE-2: exact save odds are (21 − target) / 20 for every target 2 … 20', () => {
    for (let target = 2; target <= 20; target++) {
      const odds = saveOdds({ target })
      expect(odds.saved).toBeCloseTo((21 - target) / 20, 15)
      expect(odds.saved + odds.notSaved).toBeCloseTo(1, 15)
    }
  })

  it('OSR-3: 200,000 seeded saves at 14+ match the exact odds within 4 standard errors', () => {
    const odds = saveOdds({ target: 14 })
    expectFrequenciesMatch('osr-save', { saved: odds.saved, lost: odds.notSaved }, (d) => (rollSave(d, { target: 14 }).saved ? 'saved' : 'lost'))
  })
})
