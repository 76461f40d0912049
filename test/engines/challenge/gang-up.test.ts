import { describe, expect, it } from 'vitest'
import {
  gangUp,
  hordeGroupBonus,
  hordeNumbers,
  membersStanding,
  playChallenge,
  type ChallengerSetup,
  type SideState,
} from '../../../src/main/engines/challenge'
import { ok } from './helpers'

const side = (pool: number, more: Partial<SideState> = {}): SideState => ({ pool, bonus: 0, reserves: 0, resistance: 0, ...more })

describe('CH-8: one against several', () => {
  it('Fu Lan 10 (resistance 1) v Big Tang 7 (reserves 6) and Little Tang 8 (reserves 2), round by round', () => {
    const r = gangUp({ rating: 10, resistance: 1 }, [
      { rating: 7, reserves: 6 },
      { rating: 8, reserves: 2 },
    ])
    // Slip (CH-8): the seed leaves Big Tang at 4 and Fu Lan at 2. By CH-2 Big Tang takes 10, 6 of
    // it from reserves: 7 − 4 = 3. Round 2, Fu Lan 4 v Big Tang 3 costs her half of 3 = 2, less
    // resistance 1 = 1, leaving 3. The rules win.
    expect(r.rounds).toEqual([
      // Each Tang takes her full 10; she takes half of 7 = 4 and half of 8 = 4, each less resistance 1.
      { single: side(4, { resistance: 1 }), opponents: [side(3), side(0)] },
      { single: side(3, { resistance: 1 }), opponents: [side(-1), side(0)] },
    ])
    expect(r.winner).toBe('single')
  })

  it('resistance reduces each opponent’s loss separately, not the sum', () => {
    // Two 4s against 9 with resistance 2: each costs half of 4 = 2, all stopped; summed first, 4 − 2 would cost 2.
    const r = gangUp({ rating: 9, resistance: 2 }, [{ rating: 4 }, { rating: 4 }])
    expect(r.rounds[0]?.single.pool).toBe(9)
  })

  it('an opponent who is out stops inflicting losses, and keeps its last numbers', () => {
    const played = ok(playChallenge([{ rating: 10, resistance: 1 }, { rating: 7, reserves: 6 }, { rating: 8, reserves: 2 }]))
    expect(played.reports[1]?.blows.map((b) => [b.fromSide, b.toSide])).toEqual([
      ['single', 'opponent 1'],
      ['opponent 1', 'single'],
    ])
  })

  it('when the single side and the last opponents go out together, the fewer negative points wins', () => {
    // 2 v two 1s: each 1 takes 2 (→ −1); the single side takes 1 + 1 (→ 0). 0 beats −1.
    const r = gangUp({ rating: 2 }, [{ rating: 1 }, { rating: 1 }])
    expect(r.rounds).toEqual([{ single: side(0), opponents: [side(-1), side(-1)] }])
    expect(r.winner).toBe('single')
    expect(gangUp({ rating: 2 }, [{ rating: 2 }, { rating: 2 }]).winner).toBe('opponents')
  })

  it('refuses opponents with unusable numbers, naming them', () => {
    expect(() => gangUp({ rating: 5 }, [{ rating: 3 }, { rating: 3, resistance: -1 }])).toThrow(/opponent 2: the resistance cannot be below 0/)
  })
})

describe('CH-9: a horde of identical goons as one opponent', () => {
  it('the Seven Deaths (each Martial Arts 5, reserves 4): rating 5, bonus 3 (half of 5, more than three), reserves 4 + 8', () => {
    // CH-9 Decision: a third of a member's reserves, 1/3 × 4 × 6 = 8, added to the reserves of one.
    expect(hordeNumbers({ rating: 5, reserves: 4 }, 7)).toEqual({ rating: 5, bonus: 3, reserves: 12, resistance: 0, extraReserves: 8 })
  })

  it('group bonus: a third of the rating for two or three, a half for more than three, none for a lone goon', () => {
    expect([1, 2, 3, 4, 7].map((n) => hordeGroupBonus(5, n))).toEqual([0, 2, 2, 3, 3])
  })

  it('a member falls each time a share of the extra reserves is lost; the last stands until the pool is gone', () => {
    const horde = { members: 7, standing: 7, memberBonus: 0, memberReserves: 4, extraReserves: 8 }
    expect([0, 1, 2, 4, 8, 12].map((lost) => membersStanding(horde, lost))).toEqual([7, 7, 6, 4, 1, 1])
  })

  it('Fu Lan (fully recovered) v the Seven Deaths, following the rules round by round', () => {
    // Slip (CH-9): the seed has Fu Lan at 3 after round 1; her 10 beats their 8, so she loses half
    // of 8 = 4, less resistance 1 = 3, leaving 7. The horde loses 10: 10 of its 12 reserves, and
    // with the 8 extra gone six Deaths fall. The last Death fights alone, without the group bonus.
    const deaths: ChallengerSetup = { name: 'the Seven Deaths', rating: 5, reserves: 4, horde: { members: 7 } }
    const played = ok(playChallenge([{ name: 'Fu Lan', rating: 10, resistance: 1 }, deaths]))
    const rounds = played.reports.map((r) => r.sides.map((s) => [s.effective, s.after.pool, s.after.reserves]))
    expect(rounds).toEqual([
      [[10, 7, 0], [8, 5, 2]],
      // 7 v the last Death's 5: she loses half of 5 = 3, less 1 = 2; he loses 7 (2 from reserves).
      [[7, 5, 0], [5, 0, 0]],
    ])
    expect(played.reports.map((r) => r.fallen)).toEqual([
      [{ side: 'the Seven Deaths', members: 6, standing: 1 }],
      [{ side: 'the Seven Deaths', members: 1, standing: 0 }],
    ])
    expect(played.winner).toBe('single')
    // The same fight through gangUp, with the horde as one opponent.
    expect(gangUp({ rating: 10, resistance: 1 }, [deaths]).rounds.map((r) => [r.single.pool, r.opponents[0]?.pool, r.opponents[0]?.bonus])).toEqual([
      [7, 5, 0],
      [5, 0, 0],
    ])
  })

  it('the group bonus shrinks as members fall', () => {
    // Five goons (rating 4, reserves 3): bonus 2, reserves 3 + 4, a member per reserve lost.
    const goons: ChallengerSetup = { name: 'goons', rating: 4, reserves: 3, horde: { members: 5 } }
    const played = ok(playChallenge([{ name: 'hero', rating: 6 }, goons]))
    expect(played.reports.map((r) => r.sides.map((s) => [s.effective, s.after.pool, s.after.reserves]))).toEqual([
      // 6 v 6: each loses 3; three goons fall, two stand: the bonus drops to a third of 4 = 1.
      [[6, 3, 0], [6, 4, 4]],
      // 3 v 5: the hero loses 5; the goons half of 3 = 2 from reserves: one more falls.
      [[3, -2, 0], [5, 4, 2]],
    ])
    expect(played.reports.map((r) => r.fallen.map((f) => [f.members, f.standing]))).toEqual([[[3, 2]], [[1, 1]]])
    expect(played.winner).toBe('opponents')
  })
})
