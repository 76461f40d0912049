import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { raceAP, raceExchange, raceScoreOdds, startRace, taskOdds } from '../../../src/main/engines/ladder'
import type { RaceContestant, RaceState } from '../../../src/main/engines/ladder'

const players = (n: number): RaceContestant[] => Array.from({ length: n }, (_, i) => ({ name: `Player ${i + 1}`, asset: 'good' as const }))

describe('LAD-11: the race', () => {
  it('seed: five poker players race to 8 AP (contestants + 3)', () => {
    expect(startRace({ contestants: players(5), difficulty: 'good' }).target).toBe(8)
    expect(startRace({ contestants: players(3), difficulty: 'good' }).target).toBe(6)
  })

  it('LAD-11: equal to the difficulty scores 1 AP, exceeding by n rungs n + 1, below it nothing', () => {
    expect(raceAP('good', 'good')).toBe(1)
    expect(raceAP('expert', 'good')).toBe(2)
    expect(raceAP('superb', 'good')).toBe(3)
    expect(raceAP('poor', 'good')).toBe(0)
    expect(raceAP('terrible', 'expert')).toBe(0)
  })

  it('LAD-11: each contestant rolls every exchange, in order, and the report shows every face and score', () => {
    const race = startRace({ contestants: players(3), difficulty: 'good' })
    const { state, report } = raceExchange(scriptedDice([6, 2, 3, 1, 4]), race)
    expect(report.rolls).toEqual([
      { name: 'Player 1', roll: { result: 'expert', faces: [6, 2] }, scored: 2 },
      { name: 'Player 2', roll: { result: 'good', faces: [3] }, scored: 1 },
      { name: 'Player 3', roll: { result: 'poor', faces: [1, 4] }, scored: 0 },
    ])
    expect(state.ap).toEqual({ 'Player 1': 2, 'Player 2': 1, 'Player 3': 0 })
    expect(state.winner).toBeNull()
  })

  it('LAD-11: the first to reach the target wins', () => {
    const race: RaceState = { ...startRace({ contestants: players(3), difficulty: 'good' }), ap: { 'Player 1': 5, 'Player 2': 4, 'Player 3': 4 } }
    const { state } = raceExchange(scriptedDice([3, 3, 3]), race)
    expect(state.ap).toEqual({ 'Player 1': 6, 'Player 2': 5, 'Player 3': 5 })
    expect(state.winner).toBe('Player 1')
  })

  it('LAD-11 Decision: a tie at the top plays one more exchange among the tied only', () => {
    const race: RaceState = { ...startRace({ contestants: players(3), difficulty: 'good' }), ap: { 'Player 1': 5, 'Player 2': 4, 'Player 3': 5 } }
    const { state, report } = raceExchange(scriptedDice([3, 3, 2]), race)
    // Player 1 and Player 3 both reach 6 together, tied: one more exchange among the two of them.
    expect(report.tied).toEqual(['Player 1', 'Player 3'])
    expect(state.rolling).toEqual(['Player 1', 'Player 3'])
    const decider = raceExchange(scriptedDice([1, 3, 4]), state)
    // Only the tied roll: Player 1 steps down (1, 3) and scores nothing, Player 3 scores 1.
    expect(decider.report.rolls.map((r) => r.name)).toEqual(['Player 1', 'Player 3'])
    expect(decider.state.winner).toBe('Player 3')
  })

  it('LAD-11 Decision: several reaching it together → the highest AP wins outright', () => {
    const race: RaceState = { ...startRace({ contestants: players(3), difficulty: 'good' }), ap: { 'Player 1': 5, 'Player 2': 5, 'Player 3': 0 } }
    const { state } = raceExchange(scriptedDice([3, 6, 2, 3]), race)
    expect(state.ap).toEqual({ 'Player 1': 6, 'Player 2': 7, 'Player 3': 1 })
    expect(state.winner).toBe('Player 2')
    expect(() => raceExchange(scriptedDice([3, 3, 3]), state)).toThrow(/race is over: Player 2 has won/)
  })

  it('LAD-11: refuses a race of fewer than three, and a name entered twice', () => {
    expect(() => startRace({ contestants: players(2), difficulty: 'good' })).toThrow(/3 or more contestants; got 2.*extended conflict/)
    expect(() => startRace({ contestants: [...players(2), { name: 'Player 1', asset: 'poor' }], difficulty: 'good' })).toThrow(/"Player 1" is entered twice/)
  })

  it('DICE-2: raceScoreOdds gives the exact AP odds of one roll and sums to 1', () => {
    const odds = raceScoreOdds({ asset: 'good' }, 'good')
    const rungs = taskOdds({ asset: 'good' }).result
    expect(odds[0]).toBeCloseTo(rungs.poor + rungs.terrible, 15)
    expect(odds[1]).toBeCloseTo(4 / 6, 15)
    expect(odds[2]).toBeCloseTo(rungs.expert, 15)
    expect(odds[3]).toBeCloseTo(rungs.superb, 15)
    expect(odds.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14)
  })
})
