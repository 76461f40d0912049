import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  encounterCheck,
  encounterDistance,
  encounterDistanceOdds,
  encounterOdds,
  encounterWithinOdds,
  reactionForTotal,
  reactionOdds,
  rollReaction,
} from '../../../src/main/engines/osr'
import { expectFrequenciesMatch, totalOf } from './helpers'

describe('OSR-9: random encounter checks', () => {
  it('OSR-9: each turn d20; a 20 brings an encounter, a 19 does not', () => {
    expect(encounterCheck(scriptedDice([20]))).toEqual({ face: 20, threshold: 20, encounter: true, faces: [20] })
    expect(encounterCheck(scriptedDice([19])).encounter).toBe(false)
  })

  it('OSR-9: a busy place or a noisy party shifts the threshold to 19–20 or 18–20', () => {
    expect(encounterCheck(scriptedDice([19]), { threshold: 19 }).encounter).toBe(true)
    expect(encounterCheck(scriptedDice([18]), { threshold: 18 }).encounter).toBe(true)
    expect(encounterCheck(scriptedDice([17]), { threshold: 18 }).encounter).toBe(false)
    expect(() => encounterCheck(scriptedDice([17]), { threshold: 21 })).toThrow(/encounter threshold must be at most 20; got 21/)
  })

  it('OSR-9 / DICE-2: exact odds (21 − threshold) / 20; over an hour 1 − (19/20)^12', () => {
    expect(encounterOdds().encounter).toBeCloseTo(1 / 20, 15)
    expect(encounterOdds({ threshold: 18 }).encounter).toBeCloseTo(3 / 20, 15)
    expect(encounterWithinOdds({ turns: 12 })).toBeCloseTo(1 - (19 / 20) ** 12, 15)
    expect(encounterWithinOdds({ turns: 0 })).toBe(0)
  })

  it('OSR-9: 200,000 seeded checks at 19–20 match the exact odds within 4 standard errors', () => {
    const odds = encounterOdds({ threshold: 19 })
    expectFrequenciesMatch('osr-encounter', { yes: odds.encounter, no: odds.none }, (d) => (encounterCheck(d, { threshold: 19 }).encounter ? 'yes' : 'no'))
  })
})

describe('OSR-12: encounter distance', () => {
  it('OSR-12: 1d20 × 50 ft in the open, 1d20 × 5 ft in a busy, enclosed or dark place', () => {
    expect(encounterDistance(scriptedDice([7]), { place: 'open' })).toEqual({ feet: 350, faces: [7] })
    expect(encounterDistance(scriptedDice([7]), { place: 'enclosed' })).toEqual({ feet: 35, faces: [7] })
  })

  it('OSR-12 / DICE-2: every distance 5 … 100 ft enclosed is 1/20, and 200,000 rolls agree', () => {
    const odds = encounterDistanceOdds({ place: 'enclosed' })
    expect(Object.keys(odds).map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 5 * (i + 1)))
    for (const p of Object.values(odds)) expect(p).toBeCloseTo(1 / 20, 15)
    expectFrequenciesMatch('osr-distance', odds, (d) => encounterDistance(d, { place: 'enclosed' }).feet)
  })
})

describe('OSR-13: reaction', () => {
  it('OSR-13: d6 + S — up to 2 hostile, 3–4 uncertain, 5+ friendly', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(reactionForTotal)).toEqual(['hostile', 'hostile', 'hostile', 'uncertain', 'uncertain', 'friendly', 'friendly', 'friendly'])
    expect(rollReaction(scriptedDice([4]), { spirit: 1 })).toEqual({ face: 4, total: 5, reaction: 'friendly', faces: [4] })
    expect(rollReaction(scriptedDice([3]), { spirit: -1 }).reaction).toBe('hostile')
  })

  it('OSR-13 / DICE-2: exact odds by S, summing to 1', () => {
    expect(reactionOdds({ spirit: 0 })).toEqual({ hostile: 2 / 6, uncertain: 2 / 6, friendly: 2 / 6 })
    const plus = reactionOdds({ spirit: 1 })
    expect(plus.hostile).toBeCloseTo(1 / 6, 15)
    expect(plus.uncertain).toBeCloseTo(2 / 6, 15)
    expect(plus.friendly).toBeCloseTo(3 / 6, 15)
    expect(totalOf(reactionOdds({ spirit: -1 }))).toBeCloseTo(1, 15)
  })

  it('OSR-13: 200,000 seeded reactions with S −1 match the exact odds within 4 standard errors', () => {
    expectFrequenciesMatch('osr-reaction', reactionOdds({ spirit: -1 }), (d) => rollReaction(d, { spirit: -1 }).reaction)
  })
})
