import { describe, expect, it } from 'vitest'
import {
  challengeInjury,
  challengeRound,
  consequence,
  deepestThreshold,
  playChallenge,
  reductionBase,
  reductionPoints,
  restoreAfterChallenge,
  splitReduction,
  type ReductionSource,
} from '../../../src/main/engines/challenge'
import { ok, refused } from './helpers'

const iridiaSources: ReductionSource[] = [
  { name: 'Iridia', owner: true, rating: 7, reserves: 2 },
  { name: 'St Kristine’s staff', bonus: 2 },
  { name: 'Joiry', rating: 4 },
]

describe('CH-10: thresholds, measured against the starting pool; only the deepest applies', () => {
  it('finds the deepest of ≤ half, ≤ 0, ≤ −1, ≤ −half (half of 7 is 4)', () => {
    expect([5, 4, 1, 0, -1, -3, -4, -9].map((low) => deepestThreshold(7, low))).toEqual([
      null,
      'half',
      'half',
      'zero',
      'minus-one',
      'minus-one',
      'minus-half',
      'minus-half',
    ])
  })

  it('reads the table for slightly and very hazardous challenges (Decision: the garbled table as its Iridia example reads it)', () => {
    const penalty = (lowestPool: number, hazard: 'none' | 'slightly' | 'very') => consequence({ startingPool: 8, lowestPool, hazard }).penalty
    expect([4, 0, -1, -4].map((low) => penalty(low, 'slightly'))).toEqual([
      null,
      { kind: 'reduction', scope: 'ability', fraction: '1/4' },
      { kind: 'reduction', scope: 'ability', fraction: '1/4' },
      { kind: 'reduction', scope: 'ability', fraction: '1/2' },
    ])
    expect([4, 0, -1, -4].map((low) => penalty(low, 'very'))).toEqual([
      { kind: 'reduction', scope: 'ability', fraction: '1/4' },
      { kind: 'reduction', scope: 'overall', fraction: '1/4' },
      { kind: 'reduction', scope: 'overall', fraction: '1/2' },
      { kind: 'incapacitated' },
    ])
    expect(penalty(-20, 'none')).toBeNull()
  })

  it('the step-by-step challenge keeps the deepest pool, so the loser’s penalty can be read off', () => {
    // Boadicca against the small dragon: 2, then 0. In a slightly hazardous fight: −¼ ability.
    const played = ok(playChallenge([{ rating: 6, bonus: 2 }, { rating: 8 }]))
    const boadicca = played.state.sides[0]
    expect([boadicca?.startingPool, boadicca?.lowestPool]).toEqual([6, 0])
    expect(consequence({ startingPool: 6, lowestPool: 0, hazard: 'slightly' })).toEqual({
      threshold: 'zero',
      penalty: { kind: 'reduction', scope: 'ability', fraction: '1/4' },
    })
  })

  it('refuses a starting pool below 1', () => {
    expect(() => deepestThreshold(0, -1)).toThrow(/starting pool of 1 or more; got 0/)
  })
})

describe('CH-10: Iridia (Sorcery 7, reserves 2, staff +2, Joiry +1) v the demon, very hazardous', () => {
  it('pool 1 of 7 → −¼ ability; base 7 + 1½ + ⅔ → 9; a quarter is 2 points', () => {
    expect(consequence({ startingPool: 7, lowestPool: 1, hazard: 'very' })).toEqual({
      threshold: 'half',
      penalty: { kind: 'reduction', scope: 'ability', fraction: '1/4' },
    })
    expect(reductionBase({ rating: 7, bonus: 3, reserves: 2 })).toBe(9)
    expect(reductionPoints(9, '1/4')).toBe(2)
    expect(reductionBase({ rating: 4, resistance: 1, bonus: 1 })).toBe(6) // 4 + ½ + 2, rounded down
  })

  it('Slip: the seed has her lose 8 in the round; CH-2 gives 4, so only the consequence arithmetic is used', () => {
    const r = challengeRound({ pool: 7, bonus: 3, reserves: 2, resistance: 0 }, { pool: 8, bonus: 0, reserves: 0, resistance: 0 })
    expect([r.lossA, r.a.reserves, r.a.pool, r.b.pool]).toEqual([4, 0, 5, -2])
  })

  it('she keeps the staff whole: 1 point from her own rating (Sorcery 6), 1 from Joiry (Sorcery 3)', () => {
    const split = ok(
      splitReduction(2, iridiaSources, [
        { source: 'Iridia', from: 'rating', points: 1 },
        { source: 'Joiry', from: 'rating', points: 1 },
      ]),
    )
    expect(split.changes).toEqual([
      { source: 'Iridia', from: 'rating', points: 1, before: 7, after: 6 },
      { source: 'Joiry', from: 'rating', points: 1, before: 4, after: 3 },
    ])
  })

  it('a point removes 1 rating, 2 bonus, 3 reserves or half a resistance point', () => {
    const split = ok(
      splitReduction(
        4,
        [
          { name: 'Iridia', owner: true, rating: 7, reserves: 3, resistance: 1 },
          { name: 'staff', bonus: 2 },
        ],
        [
          { source: 'Iridia', from: 'reserves', points: 1 },
          { source: 'Iridia', from: 'resistance', points: 2 },
          { source: 'staff', from: 'bonus', points: 1 },
        ],
      ),
    )
    expect(split.changes.map((c) => [c.from, c.before, c.after])).toEqual([
      ['reserves', 3, 0],
      ['resistance', 1, 0],
      ['bonus', 2, 0],
    ])
  })

  it('refuses a split where another source takes more points than the owner, that does not add up, or that a source cannot pay', () => {
    expect(refused(splitReduction(2, iridiaSources, [{ source: 'Joiry', from: 'rating', points: 2 }]))).toEqual([
      'Joiry would take 2 points, more than the owner’s 0; no other source takes more than the owner.',
    ])
    expect(refused(splitReduction(2, iridiaSources, [{ source: 'Iridia', from: 'rating', points: 1 }]))).toEqual([
      'The shares add up to 1 points; the reduction is 2.',
    ])
    // Equal shares are allowed: the staff may take as many as Iridia, not more.
    ok(
      splitReduction(2, iridiaSources, [
        { source: 'Iridia', from: 'rating', points: 1 },
        { source: 'St Kristine’s staff', from: 'bonus', points: 1 },
      ]),
    )
    expect(
      refused(
        splitReduction(4, iridiaSources, [
          { source: 'Iridia', from: 'rating', points: 2 },
          { source: 'St Kristine’s staff', from: 'bonus', points: 2 },
        ]),
      ),
    ).toEqual(['St Kristine’s staff has bonus 2; 2 point(s) of reduction would take 4.'])
    expect(refused(splitReduction(1, iridiaSources, [{ source: 'Iridia', from: 'resistance', points: 1 }]))[0]).toMatch(/resistance takes points in pairs; 1 is odd/)
  })
})

describe('CH-10: when reductions are restored', () => {
  const sorcery = challengeInjury({
    ability: 'Sorcery',
    penalty: { kind: 'reduction', scope: 'ability', fraction: '1/4' },
    points: 2,
    changes: [],
    takenAt: 3600,
  })
  const weary = challengeInjury({ ability: 'Sorcery', penalty: { kind: 'reduction', scope: 'overall', fraction: '1/4' }, points: 2, changes: [] })

  it('an ability reduction lasts until after the next challenge with that ability; overall ones until the GM clears them', () => {
    expect(sorcery).toMatchObject({ scope: 'ability', takenAt: 3600, lasts: 'until-after-next-challenge-with-ability' })
    expect(weary.lasts).toBe('until-gm-clears')
    expect(restoreAfterChallenge([sorcery, weary], 'Riding')).toEqual({ kept: [sorcery, weary], restored: [] })
    expect(restoreAfterChallenge([sorcery, weary], 'Sorcery')).toEqual({ kept: [weary], restored: [sorcery] })
  })
})
