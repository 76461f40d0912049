import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { applyBlessing, halfmagicLevel, poolOdds, rollPool, type PoolInput } from '../../../src/main/engines/lode'

const face = fc.integer({ min: 1, max: 6 })
const level = fc.integer({ min: 0, max: 8 })

/** Scripted faces for a pool plus enough non-6 explosion dice that any chain ends. */
const poolRoll = fc.record({
  rolled: fc.array(face, { minLength: 1, maxLength: 12 }),
  explosionFaces: fc.array(face, { minLength: 0, maxLength: 6 }),
  blessing: level,
  curse: level,
  web: fc.integer({ min: 6, max: 9 }),
})

function roll(c: { rolled: number[]; explosionFaces: number[] }, input: Omit<PoolInput, 'baseDice'>) {
  // after the random explosion faces, plain 1s end every chain that is still going
  const tail = Array.from({ length: 40 }, () => 1)
  return rollPool(scriptedDice([...c.rolled, ...c.explosionFaces, ...tail]), { ...input, baseDice: c.rolled.length })
}

describe('LODE invariants (fast-check)', () => {
  it('DICE-3 / LODE-2: every face is recorded; successes are the 4–6s among them; each 6 adds exactly one die', () => {
    fc.assert(
      fc.property(poolRoll, (c) => {
        const r = roll(c, { blessing: c.blessing, curse: c.curse, web: c.web })
        expect(r.rolled).toEqual(c.rolled)
        const all = [...r.faces, ...r.explosions]
        expect(r.successes).toBe(all.filter((f) => f >= 4).length)
        expect(r.explosions.length).toBe(all.filter((f) => f === 6).length)
        expect(r.halfmagic).toBe(halfmagicLevel(r.successes, c.web))
        expect(r.halfmagic > 0).toBe(r.successes >= c.web)
      }),
    )
  })

  it('LODE-4: Blessing never lowers successes, Curse never raises them, for the same faces', () => {
    fc.assert(
      fc.property(poolRoll, (c) => {
        const plain = roll(c, {}).successes
        expect(roll(c, { blessing: c.blessing }).successes).toBeGreaterThanOrEqual(plain)
        expect(roll(c, { curse: c.curse }).successes).toBeLessThanOrEqual(plain)
      }),
    )
  })

  it('LODE-4: only the net level matters; 1s and 6s never change; at most |net| dice change', () => {
    fc.assert(
      fc.property(poolRoll, (c) => {
        const net = c.blessing - c.curse
        const both = roll(c, { blessing: c.blessing, curse: c.curse })
        expect(both).toEqual(roll(c, { blessing: Math.max(net, 0), curse: Math.max(-net, 0) }))
        c.rolled.forEach((f, i) => {
          if (f === 1 || f === 6) expect(both.faces[i]).toBe(f)
        })
        const changedDice = c.rolled.filter((f, i) => both.faces[i] !== f).length
        expect(changedDice).toBeLessThanOrEqual(Math.abs(net))
        expect(both.faces).toEqual(applyBlessing(c.rolled, net))
      }),
    )
  })

  it('LODE-3 / LODE-4: a fumble means every original die shows 1, so a roll with a 6 never fumbles', () => {
    fc.assert(
      fc.property(poolRoll, (c) => {
        const r = roll(c, { blessing: c.blessing, curse: c.curse })
        expect(r.fumble).toBe(r.faces.every((f) => f === 1))
        if (r.faces.includes(6)) expect(r.fumble).toBe(false)
      }),
    )
  })

  it('poolOdds: sums to 1; one more die or one more Blessing never lowers the chance of k or more successes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 25 }), fc.integer({ min: -4, max: 4 }), fc.integer({ min: 0, max: 12 }), (n, net, k) => {
        const input = { baseDice: n, blessing: Math.max(net, 0), curse: Math.max(-net, 0) }
        const atLeast = (o: { successes: number[] }) => 1 - o.successes.slice(0, k).reduce((a, b) => a + b, 0)
        const base = poolOdds(input)
        expect(Math.abs(base.successes.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12)
        expect(atLeast(poolOdds({ ...input, advantages: 1 }))).toBeGreaterThanOrEqual(atLeast(base) - 1e-12)
        const blessed = net >= 0 ? { ...input, blessing: input.blessing + 1 } : { ...input, curse: input.curse - 1 }
        expect(atLeast(poolOdds(blessed))).toBeGreaterThanOrEqual(atLeast(base) - 1e-12)
      }),
      { numRuns: 200 },
    )
  })
})
