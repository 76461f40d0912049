import { describe, expect, it } from 'vitest'
import { scriptedDice, seededDice } from '../../../src/main/engines/dice'
import {
  ABILITY_RANKS,
  RANKS,
  addAspect,
  aspectOdds,
  rankOdds,
  rankOddsWithAspect,
  rollRank,
  type Rank,
} from '../../../src/main/engines/ranks'

const FACES = [1, 2, 3, 4, 5, 6]
const sum = (r: Record<Rank, number>): number => RANKS.reduce((a, k) => a + r[k], 0)
const atLeast = (r: Record<Rank, number>, rank: Rank): number => RANKS.slice(RANKS.indexOf(rank)).reduce((a, k) => a + r[k], 0)

describe('rankOdds is exact over the 36 outcomes (DICE-2, RK-2)', () => {
  it('equals an enumeration of rollRank on every pair of scripted faces, exactly', () => {
    for (const ability of ABILITY_RANKS) {
      const counts = Object.fromEntries(RANKS.map((r) => [r, 0])) as Record<Rank, number>
      for (const up of FACES) for (const down of FACES) counts[rollRank(scriptedDice([up, down]), { ability }).result]++
      const odds = rankOdds({ ability })
      for (const rank of RANKS) expect(odds[rank]).toBe(counts[rank] / 36)
      expect(Math.abs(sum(odds) - 1)).toBeLessThan(1e-12)
    }
  })

  it('Legendary is exactly 1/36 for every ability; Terrible is 1/36 plus every sum below Poor', () => {
    for (const ability of ABILITY_RANKS) expect(rankOdds({ ability }).legendary).toBe(1 / 36)
    // Poor ability (1): up − down ≤ −1 → 15 of 36, which already includes the natural minimum
    expect(rankOdds({ ability: 'poor' }).terrible).toBe(15 / 36)
    expect(rankOdds({ ability: 'spectacular' }).terrible).toBe(1 / 36)
    // Spectacular (7): up − down ≥ 0 is Spectacular except the natural maximum
    expect(rankOdds({ ability: 'spectacular' }).spectacular).toBe(20 / 36)
  })

  it('RK-5 seed warning, in exact numbers: a Mediocre re-roll reaches Fair or better 15/36 (the seed says "almost 50%"), a Fair one 21/36', () => {
    expect(atLeast(rankOdds({ ability: 'mediocre' }), 'fair')).toBeCloseTo(15 / 36, 15)
    expect(atLeast(rankOdds({ ability: 'fair' }), 'fair')).toBeCloseTo(21 / 36, 15)
    expect(atLeast(rankOdds({ ability: 'fair' }), 'fair')).toBeGreaterThan(0.5)
  })

  it('matches 200,000 seeded rolls within 4 standard errors', () => {
    const n = 200_000
    const dice = seededDice('ranks-stats')
    const counts = Object.fromEntries(RANKS.map((r) => [r, 0])) as Record<Rank, number>
    for (let i = 0; i < n; i++) counts[rollRank(dice, { ability: 'good' }).result]++
    const odds = rankOdds({ ability: 'good' })
    for (const rank of RANKS) {
      const p = odds[rank]
      expect(Math.abs(counts[rank] / n - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n) + 1e-12)
    }
  })
})

describe('the odds after an aspect (RK-4)', () => {
  it('aspectOdds equals an enumeration of the six aspect faces on this roll', () => {
    for (const [up, down] of [[1, 6], [2, 5], [3, 3], [6, 1], [1, 2]] as const) {
      const roll = rollRank(scriptedDice([up, down]), { ability: 'mediocre' })
      const odds = aspectOdds(roll)
      const counts = Object.fromEntries(RANKS.map((r) => [r, 0])) as Record<Rank, number>
      for (const f of FACES) counts[addAspect(scriptedDice([f]), roll).result]++
      for (const rank of RANKS) expect(odds[rank]).toBe(counts[rank] / 6)
    }
  })

  it('a Poor result stays a failure only on an aspect of 1, which gives Mediocre', () => {
    const poor = rollRank(scriptedDice([1, 3]), { ability: 'fair' })
    const odds = aspectOdds(poor)
    expect(odds.mediocre).toBe(1 / 6)
    expect(odds.poor).toBe(0)
  })

  it('rankOddsWithAspect enumerates all 216 outcomes when an aspect is always spent', () => {
    const odds = rankOddsWithAspect({ ability: 'mediocre' })
    expect(Math.abs(sum(odds) - 1)).toBeLessThan(1e-12)
    // with three dice there is no natural result: Legendary cannot happen
    expect(odds.legendary).toBe(0)
    let terrible = 0
    for (const up of FACES) for (const down of FACES) for (const a of FACES) if (2 + up - down + a < 1) terrible++
    expect(odds.terrible).toBe(terrible / 216)
    expect(atLeast(odds, 'fair')).toBeGreaterThan(atLeast(rankOdds({ ability: 'mediocre' }), 'fair'))
  })

  it('refuses odds for a second aspect', () => {
    const once = addAspect(scriptedDice([2]), rollRank(scriptedDice([3, 3]), { ability: 'fair' }))
    expect(() => aspectOdds(once)).toThrow(/only one aspect/)
  })
})
