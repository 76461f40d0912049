import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { playChallenge, type PlayedChallenge, type Side, type SideState } from '../../../src/main/engines/challenge'
import { ok } from './helpers'

const scaleSide = (s: Side, k: number): Side => ({
  rating: s.rating * k,
  bonus: (s.bonus ?? 0) * k,
  reserves: (s.reserves ?? 0) * k,
  resistance: (s.resistance ?? 0) * k,
})
const scaleState = (s: SideState, k: number): SideState => ({
  pool: s.pool * k,
  bonus: s.bonus * k,
  reserves: s.reserves * k,
  resistance: s.resistance * k,
})
/** Did any half in the challenge have to be rounded? */
const rounding = (p: PlayedChallenge): boolean => p.reports.some((r) => r.blows.some((b) => b.rounded))

describe('the seed’s "ratio" claim: scaling every rating by k gives the same challenge (CH-2, CH-3)', () => {
  it('property: when no rounding intervenes, ×2 and ×10 give the same winner, every number scaled by k', () => {
    let checked = 0
    const number = (max: number) => fc.oneof(fc.integer({ min: 0, max }).map((n) => 2 * n), fc.integer({ min: 0, max: 2 * max }))
    const anySide = fc.record({ rating: number(15).map((n) => n + 2), bonus: number(3), reserves: number(5), resistance: number(2) })
    fc.assert(
      fc.property(anySide, anySide, fc.constantFrom(2, 10), (a, b, k) => {
        const base = ok(playChallenge([a, b]))
        if (rounding(base)) return
        checked++
        const scaled = ok(playChallenge([scaleSide(a, k), scaleSide(b, k)]))
        expect(scaled.winner).toBe(base.winner)
        expect(scaled.rounds).toEqual(base.rounds.map((round) => round.map((s) => scaleState(s, k))))
      }),
      { numRuns: 1000 },
    )
    // The property must have been tested on a fair number of challenges, not skipped.
    expect(checked).toBeGreaterThan(150)
  })

  it('over a grid of challenges, rounding changes the winner only where a half was rounded; how often is reported', () => {
    // a: rating 1–12, reserves 0–4, resistance 0–1; b: rating 1–12, bonus 0–2 (4,320 challenges).
    const grid: [Side, Side][] = []
    for (let ra = 1; ra <= 12; ra++)
      for (let rb = 1; rb <= 12; rb++)
        for (let reserves = 0; reserves <= 4; reserves++)
          for (let resistance = 0; resistance <= 1; resistance++)
            for (let bonus = 0; bonus <= 2; bonus++) grid.push([{ rating: ra, reserves, resistance }, { rating: rb, bonus }])
    for (const k of [2, 10]) {
      let rounded = 0
      const changed: string[] = []
      for (const [a, b] of grid) {
        const base = ok(playChallenge([a, b]))
        const scaled = ok(playChallenge([scaleSide(a, k), scaleSide(b, k)]))
        if (rounding(base)) rounded++
        if (scaled.winner !== base.winner) {
          changed.push(`${a.rating} (reserves ${a.reserves}, resistance ${a.resistance}) v ${b.rating} + ${b.bonus}: ${base.winner} → ${scaled.winner}`)
          expect(rounding(base), `${changed.at(-1)} changed winner without rounding`).toBe(true)
        }
      }
      console.info(
        `ratio ×${k}: of ${grid.length} challenges, ${rounded} round a half at some point and ${changed.length} change winner ` +
          `(${((changed.length / grid.length) * 100).toFixed(2)}%), e.g. ${changed.slice(0, 4).join('; ')}`,
      )
      // The claim holds for the great majority of challenges.
      expect(changed.length).toBeLessThan(grid.length * 0.05)
    }
  })
})
