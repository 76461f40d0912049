import { describe, expect, it } from 'vitest'
import { scriptedDice, seededDice } from '../../../src/main/engines/dice'
import {
  challengeDiceOdds,
  challengeDieValue,
  playChallenge,
  playRound,
  rollChallengeDice,
  startChallenge,
  type RandomPlace,
} from '../../../src/main/engines/challenge'
import { ok, refused } from './helpers'

const sides = (r: { rounds: { pool: number }[][] }): number[][] => r.rounds.map((round) => round.map((s) => s.pool))

describe('CH-11: challenge dice count 0 on a 1, 2 on a 6, 1 otherwise', () => {
  it('maps each face', () => {
    expect([1, 2, 3, 4, 5, 6].map(challengeDieValue)).toEqual([0, 1, 1, 1, 1, 2])
    expect(rollChallengeDice(scriptedDice([3, 4, 3]), 3)).toEqual({ total: 3, faces: [3, 4, 3] })
    expect(rollChallengeDice(scriptedDice([]), 0)).toEqual({ total: 0, faces: [] })
  })

  it('gives exact odds: 1 die 1/6, 4/6, 1/6; 2 dice 1, 8, 18, 8, 1 in 36; the mean is the number', () => {
    expect(challengeDiceOdds(1)).toEqual([1 / 6, 4 / 6, 1 / 6])
    challengeDiceOdds(2).forEach((p, k) => expect(p).toBeCloseTo([1, 8, 18, 8, 1][k]! / 36, 15))
    for (const n of [3, 10, 40]) {
      const odds = challengeDiceOdds(n)
      expect(odds).toHaveLength(2 * n + 1)
      expect(Math.abs(odds.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12)
      expect(odds.reduce((mean, p, k) => mean + p * k, 0)).toBeCloseTo(n, 10)
    }
  })

  it('statistical: 200,000 rolls of 3 challenge dice match the exact odds within 4 standard errors', () => {
    const dice = seededDice('challenge-dice')
    const n = 200_000
    const counts = new Array<number>(7).fill(0)
    for (let i = 0; i < n; i++) counts[rollChallengeDice(dice, 3).total]!++
    challengeDiceOdds(3).forEach((p, k) => {
      expect(Math.abs(counts[k]! / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n))
    })
  })
})

describe('CH-11: Akane 3 v the cheeseburger 3, with dice at one place', () => {
  it('at pools: Akane rolls 3 4 3 → 3, the kitchen 5 1 4 → 2; Akane wins', () => {
    const played = ok(playChallenge([{ rating: 3 }, { rating: 3 }], { randomness: { place: 'pools', dice: scriptedDice([3, 4, 3, 5, 1, 4]) } }))
    expect(played.startDice).toEqual([
      { place: 'pools', what: 'pool', who: 'a', count: 3, faces: [3, 4, 3], total: 3 },
      { place: 'pools', what: 'pool', who: 'b', count: 3, faces: [5, 1, 4], total: 2 },
    ])
    // 3 v 2: Akane loses half of 2 = 1; the kitchen loses 3.
    expect(sides(played)).toEqual([[2, -1]])
    expect(played.winner).toBe('single')
    expect(played.reports[0]?.dice).toEqual([])
  })

  it('at comparison: 2 2 2 → 3 and 4 3 4 → 3, still a tie (1/1); then one die each', () => {
    const played = ok(
      playChallenge([{ rating: 3 }, { rating: 3 }], { randomness: { place: 'comparison', dice: scriptedDice([2, 2, 2, 4, 3, 4, 6, 2]) } }),
    )
    expect(played.reports[0]?.dice.map((d) => [d.who, d.faces, d.total])).toEqual([
      ['a', [2, 2, 2], 3],
      ['b', [4, 3, 4], 3],
    ])
    // Round 2 (faces chosen for the test): Akane's 1 rolls a 6 → 2 against a 2 → 1. She loses
    // half of 1 = 1 (→ 0), the kitchen 2 (→ −1): both out, and 0 beats −1.
    expect(sides(played)).toEqual([
      [1, 1],
      [0, -1],
    ])
    expect(played.winner).toBe('single')
  })

  it('at losses: each inflicts 2 dice (half of 3); Akane 5 6 → 3, the kitchen 5 2 → 2; Akane wins', () => {
    const played = ok(playChallenge([{ rating: 3 }, { rating: 3 }], { randomness: { place: 'losses', dice: scriptedDice([5, 6, 5, 2]) } }))
    expect(played.reports[0]?.dice).toEqual([
      { place: 'losses', what: 'loss', who: 'a on b', count: 2, faces: [5, 6], total: 3 },
      { place: 'losses', what: 'loss', who: 'b on a', count: 2, faces: [5, 2], total: 2 },
    ])
    expect(sides(played)).toEqual([[1, 0]])
    expect(played.winner).toBe('single')
  })

  it('at modifiers: with no bonus, reserves or resistance, no die is rolled and nothing changes', () => {
    const played = ok(playChallenge([{ rating: 3 }, { rating: 3 }], { randomness: { place: 'modifiers', dice: scriptedDice([]) } }))
    expect(sides(played)).toEqual([
      [1, 1],
      [0, 0],
    ])
  })
})

describe('CH-11: modifiers roll bonus and resistance every round, reserves once', () => {
  it('Boadicca’s spear rolls 1 1 → no bonus this round: 6 v 7, and the boar wins', () => {
    const played = ok(playChallenge([{ rating: 6, bonus: 2 }, { rating: 7 }], { randomness: { place: 'modifiers', dice: scriptedDice([1, 1]) } }))
    expect(played.reports[0]?.sides.map((s) => [s.bonusUsed, s.effective, s.after.pool])).toEqual([
      [0, 6, -1],
      [0, 7, 4],
    ])
    expect(played.winner).toBe('opponents')
  })

  it('Cecilie’s armour: reserves 6 rolled once before the first round (6 6 6 1 1 1 → 6), then the rounds roll nothing', () => {
    const played = ok(playChallenge([{ rating: 7, reserves: 6 }, { rating: 8 }], { randomness: { place: 'modifiers', dice: scriptedDice([6, 6, 6, 1, 1, 1]) } }))
    expect(played.startDice).toEqual([{ place: 'modifiers', what: 'reserves', who: 'a', count: 6, faces: [6, 6, 6, 1, 1, 1], total: 6 }])
    expect(sides(played)).toEqual([
      [5, 4],
      [3, -1],
    ])
  })

  it('resistance is rolled each round: the mother dragon’s 4 rolls 1 1 1 1 → 0, so Cecilie’s 7 all gets through', () => {
    const started = ok(
      startChallenge([{ rating: 7 }, { rating: 6, resistance: 4 }], { randomness: { place: 'modifiers', dice: seededDice(1) } }),
    )
    const { report } = ok(playRound(started.state, { dice: scriptedDice([1, 1, 1, 1]) }))
    expect(report.dice).toEqual([{ place: 'modifiers', what: 'resistance', who: 'b', count: 4, faces: [1, 1, 1, 1], total: 0 }])
    expect(report.sides[1]).toMatchObject({ resistanceUsed: 0, through: 7, after: { pool: -1, resistance: 4 } })
  })
})

describe('CH-11: at most one place', () => {
  it('refuses a place that is not one of the four, and a round without its dice', () => {
    const bad = startChallenge([{ rating: 3 }, { rating: 3 }], { randomness: { place: 'everywhere' as RandomPlace, dice: seededDice(1) } })
    expect(refused(bad)[0]).toMatch(/Dice can go at one of pools, comparison, losses, modifiers \(CH-11\); got everywhere/)
    const started = ok(startChallenge([{ rating: 3 }, { rating: 3 }], { randomness: { place: 'losses', dice: seededDice(1) } }))
    expect(refused(playRound(started.state))).toEqual(['Dice are used at "losses" in this challenge (CH-11); give the round its dice.'])
  })

  it('rolls dice only at the chosen place: with dice at losses, pools and bonus stay as they are', () => {
    const played = ok(playChallenge([{ rating: 6, bonus: 2 }, { rating: 8, reserves: 3 }], { randomness: { place: 'losses', dice: seededDice('one place') } }))
    const places = new Set([...played.startDice, ...played.reports.flatMap((r) => r.dice)].map((d) => d.place))
    expect([...places]).toEqual(['losses'])
    expect(played.reports[0]?.sides.map((s) => s.effective)).toEqual([8, 8])
  })
})
