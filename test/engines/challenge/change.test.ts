import { describe, expect, it } from 'vitest'
import {
  breakOffBonus,
  carriedOver,
  changeAbilities,
  playOut,
  playRound,
  resolveChallenge,
  startChallenge,
  type ChallengeState,
} from '../../../src/main/engines/challenge'
import { ok, refused } from './helpers'

const start = (...setups: Parameters<typeof startChallenge>[0]): ChallengeState => ok(startChallenge(setups)).state

/** Cecilie and the mother dragon after the seed's four rounds: 3 against 2. */
function cecilieAfterFourRounds(): ChallengeState {
  let state = start({ name: 'Cecilie', rating: 7, reserves: 5 }, { name: 'the dragon', rating: 6, reserves: 4, resistance: 4 })
  for (let i = 0; i < 4; i++) state = ok(playRound(state)).state
  return state
}

describe('CH-5: changing abilities mid-conflict', () => {
  it('pools and reserves are not refreshed; each rises by (new − old) when positive, capped at the new maximum', () => {
    expect(carriedOver(2, 6, 7)).toBe(3) // the dragon's pool: Devour Knight 6 → Aerial Hunting 7
    expect(carriedOver(0, 4, 3)).toBe(0) // its reserves: 4 → 3, unchanged at 0
    expect(carriedOver(3, 7, 3)).toBe(3) // Cecilie: Vanquish Monster 7 → Run Like A Bunny 3
    expect(carriedOver(7, 7, 3)).toBe(3) // never above the new maximum
    expect(carriedOver(1, 4, 9)).toBe(6)
  })

  it('Cecilie runs (Run Like A Bunny 3), the dragon gives chase (Aerial Hunting 7, reserves 3): 3 and 3, reserves 0, and Cecilie carries +1', () => {
    const state = cecilieAfterFourRounds()
    expect(state.sides.map((s) => [s.numbers.pool, s.numbers.reserves])).toEqual([
      [3, 0],
      [2, 0],
    ])
    const { state: chase, changes } = ok(changeAbilities(state, { a: { rating: 3 }, b: { rating: 7, reserves: 3 } }))
    expect(changes).toEqual([
      { side: 'Cecilie', changed: true, pool: { before: 3, after: 3 }, reserves: { before: 0, after: 0 }, firstRoundBonus: 1 },
      { side: 'the dragon', changed: true, pool: { before: 2, after: 3 }, reserves: { before: 0, after: 0 }, firstRoundBonus: 0 },
    ])
    // Bonus and resistance are the new abilities': the scaly hide does not help in the air.
    expect(chase.sides[1]?.numbers).toEqual({ pool: 3, bonus: 0, reserves: 0, resistance: 0 })
    // First round of the chase: Cecilie 3 + 1 = 4 against 3. She loses 2; the dragon loses 4.
    const { state: after, report } = ok(playRound(chase))
    expect(report.carriedBonus).toEqual([{ side: 'Cecilie', bonus: 1 }])
    expect(report.sides.map((s) => [s.effective, s.after.pool])).toEqual([
      [4, 1],
      [3, -1],
    ])
    expect(after.winner).toBe('single')
  })

  it('the carried bonus lasts the first round only', () => {
    // Diana (Crossbow 6, +2 from the ambush) against Fingers (Dodge 6, reserves 6).
    const state = start({ name: 'Diana', rating: 6, firstRoundBonus: 2 }, { name: 'Fingers', rating: 6, reserves: 6 })
    const played = ok(playOut(state))
    expect(played.reports.map((r) => r.sides.map((s) => [s.effective, s.after.pool, s.after.reserves]))).toEqual([
      // 8 v 6: Fingers loses 8 (6 from reserves), Diana half of 6 = 3.
      [[8, 3, 0], [6, 4, 0]],
      // The bonus is gone: 3 v 4. Diana loses 4; Fingers half of 3 = 2.
      [[3, -1, 0], [4, 2, 0]],
    ])
    expect(played.state.winner).toBe('opponents')
  })

  it('conversions come back before the difference is taken', () => {
    const state = start({ rating: 10 }, { name: 'wall', rating: 1, resistance: 50 })
    const r1 = ok(playRound(state, { choices: { 0: { toBonus: 4 } } }))
    // 6 + 8 bonus: loses half of 1 = 1 → 5; the 8 bonus is 4 pool points: 9 against 1.
    expect(r1.state.sides[0]?.numbers.pool).toBe(5)
    const { changes } = ok(changeAbilities(r1.state, { a: { rating: 10 } }))
    expect(changes.map((c) => [c.pool.before, c.firstRoundBonus])).toEqual([
      [9, 4],
      [1, 0],
    ])
  })

  it('a preparatory challenge carries its bonus the same way, always: Diana’s ambush 5 v 4 ends 3 v −1 → +2 to Diana', () => {
    const ambush = resolveChallenge({ rating: 5 }, { rating: 4 })
    expect(ambush.rounds).toHaveLength(1)
    const last = ambush.rounds[0]
    expect([last?.a.pool, last?.b.pool]).toEqual([3, -1])
    expect(breakOffBonus(3, -1)).toEqual({ a: 2, b: 0 })
    // Had Fingers had Paranoia 6, she would have won the ambush (−1 v 3) and got the 2.
    const spotted = resolveChallenge({ rating: 5 }, { rating: 6 }).rounds[0]
    expect([spotted?.a.pool, spotted?.b.pool]).toEqual([-1, 3])
    expect(breakOffBonus(-1, 3)).toEqual({ a: 0, b: 2 })
    expect(breakOffBonus(4, 4)).toEqual({ a: 0, b: 0 })
    expect(breakOffBonus(4, 1)).toEqual({ a: 2, b: 0 }) // half of 3, halves up
  })

  it('refuses to change abilities in a decided challenge, with three sides, or with a pool given', () => {
    const decided = ok(playOut(start({ rating: 2 }, { rating: 8 }))).state
    expect(refused(changeAbilities(decided, { a: { rating: 3 } }))[0]).toMatch(/already decided/)
    const three = start({ rating: 10 }, { rating: 3 }, { rating: 3 })
    expect(refused(changeAbilities(three, {}))[0]).toMatch(/one-on-one challenge; this one has 3 sides/)
    expect(refused(changeAbilities(cecilieAfterFourRounds(), { a: { rating: 3, pool: 3 } }))).toEqual([
      'Cecilie: the new pool comes from the old one (CH-5); leave pool unset.',
    ])
  })
})
