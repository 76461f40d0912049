/**
 * Property tests (fast-check) for the invariants of issue 3: results stay on the ladder in use; AP are never
 * negative; a conflict always ends with one winner or an explicit tie; a refused Plot Point spend changes nothing.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scriptedDice, seededDice } from '../../../src/main/engines/dice'
import {
  RUNGS,
  WINNING_AP,
  awardPlotPoints,
  developCharacter,
  duelExchange,
  extendedExchange,
  meleeExchange,
  neutralise,
  plotPointBalance,
  raceExchange,
  rollInstantConflict,
  rollTask,
  rungIndex,
  spendPlotPoints,
  startDuel,
  startExtendedConflict,
  startMelee,
  startRace,
  startTeamConflict,
  taskOdds,
  teamExchange,
  topRung,
} from '../../../src/main/engines/ladder'
import type { AdvantagePoints, LedgerEntry, PlotPointSpend, Rung, TaskInput } from '../../../src/main/engines/ladder'

const wonky = fc.constantFrom(undefined, 'good' as const, 'bad' as const)
const standardAsset = fc.constantFrom<Rung>('poor', 'good', 'expert')
const anyAsset = fc.constantFrom<Rung>('poor', 'good', 'expert', 'superb', 'unprecedented')
const task: fc.Arbitrary<TaskInput> = fc.boolean().chain((extended) =>
  fc.record({
    asset: extended ? anyAsset : standardAsset,
    difficulty: fc.constantFrom(...RUNGS.slice(0, extended ? 7 : 5)),
    wonky,
    extended: fc.constant(extended),
  }).map(({ wonky: w, ...rest }) => (w ? { ...rest, wonky: w } : rest)),
)
const contender = fc.record({ asset: standardAsset, wonky }).map(({ asset, wonky: w }) => (w ? { asset, wonky: w } : { asset }))
// Seven faces are enough for any chain: one roll and at most six rungs of travel.
const faces = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 7, maxLength: 7 })
const stamp = { character: 'Tai', session: 1, gameTime: 0 }
/** Tai's ledger holding `n` Plot Points (none for 0). */
function ledgerWith(n: number): LedgerEntry[] {
  const r = awardPlotPoints([], stamp, { amount: n, reason: 'start' })
  return r.ok ? r.ledger : []
}
const apOK = (ap: AdvantagePoints) => ap.a >= 0 && ap.b >= 0 && Number.isInteger(ap.a) && Number.isInteger(ap.b)

describe('property: results stay on the ladder in use (LAD-3)', () => {
  it('rollTask never leaves the ladder, keeps every face, and succeeds exactly when the result meets the difficulty', () => {
    fc.assert(
      fc.property(task, faces, (input, f) => {
        const dice = scriptedDice(f)
        const roll = rollTask(dice, input)
        const at = rungIndex(roll.result)
        expect(at).toBeGreaterThanOrEqual(0)
        expect(at).toBeLessThanOrEqual(rungIndex(topRung(input.extended)))
        expect(roll.faces).toEqual(f.slice(0, 7 - dice.remaining))
        expect(roll.success).toBe(at >= rungIndex(input.difficulty as Rung))
      }),
    )
  })

  it('taskOdds gives nothing off the ladder and sums to 1', () => {
    fc.assert(
      fc.property(task, (input) => {
        const { result, success } = taskOdds(input)
        const top = rungIndex(topRung(input.extended))
        RUNGS.forEach((r, i) => (i > top ? expect(result[r]).toBe(0) : expect(result[r]).toBeGreaterThanOrEqual(0)))
        expect(Math.abs(RUNGS.reduce((s, r) => s + result[r], 0) - 1)).toBeLessThan(1e-12)
        expect(success).toBeGreaterThanOrEqual(0)
        expect(success).toBeLessThanOrEqual(1 + 1e-12)
      }),
    )
  })
})

describe('property: a conflict ends with one winner or an explicit tie, and AP are never negative', () => {
  it('extended conflicts (LAD-7 … LAD-9)', () => {
    const headStart = fc.record({ a: fc.integer({ min: 0, max: 2 }), b: fc.integer({ min: 0, max: 2 }) })
    fc.assert(
      fc.property(fc.integer(), headStart, contender, contender, (seed, hs, a, b) => {
        const dice = seededDice(seed)
        let state = startExtendedConflict({ headStart: hs })
        for (let i = 0; i < 200 && !state.winner; i++) {
          state = extendedExchange(dice, state, { a, b }).state
          expect(apOK(state.ap)).toBe(true)
          // No winner yet means neither has 6, or both have the same total at 6 or more: an explicit tie.
          if (!state.winner) {
            const bothBelow = state.ap.a < WINNING_AP && state.ap.b < WINNING_AP
            expect(bothBelow || (state.tied && state.ap.a === state.ap.b)).toBe(true)
          } else expect(state.ap[state.winner]).toBeGreaterThanOrEqual(WINNING_AP)
        }
        expect(['a', 'b']).toContain(state.winner)
      }),
      { numRuns: 300 },
    )
  })

  it('instant conflicts (LAD-6) always name one winner', () => {
    fc.assert(
      fc.property(fc.integer(), contender, contender, (seed, a, b) => {
        const { winner, attempts } = rollInstantConflict(seededDice(seed), { a, b })
        expect(['a', 'b']).toContain(winner)
        expect(attempts.at(-1)?.winner).toBe(winner)
        expect(attempts.slice(0, -1).every((t) => t.winner === null)).toBe(true)
      }),
    )
  })

  it('team conflicts (LAD-10, LAD-31) end with one team left standing', () => {
    const team = (side: string) =>
      fc.array(fc.tuple(contender, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 4 }).map((xs) =>
        xs.map(([c, isSuper, henchman], i) => ({ ...c, name: `${side}${i}`, super: isSuper && !henchman, henchman })),
      )
    fc.assert(
      fc.property(fc.integer(), team('a'), team('b'), (seed, a, b) => {
        const dice = seededDice(seed)
        let state = startTeamConflict({ a, b })
        for (let i = 0; i < 2000 && !state.winner; i++) {
          if (state.mustNeutralise) {
            const foes = state.mustNeutralise === 'a' ? state.teams.b : state.teams.a
            state = neutralise(state, (foes[0] as { name: string }).name)
          } else state = teamExchange(dice, state).state
          expect(apOK(state.ap)).toBe(true)
        }
        expect(state.winner).not.toBeNull()
        const loser = state.winner === 'a' ? 'b' : 'a'
        expect(state.teams[loser]).toHaveLength(0)
        expect(state.teams[state.winner as 'a' | 'b'].length).toBeGreaterThan(0)
      }),
      { numRuns: 200 },
    )
  })

  it('races (LAD-11) end with one winner at or above the target', () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(contender, { minLength: 3, maxLength: 6 }), fc.constantFrom<Rung>('poor', 'good', 'expert'), (seed, cs, difficulty) => {
        const dice = seededDice(seed)
        let state = startRace({ contestants: cs.map((c, i) => ({ ...c, name: `P${i}` })), difficulty })
        for (let i = 0; i < 5000 && !state.winner; i++) {
          state = raceExchange(dice, state).state
          expect(Object.values(state.ap).every((ap) => ap >= 0)).toBe(true)
        }
        expect(state.winner).not.toBeNull()
        expect(state.ap[state.winner as string]).toBeGreaterThanOrEqual(state.target)
      }),
      { numRuns: 100 },
    )
  })

  it('hand-to-hand (LAD-13) and duels (LAD-28) keep AP at 0 or more, and erase them after a strike or a landed spell', () => {
    fc.assert(
      fc.property(fc.integer(), contender, contender, fc.constantFrom<Rung>('poor', 'good', 'expert', 'superb'), (seed, a, b, rung) => {
        const dice = seededDice(seed)
        let melee = startMelee()
        let duel = startDuel()
        for (let i = 0; i < 50; i++) {
          const m = meleeExchange(dice, melee, { a, b })
          expect(apOK(m.report.after)).toBe(true)
          if (m.report.strike) expect(m.report.after).toEqual({ a: 0, b: 0 })
          melee = m.state
          const d = duelExchange(dice, duel, { rung, a, b })
          expect(apOK(d.report.after)).toBe(true)
          expect(d.report.after.a < WINNING_AP && d.report.after.b < WINNING_AP).toBe(true)
          duel = d.state
        }
      }),
      { numRuns: 100 },
    )
  })
})

describe('property: a refused Plot Point spend changes nothing (LAD-22)', () => {
  const spend: fc.Arbitrary<PlotPointSpend> = fc.oneof(
    fc.record({ use: fc.constant('prop' as const), description: fc.constantFrom('a torch', '', 'rope') }),
    fc.record({ use: fc.constant('step down' as const), injuryId: fc.constant('i1'), cause: fc.constantFrom('injury' as const, 'third wound' as const) }),
    fc.record({ use: fc.constant('buy result' as const), rollId: fc.constant('r1'), task: fc.record({ asset: standardAsset }), want: fc.constantFrom<Rung>('expert', 'superb', 'improbable') }),
    fc.tuple(standardAsset, faces).map(([asset, f]): PlotPointSpend => ({ use: 'step up', rollId: 'r2', task: { asset }, roll: rollTask(scriptedDice(f), { asset }) })),
  )

  it('a refusal leaves the ledger exactly as it was; an accepted spend lowers the balance by its cost, never below 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.array(spend, { minLength: 1, maxLength: 6 }), (start, spends) => {
        let ledger = ledgerWith(start)
        for (const s of spends) {
          const before = structuredClone(ledger)
          const balance = plotPointBalance(ledger, 'Tai')
          const result = spendPlotPoints(ledger, stamp, s)
          expect(ledger).toEqual(before)
          if (result.ok) {
            expect(result.balance).toBeGreaterThanOrEqual(0)
            expect(result.balance).toBe(balance + result.entry.amount)
            ledger = result.ledger
          } else {
            expect(result).not.toHaveProperty('ledger')
            expect(result.reason.length).toBeGreaterThan(10)
          }
        }
      }),
    )
  })

  it('a refused development changes neither the sheet nor the ledger (LAD-23)', () => {
    const sheet = {
      assets: ['A', 'B', 'C', 'D', 'E', 'F'].map((name, i) => ({ name, rating: (i < 2 ? 'expert' : 'good') as Rung })),
      flaws: [{ name: 'X' }, { name: 'Y' }, { name: 'Z' }],
    }
    const change = fc.oneof(
      fc.record({ change: fc.constant('raise asset' as const), name: fc.constantFrom('A', 'C', 'Q') }),
      fc.record({ change: fc.constant('new asset' as const), name: fc.constantFrom('A', 'New'), earnedInPlay: fc.boolean() }),
      fc.record({ change: fc.constant('flaw to asset' as const), flaw: fc.constantFrom('X', 'W'), asset: fc.constant('Brave'), roleplayedWell: fc.boolean() }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), change, fc.boolean(), (pp, c, gmOverride) => {
        const ledger = ledgerWith(pp)
        const snapshot = structuredClone({ ledger, sheet })
        const result = developCharacter(ledger, stamp, sheet, c, { gmOverride })
        expect({ ledger, sheet }).toEqual(snapshot)
        if (!result.ok) expect(result.problems.length).toBeGreaterThan(0)
        else expect(plotPointBalance(result.ledger, 'Tai')).toBe(pp - result.cost)
      }),
    )
  })
})
