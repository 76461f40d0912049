import { describe, expect, it } from 'vitest'
import { recordingDice, rollD2, rollD3, scriptedDice, seededDice } from '../../src/main/engines/dice'

describe('seededDice', () => {
  it('gives the same faces for the same seed, and different ones for another seed', () => {
    const a = seededDice('campaign-7')
    const b = seededDice('campaign-7')
    const c = seededDice('campaign-8')
    const fa = Array.from({ length: 50 }, () => a.roll(20))
    const fb = Array.from({ length: 50 }, () => b.roll(20))
    const fc = Array.from({ length: 50 }, () => c.roll(20))
    expect(fa).toEqual(fb)
    expect(fa).not.toEqual(fc)
  })

  it('rolls every face of a d6 and nothing outside 1..6, near-uniformly', () => {
    const d = seededDice(42)
    const counts = [0, 0, 0, 0, 0, 0, 0]
    const n = 60_000
    for (let i = 0; i < n; i++) counts[d.roll(6)]!++
    expect(counts[0]).toBe(0)
    for (let f = 1; f <= 6; f++) {
      // 4 standard errors of a binomial(n, 1/6) count
      const se = Math.sqrt((n * (1 / 6) * (5 / 6)))
      expect(Math.abs(counts[f]! - n / 6)).toBeLessThan(4 * se)
    }
  })

  it('refuses a die with no sides', () => {
    expect(() => seededDice(1).roll(0)).toThrow(/sides/)
  })
})

describe('scriptedDice', () => {
  it('yields faces in order and says when it runs out', () => {
    const d = scriptedDice([6, 1])
    expect(d.roll(6)).toBe(6)
    expect(d.roll(6)).toBe(1)
    expect(() => d.roll(6)).toThrow(/ran out.*roll 3.*d6.*2 face/)
  })

  it('refuses a face that the die asked for cannot show', () => {
    expect(() => scriptedDice([7]).roll(6)).toThrow(/7 .*not a face of a d6/)
  })
})

describe('DICE-1: 1d3 and 1d2 are rolled on a d6', () => {
  it('maps d6 faces to 1d3 = ceil(d6/2) and 1d2 = ceil(d6/3)', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => rollD3(scriptedDice([f])))).toEqual([1, 1, 2, 2, 3, 3])
    expect([1, 2, 3, 4, 5, 6].map((f) => rollD2(scriptedDice([f])))).toEqual([1, 1, 1, 2, 2, 2])
  })
})

describe('DICE-3: recordingDice keeps every face in order', () => {
  it('records sides and faces', () => {
    const rec = recordingDice(scriptedDice([4, 17]))
    rec.roll(6)
    rec.roll(20)
    expect(rec.faces).toEqual([
      { sides: 6, face: 4 },
      { sides: 20, face: 17 },
    ])
  })
})
