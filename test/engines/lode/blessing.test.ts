import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { applyBlessing, netBlessing, rollPool } from '../../../src/main/engines/lode'

describe('LODE-4: Blessing and Curse', () => {
  it('seed example: 3 Blessings and 2 Curses are 1 level of Blessing', () => {
    expect(netBlessing({ baseDice: 2, blessing: 3, curse: 2 })).toBe(1)
    const r = rollPool(scriptedDice([2, 3]), { baseDice: 2, blessing: 3, curse: 2 })
    expect(r.faces).toEqual([4, 3])
    expect(r.successes).toBe(1)
  })

  it('Blessing turns the first 2–3 in roll order into a 4–5 (2→4, 3→5)', () => {
    expect(applyBlessing([1, 5, 3, 2], 1)).toEqual([1, 5, 5, 2])
    expect(applyBlessing([1, 5, 3, 2], 2)).toEqual([1, 5, 5, 4])
  })

  it('with no 2–3 left, Blessing turns a 4–5 into a 6, which then explodes', () => {
    // 3→5 first; then the first 4–5 in roll order (that same die) becomes a 6
    const r = rollPool(scriptedDice([3, 5, 6, 6, 2, 1]), { baseDice: 3, blessing: 2 })
    expect(r.rolled).toEqual([3, 5, 6])
    expect(r.faces).toEqual([6, 5, 6])
    expect(r.explosions).toEqual([6, 2, 1])
    // 3 original successes + one from the exploding 6
    expect(r.successes).toBe(4)
  })

  it('Curse turns the first 4–5 into a 2–3 (4→2, 5→3); then 2–3s into 1s', () => {
    expect(applyBlessing([6, 4, 5, 2], -1)).toEqual([6, 2, 5, 2])
    expect(applyBlessing([6, 4, 5, 2], -3)).toEqual([6, 1, 3, 2])
  })

  it('1s and 6s are immune; levels with no die to change do nothing', () => {
    expect(applyBlessing([1, 6, 1], 5)).toEqual([1, 6, 1])
    expect(applyBlessing([1, 6, 1], -5)).toEqual([1, 6, 1])
    expect(applyBlessing([2], 7)).toEqual([6])
  })

  it('Curse can push every die to 1, which fumbles', () => {
    const r = rollPool(scriptedDice([4, 2]), { baseDice: 2, curse: 3 })
    expect(r.faces).toEqual([1, 1])
    expect(r.fumble).toBe(true)
    expect(r.successes).toBe(0)
  })

  it('a roll with any 6 cannot fumble, however strong the Curse', () => {
    const r = rollPool(scriptedDice([6, 4, 1, 5]), { baseDice: 3, curse: 9 })
    expect(r.faces).toEqual([6, 1, 1])
    expect(r.fumble).toBe(false)
    expect(r.successes).toBe(2)
  })

  it('Blessing applies before explosions: the extra dice are never changed', () => {
    const r = rollPool(scriptedDice([6, 2]), { baseDice: 1, blessing: 3 })
    expect(r.explosions).toEqual([2])
    expect(r.successes).toBe(1)
  })

  it('keeps the faces as rolled beside the changed ones, for the log (DICE-3)', () => {
    const r = rollPool(scriptedDice([4, 5]), { baseDice: 2, curse: 1 })
    expect(r.rolled).toEqual([4, 5])
    expect(r.faces).toEqual([2, 5])
  })
})
