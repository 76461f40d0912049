import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { initiativeOdds, rollInitiative, ROUND_SECONDS, ROUNDS_PER_TURN, TURN_MINUTES } from '../../../src/main/engines/osr'
import { expectFrequenciesMatch } from './helpers'

const glam = { id: 'Glam', M: 0 }
const chief = { id: 'brigand chief', M: 1 }
const leech = { id: 'leech', M: -1 }

describe('OSR-14: rounds and initiative', () => {
  it('OSR-14: a round is 5 seconds, 60 to a 5-minute turn', () => {
    expect(ROUND_SECONDS * ROUNDS_PER_TURN).toBe(TURN_MINUTES * 60)
  })

  it('OSR-14: everyone rolls d20 + M; the highest acts first', () => {
    const result = rollInitiative(scriptedDice([15, 8, 3]), { round: 2, combatants: [glam, chief, leech] })
    expect(result.rolls).toEqual([
      { id: 'Glam', natural: 15, total: 15 },
      { id: 'brigand chief', natural: 8, total: 9 },
      { id: 'leech', natural: 3, total: 2 },
    ])
    expect(result.order).toEqual([
      { total: 15, ids: ['Glam'] },
      { total: 9, ids: ['brigand chief'] },
      { total: 2, ids: ['leech'] },
    ])
    expect(result.faces).toEqual([15, 8, 3])
  })

  it('OSR-14: equal totals act simultaneously', () => {
    const result = rollInitiative(scriptedDice([12, 11, 13]), { round: 1, combatants: [glam, chief, leech] })
    expect(result.order).toEqual([{ total: 12, ids: ['Glam', 'brigand chief', 'leech'] }])
  })

  it("OSR-14: the GM's surprise modifier changes the first round's rolls only", () => {
    const surprised = { ...chief, surprise: -5 }
    const first = rollInitiative(scriptedDice([10, 13]), { round: 1, combatants: [glam, surprised] })
    expect(first.order.map((s) => s.ids)).toEqual([['Glam'], ['brigand chief']])
    expect(first.rolls[1]).toEqual({ id: 'brigand chief', natural: 13, total: 9 })
    // The same faces in a later round, with no surprise: the chief acts first.
    const later = rollInitiative(scriptedDice([10, 13]), { round: 2, combatants: [glam, chief] })
    expect(later.order.map((s) => s.ids)).toEqual([['brigand chief'], ['Glam']])
    expect(() => rollInitiative(scriptedDice([10, 14]), { round: 2, combatants: [glam, surprised] })).toThrow(/Surprise modifies only the first round/)
  })

  it('OSR-14: two combatants with one id are refused', () => {
    expect(() => rollInitiative(scriptedDice([1, 2]), { round: 1, combatants: [glam, glam] })).toThrow(/its own id/)
  })

  it('OSR-14 / DICE-2: exact odds of acting first, together or second — closed form for equal M', () => {
    const even = initiativeOdds({ first: glam, second: { id: 'twin', M: 0 }, round: 2 })
    expect(even.together).toBeCloseTo(20 / 400, 15)
    expect(even.firstActsFirst).toBeCloseTo(190 / 400, 15)
    expect(even.secondActsFirst).toBeCloseTo(190 / 400, 15)
    // M +1 against M 0: the chief leads when d20 − d20 > −1.
    const odds = initiativeOdds({ first: chief, second: glam, round: 2 })
    expect(odds.firstActsFirst).toBeCloseTo(210 / 400, 15)
    expect(odds.together).toBeCloseTo(19 / 400, 15)
    expect(odds.firstActsFirst + odds.together + odds.secondActsFirst).toBeCloseTo(1, 15)
  })

  it('OSR-14: 200,000 seeded rounds match the exact pairwise odds within 4 standard errors', () => {
    const surprisedChief = { ...chief, surprise: -3 }
    const odds = initiativeOdds({ first: glam, second: surprisedChief, round: 1 })
    expectFrequenciesMatch('osr-initiative', { first: odds.firstActsFirst, together: odds.together, second: odds.secondActsFirst }, (d) => {
      const [a, b] = rollInitiative(d, { round: 1, combatants: [glam, surprisedChief] }).rolls
      return a!.total > b!.total ? 'first' : a!.total === b!.total ? 'together' : 'second'
    })
  })
})
