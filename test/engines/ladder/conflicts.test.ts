import { describe, expect, it } from 'vitest'
import { scriptedDice, seededDice } from '../../../src/main/engines/dice'
import {
  exchangeAP,
  exchangeOdds,
  extendedConflictOdds,
  extendedExchange,
  instantConflictOdds,
  rollInstantConflict,
  startExtendedConflict,
} from '../../../src/main/engines/ladder'
import type { Contender, ExtendedConflictState } from '../../../src/main/engines/ladder'
import { enumerateFaces, expectWithinFourSE } from './helpers'

const good: Contender = { asset: 'good' }
const expert: Contender = { asset: 'expert' }

describe('LAD-6: instant conflicts', () => {
  it('LAD-6: the higher result rung wins (two characters reach for the same gun)', () => {
    const { winner, attempts } = rollInstantConflict(scriptedDice([3, 6, 2]), { a: good, b: good })
    expect(winner).toBe('b')
    expect(attempts).toEqual([{ rolls: { a: { result: 'good', faces: [3] }, b: { result: 'expert', faces: [6, 2] } }, winner: 'b', decidedBy: 'rung' }])
  })

  it('LAD-6: on equal rungs the higher first face wins, even against the better asset', () => {
    // Poor rolls 6, 6, 2 → expert; Expert rolls 4 → expert. Same rung; 6 beats 4.
    const { winner, attempts } = rollInstantConflict(scriptedDice([6, 6, 2, 4]), { a: { asset: 'poor' }, b: expert })
    expect(winner).toBe('a')
    expect(attempts[0]?.decidedBy).toBe('first face')
  })

  it('LAD-6 Decision: equal rungs and equal faces roll again, and every attempt is kept', () => {
    const { winner, attempts } = rollInstantConflict(scriptedDice([4, 4, 2, 2, 3, 5]), { a: good, b: good })
    expect(winner).toBe('b')
    expect(attempts.map((t) => t.decidedBy)).toEqual(['roll again', 'roll again', 'first face'])
    expect(attempts.flatMap((t) => [...t.rolls.a.faces, ...t.rolls.b.faces])).toEqual([4, 4, 2, 2, 3, 5])
  })

  it('LAD-6: refuses dice that can only tie, instead of rolling for ever', () => {
    expect(() => rollInstantConflict({ roll: () => 3 }, { a: good, b: good })).toThrow(/tied 1000 times.*cannot be fair/)
  })

  it('DICE-2: instantConflictOdds is exact, checked against every face sequence, and fair between equals', () => {
    expect(instantConflictOdds({ a: good, b: good }).a).toBeCloseTo(0.5, 14)
    const sides = { a: { asset: 'poor' as const, wonky: 'good' as const }, b: good }
    const { odds, cut } = enumerateFaces((dice) => rollInstantConflict(dice, sides).winner, (w) => w, 10)
    const exact = instantConflictOdds(sides)
    // Sequences longer than 10 faces are left out; they carry at most `cut` of the mass.
    expect(Math.abs((odds.get('a') ?? 0) - exact.a)).toBeLessThanOrEqual(cut + 1e-12)
    expect(exact.a + exact.b).toBeCloseTo(1, 14)
  })

  it('DICE-2: instantConflictOdds agrees with 200,000 seeded conflicts within 4 standard errors', () => {
    const sides = { a: { asset: 'poor' as const }, b: { asset: 'good' as const, wonky: 'bad' as const } }
    const dice = seededDice('instant')
    const n = 200_000
    let aWins = 0
    for (let i = 0; i < n; i++) if (rollInstantConflict(dice, sides).winner === 'a') aWins++
    expectWithinFourSE(aWins, n, instantConflictOdds(sides).a, 'side a wins')
  })
})

describe('LAD-7: Advantage Points for an exchange', () => {
  it('LAD-7 Decision: equal rungs ("equal success") give both sides 1 AP', () => {
    expect(exchangeAP('good', 'good')).toEqual([1, 1])
    expect(exchangeAP('terrible', 'terrible')).toEqual([1, 1])
  })

  it('LAD-7: exceeding by n rungs scores n + 1 AP (1 → 2, 2 → 3, …); the lower side scores none', () => {
    expect(exchangeAP('expert', 'good')).toEqual([2, 0])
    expect(exchangeAP('poor', 'expert')).toEqual([0, 3])
    expect(exchangeAP('improbable', 'terrible')).toEqual([7, 0])
  })

  it('refuses a result that is not a rung', () => {
    expect(() => exchangeAP('great' as never, 'good')).toThrow(/Side a's result must be one of the rungs/)
  })

  it('DICE-2: exchangeOdds sums to 1 and matches every face sequence of an exchange', () => {
    const sides = { a: good, b: { asset: 'expert' as const, wonky: 'bad' as const } }
    const outcomes = exchangeOdds(sides)
    expect(outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 14)
    const { odds } = enumerateFaces(
      (dice) => extendedExchange(dice, startExtendedConflict(), sides).report.scored,
      (s) => s.join(':'),
    )
    for (const o of outcomes) expect(Math.abs((odds.get(o.scored.join(':')) ?? 0) - o.p)).toBeLessThan(1e-12)
  })
})

describe('LAD-8: 6 AP out-manoeuvres the other side', () => {
  it('LAD-8: a sword fight — AP build exchange by exchange until one side reaches 6', () => {
    let state = startExtendedConflict()
    const sides = { a: expert, b: good }
    // Exchange 1: expert 1→good (1, 3) vs good (3) → 1 AP each. Exchange 2: expert 6→superb, the top, so no
    // re-roll (6) vs good 1→poor (1, 3): three rungs, a +4. Exchange 3: expert (2) vs good (5): a +2 → 7.
    const steps = [[1, 3, 3], [6, 1, 3], [2, 5]]
    const seen: [number, number][] = []
    for (const faces of steps) {
      const { state: next, report } = extendedExchange(scriptedDice(faces), state, sides)
      seen.push([report.after.a, report.after.b])
      state = next
    }
    expect(seen).toEqual([[1, 1], [5, 1], [7, 1]])
    expect(state.winner).toBe('a')
    expect(state.exchanges).toBe(3)
  })

  it('LAD-8: the exchange report shows every face and every AP change', () => {
    const { report } = extendedExchange(scriptedDice([6, 3, 1, 4]), startExtendedConflict(), { a: good, b: good })
    expect(report).toEqual({
      exchange: 1,
      rolls: { a: { result: 'expert', faces: [6, 3] }, b: { result: 'poor', faces: [1, 4] } },
      before: { a: 0, b: 0 },
      scored: [3, 0],
      after: { a: 3, b: 0 },
      winner: null,
      tied: false,
    })
  })

  it('LAD-8 Decision: both reaching 6 together with equal AP is a tie; one more exchange decides', () => {
    const tiedAt5: ExtendedConflictState = { extended: false, ap: { a: 5, b: 5 }, exchanges: 4, winner: null, tied: false }
    const first = extendedExchange(scriptedDice([3, 4]), tiedAt5, { a: good, b: good })
    expect(first.state).toMatchObject({ ap: { a: 6, b: 6 }, winner: null, tied: true })
    const again = extendedExchange(scriptedDice([2, 2]), first.state, { a: good, b: good })
    expect(again.state).toMatchObject({ ap: { a: 7, b: 7 }, winner: null, tied: true })
    const decided = extendedExchange(scriptedDice([5, 1, 2]), again.state, { a: good, b: good })
    expect(decided.state).toMatchObject({ ap: { a: 9, b: 7 }, winner: 'a', tied: false })
  })

  it('LAD-8: refuses another exchange once the conflict is won', () => {
    const won: ExtendedConflictState = { extended: false, ap: { a: 6, b: 0 }, exchanges: 2, winner: 'a', tied: false }
    expect(() => extendedExchange(scriptedDice([3, 3]), won, { a: good, b: good })).toThrow(/side a has already won/)
  })

  it('DICE-2: extendedConflictOdds is fair between equals and agrees with 200,000 seeded conflicts', () => {
    expect(extendedConflictOdds(startExtendedConflict(), { a: good, b: good }).a).toBeCloseTo(0.5, 12)
    const sides = { a: good, b: expert }
    const start = startExtendedConflict({ headStart: { a: 2 } })
    const exact = extendedConflictOdds(start, sides)
    expect(exact.a + exact.b).toBeCloseTo(1, 14)
    const dice = seededDice('extended')
    const n = 200_000
    let aWins = 0
    for (let i = 0; i < n; i++) {
      let state = start
      while (!state.winner) state = extendedExchange(dice, state, sides).state
      if (state.winner === 'a') aWins++
    }
    expectWithinFourSE(aWins, n, exact.a, 'side a wins from a 2 AP head start')
  })
})

describe('LAD-9: a starting advantage', () => {
  it('LAD-9: a head start of 1 or 2 AP counts towards the 6 (a long spear)', () => {
    const start = startExtendedConflict({ headStart: { b: 2 } })
    expect(start.ap).toEqual({ a: 0, b: 2 })
    // b rolls expert against good twice, 2 AP each time: 2 + 2 + 2 = 6 after two exchanges instead of three.
    let state = extendedExchange(scriptedDice([3, 6, 2]), start, { a: good, b: good }).state
    expect(state).toMatchObject({ ap: { a: 0, b: 4 }, winner: null })
    state = extendedExchange(scriptedDice([4, 6, 3]), state, { a: good, b: good }).state
    expect(state.winner).toBe('b')
  })

  it('LAD-9: raises the odds of the side with the head start, without making it certain', () => {
    const even = extendedConflictOdds(startExtendedConflict(), { a: good, b: good }).a
    const ahead = extendedConflictOdds(startExtendedConflict({ headStart: { a: 2 } }), { a: good, b: good }).a
    expect(ahead).toBeGreaterThan(even)
    expect(ahead).toBeLessThan(1)
  })

  it('LAD-9: refuses a head start other than 1 or 2 AP, naming the side', () => {
    expect(() => startExtendedConflict({ headStart: { a: 3 } })).toThrow(/head start of 1 or 2 AP; side a was given 3/)
    expect(() => startExtendedConflict({ headStart: { b: -1 } })).toThrow(/side b was given -1/)
  })

  it('LAD-9: a new scene or combat is a new conflict, which starts with AP cleared', () => {
    expect(startExtendedConflict().ap).toEqual({ a: 0, b: 0 })
  })
})
