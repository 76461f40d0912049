import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededDice } from '../../../src/main/engines/dice'
import {
  challengeDiceOdds,
  playOut,
  resolveChallenge,
  startChallenge,
  winOdds,
  type RandomPlace,
  type Side,
  type WinOdds,
} from '../../../src/main/engines/challenge'
import { ok } from './helpers'

const total = (o: WinOdds): number => o.a + o.b + o.draw + o.stalemate

/** Plays `n` whole challenges with seeded dice and counts who won. */
function simulate(a: Side, b: Side, place: RandomPlace, n: number, seed: string): Record<'a' | 'b' | 'draw', number> {
  const dice = seededDice(seed)
  const counts = { a: 0, b: 0, draw: 0 }
  for (let i = 0; i < n; i++) {
    const started = ok(startChallenge([a, b], { randomness: { place, dice } }))
    const { state } = ok(playOut(started.state, { dice, maxRounds: 10_000 }))
    counts[state.winner === 'single' ? 'a' : state.winner === 'opponents' ? 'b' : 'draw']++
  }
  return counts
}

function expectWithin4SE(counts: Record<'a' | 'b' | 'draw', number>, odds: WinOdds, n: number): void {
  for (const k of ['a', 'b', 'draw'] as const) {
    const p = odds[k]
    expect(Math.abs(counts[k] / n - p), `${k}: ${counts[k] / n} against exact ${p}`).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n) + 1e-12)
  }
}

describe('CH-11: exact win odds over a whole challenge (DICE-2)', () => {
  it('1 v 1 with dice at comparison: a 9/35, b 9/35, draw 17/35 (closed form: the 0–0 rolls repeat the round)', () => {
    const o = winOdds({ rating: 1 }, { rating: 1 }, 'comparison')
    expect(o.a).toBeCloseTo(9 / 35, 14)
    expect(o.b).toBeCloseTo(9 / 35, 14)
    expect(o.draw).toBeCloseTo(17 / 35, 14)
    expect(o.stalemate).toBe(0)
  })

  it('with dice at pools it is the sum over rolled pools of the certain outcome', () => {
    const odds = winOdds({ rating: 4, reserves: 2 }, { rating: 5, resistance: 1 }, 'pools')
    const expected = { a: 0, b: 0, draw: 0 }
    challengeDiceOdds(4).forEach((pa, poolA) =>
      challengeDiceOdds(5).forEach((pb, poolB) => {
        const w = resolveChallenge({ rating: 4, pool: poolA, reserves: 2 }, { rating: 5, pool: poolB, resistance: 1 }).winner
        if (w === 'stalemate') throw new Error('no stalemate expected here')
        expected[w] += pa * pb
      }),
    )
    expect(odds.a).toBeCloseTo(expected.a, 13)
    expect(odds.b).toBeCloseTo(expected.b, 13)
    expect(odds.draw).toBeCloseTo(expected.draw, 13)
  })

  it('property: with no dice it is certain, and agrees with resolveChallenge', () => {
    const anySide = fc.record({ rating: fc.integer({ min: 1, max: 25 }), bonus: fc.nat(4), reserves: fc.nat(6), resistance: fc.nat(3) })
    fc.assert(
      fc.property(anySide, anySide, (a, b) => {
        const odds = winOdds(a, b)
        const w = resolveChallenge(a, b, { maxRounds: 1000 }).winner
        expect(odds).toEqual({ a: w === 'a' ? 1 : 0, b: w === 'b' ? 1 : 0, draw: w === 'draw' ? 1 : 0, stalemate: w === 'stalemate' ? 1 : 0 })
      }),
      { numRuns: 300 },
    )
  })

  it('property: at every place the four chances add up to 1', () => {
    const anySide = fc.record({ rating: fc.integer({ min: 1, max: 8 }), bonus: fc.nat(3), reserves: fc.nat(4), resistance: fc.nat(2) })
    fc.assert(
      fc.property(anySide, anySide, fc.constantFrom<RandomPlace>('pools', 'comparison', 'losses', 'modifiers'), (a, b, place) => {
        expect(Math.abs(total(winOdds(a, b, place)) - 1)).toBeLessThan(1e-12)
      }),
      { numRuns: 200 },
    )
  })

  it('a challenge no round can ever change is a stalemate, with certainty', () => {
    // Resistance 10 stops any loss 3 + 3 dice can make (at most 6).
    expect(winOdds({ rating: 3, resistance: 10 }, { rating: 3, resistance: 10 }, 'comparison')).toEqual({ a: 0, b: 0, draw: 0, stalemate: 1 })
  })

  it('the underdog has a real chance once dice are on: 7 v 10 at comparison', () => {
    const o = winOdds({ rating: 7 }, { rating: 10 }, 'comparison')
    expect(o.a).toBeGreaterThan(0.05)
    expect(o.a).toBeLessThan(0.5)
    expect(winOdds({ rating: 7 }, { rating: 10 }).b).toBe(1)
  })

  it('statistical: 200,000 challenges (4, reserves 1 v 3 + bonus 1) at comparison match the exact odds within 4 standard errors', () => {
    const a = { rating: 4, reserves: 1 }
    const b = { rating: 3, bonus: 1 }
    const n = 200_000
    expectWithin4SE(simulate(a, b, 'comparison', n, 'odds-comparison'), winOdds(a, b, 'comparison'), n)
  })

  it('statistical: 200,000 challenges (5, resistance 1 v 4 + bonus 2, reserves 2) at modifiers match the exact odds', () => {
    const a = { rating: 5, resistance: 1 }
    const b = { rating: 4, bonus: 2, reserves: 2 }
    const n = 200_000
    expectWithin4SE(simulate(a, b, 'modifiers', n, 'odds-modifiers'), winOdds(a, b, 'modifiers'), n)
  })

  it('refuses a challenge too large for its state table, saying how large (60 × 21 × 60 × 21 cells)', () => {
    expect(() => winOdds({ rating: 60, reserves: 20 }, { rating: 60, reserves: 20 }, 'comparison')).toThrow(
      /need 1587600 states, more than the limit of 1000000/,
    )
  })
})
