import { describe, expect, it } from 'vitest'
import { conversionLimit, playRound, startChallenge, type ChallengeState } from '../../../src/main/engines/challenge'
import { ok, refused } from './helpers'

const start = (...setups: Parameters<typeof startChallenge>[0]): ChallengeState => ok(startChallenge(setups)).state

describe('CH-7: converting pool points at the start of a round', () => {
  it('Gené 4 converts 2 → 4 bonus, the psychovirus 5 converts 2 → 6 reserves; round 1: virus reserves 0, pool 3; Gené 0, out', () => {
    const state = start({ name: 'Gené', rating: 4 }, { name: 'the psychovirus', rating: 5 })
    const { state: after, report } = ok(playRound(state, { choices: { 0: { toBonus: 2 }, 1: { toReserves: 2 } } }))
    expect(report.conversions.map((c) => [c.side, c.poolSpent, c.bonusGained, c.reservesGained])).toEqual([
      ['Gené', 2, 4, 0],
      ['the psychovirus', 2, 0, 6],
    ])
    // Effective 2 + 4 = 6 against 3: the virus takes the full 6, Gené half of 3 = 2.
    expect(report.sides.map((s) => [s.side, s.effective, s.through])).toEqual([
      ['Gené', 6, 2],
      ['the psychovirus', 3, 6],
    ])
    expect(after.sides.map((s) => s.numbers)).toEqual([
      { pool: 0, bonus: 4, reserves: 0, resistance: 0 },
      { pool: 3, bonus: 0, reserves: 0, resistance: 0 },
    ])
    expect(after.winner).toBe('opponents')
    expect(report.eliminated).toEqual(['Gené'])
  })

  it('the limit is at most half the pool, rounded down; a pool of exactly 1 may convert its 1', () => {
    expect([1, 2, 3, 4, 5, 9].map(conversionLimit)).toEqual([1, 1, 1, 2, 2, 4])
    const problems = refused(playRound(start({ name: 'Gené', rating: 4 }, { rating: 5 }), { choices: { 0: { toBonus: 3 } } }))
    expect(problems).toEqual([
      'Gené cannot convert 3 pool points: at most half the pool (rounded down) may be converted, and with 4 in the pool that is 2.',
    ])
    // A last point thrown in as 2 bonus: the side is out at the end of the round, but takes the
    // other with it: 0 + 2 v 1, each ends at −1, a draw.
    const { state } = ok(playRound(start({ rating: 1 }, { rating: 1 }), { choices: { 0: { toBonus: 1 } } }))
    expect(state.sides.map((s) => s.numbers.pool)).toEqual([-1, -1])
    expect(state.winner).toBe('draw')
  })

  it('resistance costs 2 pool points each, so an odd number is refused, and so is a negative one', () => {
    const state = start({ name: 'Fu Lan', rating: 10 }, { rating: 5 })
    expect(refused(playRound(state, { choices: { 0: { toResistance: 3 } } }))).toEqual([
      'Fu Lan: resistance costs 2 pool points each, so 3 pool points cannot all become resistance; give an even number.',
    ])
    expect(refused(playRound(state, { choices: { 0: { toReserves: -1 } } }))[0]).toMatch(/converting to reserves must be a whole number of pool points, 0 or more; got -1/)
  })

  it('bonus and resistance come back as pool points automatically (2 bonus → 1, 1 resistance → 2), then the side may convert again', () => {
    const patient = start({ name: 'Tess', rating: 10 }, { name: 'wall', rating: 1, resistance: 50 })
    const a = ok(playRound(patient, { choices: { 0: { toBonus: 2, toResistance: 2 } } }))
    // Tess 6 (+4 bonus, resistance 1) v the wall's 1: Tess loses half of 1 = 1, resisted; nothing changes.
    expect(a.state.sides[0]?.numbers).toEqual({ pool: 6, bonus: 4, reserves: 0, resistance: 1 })
    const b = ok(playRound(a.state, { choices: { 0: { toReserves: 5 } } }))
    expect(b.report.conversions[0]).toMatchObject({ side: 'Tess', bonusBack: 2, resistanceBack: 2, poolSpent: 5, reservesGained: 15 })
    // Back to 10, then 5 points → 15 reserves; the wall's 1 rounds to a loss of 1 from reserves.
    expect(b.state.sides[0]?.numbers).toEqual({ pool: 5, bonus: 0, reserves: 14, resistance: 0 })
  })

  it('converted reserves stay unless turned back, 3 → 1; losses spend the side’s own reserves first', () => {
    const patient = start({ name: 'Tess', rating: 8, reserves: 2 }, { name: 'wall', rating: 4, resistance: 50 })
    // Round 1: 1 point → 3 reserves (5 in all). The wall's 4 v Tess 7: Tess loses 2, from her own 2.
    const r1 = ok(playRound(patient, { choices: { 0: { toReserves: 1 } } }))
    expect(r1.state.sides[0]?.numbers).toEqual({ pool: 7, bonus: 0, reserves: 3, resistance: 0 })
    expect(r1.state.sides[0]?.converted.reserves).toBe(3)
    // Round 2: the 3 converted reserves stay unless she asks; here she turns them back into 1 point.
    const r2 = ok(playRound(r1.state, { choices: { 0: { turnBack: 1 } } }))
    expect(r2.report.conversions[0]).toMatchObject({ reservesTurnedBack: 3, poolFromReserves: 1 })
    // 8 v 4: loses 2 from the pool.
    expect(r2.state.sides[0]?.numbers).toEqual({ pool: 6, bonus: 0, reserves: 0, resistance: 0 })
    const kept = ok(playRound(r1.state))
    expect(kept.state.sides[0]?.numbers).toEqual({ pool: 7, bonus: 0, reserves: 1, resistance: 0 })
    // Only 1 converted reserve is left now: turning back a point needs 3.
    expect(refused(playRound(kept.state, { choices: { 0: { turnBack: 1 } } }))).toEqual([
      'Tess cannot turn back 1 pool point(s): that needs 3 converted reserves, and only 1 converted last round are left.',
    ])
  })

  it('a refused choice changes nothing, and every problem is listed at once', () => {
    const state = start({ name: 'Gené', rating: 4 }, { name: 'the psychovirus', rating: 5 })
    const before = structuredClone(state)
    const problems = refused(playRound(state, { choices: { 0: { toBonus: 3 }, 1: { toResistance: 1 } } }))
    expect(problems).toHaveLength(2)
    expect(state).toEqual(before)
  })
})
