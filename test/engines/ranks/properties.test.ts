import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  ABILITY_RANKS,
  HARM_BOXES,
  RANKS,
  addAspect,
  colourOf,
  createDanger,
  dealWithDanger,
  rankIndex,
  recoverHarm,
  rollRank,
  startThreat,
  takeHarm,
  unharmed,
  type Rank,
  type ThreatState,
} from '../../../src/main/engines/ranks'

const face = fc.integer({ min: 1, max: 6 })
const ability = fc.constantFrom(...ABILITY_RANKS)

describe('Ranks invariants (fast-check)', () => {
  it('RK-2: a higher ability never gives a lower result on the same dice', () => {
    fc.assert(
      fc.property(ability, ability, face, face, (a, b, up, down) => {
        const [lo, hi] = rankIndex(a) <= rankIndex(b) ? [a, b] : [b, a]
        const rlo = rollRank(scriptedDice([up, down]), { ability: lo }).result
        const rhi = rollRank(scriptedDice([up, down]), { ability: hi }).result
        expect(rankIndex(rhi)).toBeGreaterThanOrEqual(rankIndex(rlo))
      }),
    )
  })

  it('RK-2 / RK-3: Legendary exactly on up 6, down 1; the colour always matches the result', () => {
    fc.assert(
      fc.property(ability, face, face, (a, up, down) => {
        const r = rollRank(scriptedDice([up, down]), { ability: a })
        expect(r.result === 'legendary').toBe(up === 6 && down === 1)
        if (up === 1 && down === 6) expect(r.result).toBe('terrible')
        expect(r.colour).toBe(colourOf(r.result))
      }),
    )
  })

  it('RK-4: an aspect never lowers a result, except a Legendary read again with the clamp', () => {
    fc.assert(
      fc.property(ability, face, face, face, (a, up, down, aspect) => {
        const r = rollRank(scriptedDice([up, down]), { ability: a })
        const boosted = addAspect(scriptedDice([aspect]), r)
        expect(boosted.result).not.toBe('legendary')
        if (r.result !== 'legendary') expect(rankIndex(boosted.result)).toBeGreaterThanOrEqual(rankIndex(r.result))
        expect(boosted.colour).toBe(colourOf(boosted.result))
      }),
    )
  })

  it('RK-7: whatever the GM and players do, no character faces two Dangers and Threat never goes below 0', () => {
    const pcs = ['Alexis', 'Georgia', 'Sam']
    const step = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), pc: fc.constantFrom(...pcs), cost: fc.integer({ min: 0, max: 4 }) }),
      fc.record({
        kind: fc.constant('deal' as const),
        pc: fc.constantFrom(...pcs),
        pick: fc.nat(5),
        result: fc.constantFrom(...(RANKS as readonly Rank[])),
      }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 15 }), fc.array(step, { maxLength: 40 }), (per, steps) => {
        const start = startThreat({ characters: pcs.length, perCharacter: per })
        if (!start.ok) throw new Error(start.reason)
        let state: ThreatState = start.state
        let spent = 0
        for (const s of steps) {
          if (s.kind === 'create') {
            const r = createDanger(state, { facing: s.pc, description: 'a Danger', threat: s.cost })
            if (r.ok) {
              state = r.state
              spent += s.cost
            }
          } else {
            const target = state.dangers[s.pick % Math.max(state.dangers.length, 1)]
            const r = dealWithDanger(state, { dangerId: target?.id ?? 0, by: s.pc, result: s.result })
            if (r.ok) state = r.state
          }
          const facing = state.dangers.map((d) => d.facing)
          expect(new Set(facing).size).toBe(facing.length)
          expect(state.threat).toBeGreaterThanOrEqual(0)
          expect(state.threat + spent).toBe(pcs.length * per)
        }
      }),
    )
  })

  it('RK-8: taking Harm always marks the lowest free box, and marks nothing only when all are marked', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 20 }), (takes) => {
        let track = unharmed()
        for (const take of takes) {
          if (take) {
            const r = takeHarm(track)
            const free = HARM_BOXES.find((b) => !track[b])
            expect(r.marked).toBe(free ?? null)
            expect(r.beyondDoomed).toBe(free === undefined)
            track = r.track
          } else {
            const r = recoverHarm(track)
            if (r.ok) track = r.track
          }
          // with default recovery the marked boxes always run up from Weary without a gap
          const marks = HARM_BOXES.map((b) => track[b])
          expect(marks).toEqual([...marks].sort((x, y) => Number(y) - Number(x)))
        }
      }),
    )
  })
})
