import { describe, expect, it } from 'vitest'
import { DEFAULT_LEVEL_THRESHOLDS, experienceForLevel, levelForExperience, levelReached, splitAward, thresholdProblems } from '../../../src/main/engines/osr'

describe('OSR-6: an award shared equally by the party', () => {
  it('OSR-6: an award that divides gives each the same share, nothing left over', () => {
    expect(splitAward({ award: 9, shares: 3, remainder: 'nobody' })).toEqual({ share: 3, leftOver: 0, amounts: [3, 3, 3] })
    expect(splitAward({ award: 9, shares: 3, remainder: 'everyone' })).toEqual({ share: 3, leftOver: 0, amounts: [3, 3, 3] })
  })

  it('OSR-6: what is left over is kept by no one, given to the one the GM picks, or rounded up for everyone', () => {
    expect(splitAward({ award: 7, shares: 3, remainder: 'nobody' })).toEqual({ share: 2, leftOver: 1, amounts: [2, 2, 2] })
    expect(splitAward({ award: 8, shares: 3, remainder: 'one', to: 1 })).toEqual({ share: 2, leftOver: 2, amounts: [2, 4, 2] })
    expect(splitAward({ award: 7, shares: 3, remainder: 'everyone' })).toEqual({ share: 2, leftOver: 1, amounts: [3, 3, 3] })
  })

  it('OSR-6: an award smaller than the party leaves each share at 0', () => {
    expect(splitAward({ award: 2, shares: 4, remainder: 'nobody' }).amounts).toEqual([0, 0, 0, 0])
    expect(splitAward({ award: 2, shares: 4, remainder: 'one', to: 3 }).amounts).toEqual([0, 0, 0, 2])
    expect(splitAward({ award: 2, shares: 4, remainder: 'everyone' }).amounts).toEqual([1, 1, 1, 1])
  })

  it('OSR-6: refuses in words an award of no XP, no one to share it, or no one to give the rest to', () => {
    expect(() => splitAward({ award: 0, shares: 2, remainder: 'nobody' })).toThrow('The award must be at least 1; got 0.')
    expect(() => splitAward({ award: 3, shares: 0, remainder: 'nobody' })).toThrow('The number of shares must be at least 1; got 0.')
    expect(() => splitAward({ award: 3, shares: 2, remainder: 'one' })).toThrow('The one who gets what is left over must be a whole number')
    expect(() => splitAward({ award: 3, shares: 2, remainder: 'one', to: 2 })).toThrow('must be at most 1; got 2.')
  })
})

describe('OSR-6: the thresholds per level, as the GM sets them', () => {
  it("OSR-6 (seed's guide): by default each XP — a small fortune or a small army — is a level, as the sheet always counted", () => {
    expect(DEFAULT_LEVEL_THRESHOLDS).toEqual([1])
    for (const xp of [0, 1, 2, 3, 10]) expect(levelReached(xp)).toBe(levelForExperience({ experience: xp }))
    expect(experienceForLevel(1)).toBe(0)
    expect(experienceForLevel(2)).toBe(1)
    expect(experienceForLevel(7)).toBe(6)
  })

  it('OSR-6: the GM’s list says where levels 2, 3 … begin; past its end each level takes the last step again', () => {
    const table = [100, 300, 600]
    expect([1, 2, 3, 4, 5, 6].map((l) => experienceForLevel(l, table))).toEqual([0, 100, 300, 600, 900, 1200])
    expect([0, 99, 100, 299, 300, 650, 899, 900, 1200].map((xp) => levelReached(xp, table))).toEqual([1, 1, 2, 2, 3, 4, 4, 5, 6])
    expect([1, 2, 3].map((l) => experienceForLevel(l, [2000]))).toEqual([0, 2000, 4000])
    expect(levelReached(-5, table)).toBe(1)
  })

  it('OSR-6: a level is reached exactly at its threshold, for every level up to 30', () => {
    for (const table of [[1], [100, 300, 600], [2000, 4000, 8000, 16000]]) {
      for (let level = 1; level <= 30; level++) {
        const at = experienceForLevel(level, table)
        expect(levelReached(at, table)).toBe(level)
        if (level > 1) expect(levelReached(at - 1, table)).toBe(level - 1)
      }
    }
  })

  it('OSR-6: refuses a list that is empty, not whole, or not rising, saying which level is wrong', () => {
    expect(thresholdProblems([])).toEqual(['Give at least one threshold: the XP at which level 2 begins.'])
    expect(thresholdProblems([100, 50, 0.5])).toEqual([
      'Level 3 (50 XP) must take more XP than level 2 (100 XP).',
      'Level 4 must begin at a whole number of XP, 1 or more; got 0.5.',
    ])
    expect(thresholdProblems([100, 200])).toEqual([])
    expect(() => levelReached(3, [5, 5])).toThrow('Level 3 (5 XP) must take more XP than level 2 (5 XP).')
  })
})
