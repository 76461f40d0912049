import { describe, expect, it } from 'vitest'
import { recordingDice, scriptedDice, seededDice } from '../../../src/main/engines/dice'
import { playOut, playRound, startChallenge, type ChallengeState } from '../../../src/main/engines/challenge'
import { ok, refused } from './helpers'

/** Deep-freezes a state so that any mutation by the engine throws. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) frozen(v)
    Object.freeze(value)
  }
  return value
}

describe('the step-by-step challenge (CH-1 … CH-3): one round at a time, immutable, with a full report', () => {
  it('never changes the state it is given, and returns a new one', () => {
    const state = frozen(ok(startChallenge([{ name: 'Cecilie', rating: 7, reserves: 5 }, { name: 'the dragon', rating: 6, reserves: 4, resistance: 4 }])).state)
    const copy = structuredClone(state)
    const { state: next } = ok(playRound(state, { choices: { 0: { toBonus: 1 } } }))
    expect(state).toEqual(copy)
    expect(next).not.toBe(state)
    expect(next.roundsPlayed).toBe(1)
  })

  it('reports each side’s numbers before and after, what it used, and where each loss went (CH-2)', () => {
    const state = ok(startChallenge([{ name: 'Cecilie', rating: 7, reserves: 5 }, { name: 'the dragon', rating: 6, reserves: 4, resistance: 4 }])).state
    const { report } = ok(playRound(state))
    expect(report.round).toBe(1)
    expect(report.blows).toEqual([
      { from: 0, to: 1, fromSide: 'Cecilie', toSide: 'the dragon', loss: 7, rounded: false, inflicted: 7, resisted: 4, through: 3 },
      { from: 1, to: 0, fromSide: 'the dragon', toSide: 'Cecilie', loss: 3, rounded: false, inflicted: 3, resisted: 0, through: 3 },
    ])
    expect(report.sides.map((s) => [s.side, s.before.reserves, s.fromReserves, s.fromPool, s.after.reserves])).toEqual([
      ['Cecilie', 5, 3, 0, 2],
      ['the dragon', 4, 3, 0, 1],
    ])
    expect(report.winner).toBeNull()
  })

  it('records every face it rolls, in order, so the round can be replayed (DICE-3)', () => {
    const setup = [{ rating: 5 }, { rating: 4, reserves: 2 }]
    const rec = recordingDice(seededDice('replay'))
    const started = ok(startChallenge(setup, { randomness: { place: 'losses', dice: rec } }))
    const first = ok(playOut(started.state, { dice: rec }))
    const faces = first.reports.flatMap((r) => r.dice.flatMap((d) => d.faces))
    expect(faces).toEqual(rec.faces.map((f) => f.face))
    // Feeding the logged faces back replays the same challenge.
    const replay = scriptedDice(faces)
    const again = ok(playOut(ok(startChallenge(setup, { randomness: { place: 'losses', dice: replay } })).state, { dice: replay }))
    expect(again.state).toEqual(first.state)
    expect(again.reports).toEqual(first.reports)
  })

  it('refuses to start with fewer than two sides, or with bad numbers, listing every problem', () => {
    expect(refused(startChallenge([{ rating: 3 }]))).toEqual(['A challenge needs at least two sides; got 1.'])
    expect(refused(startChallenge([{ name: 'Ann', rating: 3, bonus: -1 }, { name: 'Bo', rating: 2.5 }]))).toEqual([
      'Ann: the bonus cannot be below 0; got -1.',
      'Bo: the rating must be a whole number; got 2.5.',
    ])
  })

  it('refuses a round once the challenge is decided, and a choice for a side that is out', () => {
    const decided = ok(playOut(ok(startChallenge([{ rating: 2 }, { rating: 8 }])).state)).state
    expect(refused(playRound(decided))[0]).toMatch(/The challenge is over \(opponents\)/)
    // Three sides: opponent 2 goes out in round 1; the challenge goes on without it.
    let state: ChallengeState = ok(startChallenge([{ rating: 10 }, { rating: 9, reserves: 10 }, { rating: 2 }])).state
    state = ok(playRound(state)).state
    expect(state.sides.map((s) => s.numbers.pool)).toEqual([10 - 5 - 1, 9, -8])
    expect(refused(playRound(state, { choices: { 2: { toBonus: 1 } } }))).toEqual(['opponent 2 is out of the challenge and makes no choices.'])
  })

  it('a side that starts out of the challenge loses at once (CH-3)', () => {
    const started = ok(startChallenge([{ rating: 5, pool: 0 }, { rating: 3 }]))
    expect(started.state.winner).toBe('opponents')
  })

  it('playOut stops at maxRounds and says it is a stalemate; refuses a negative maxRounds', () => {
    const state = ok(startChallenge([{ rating: 3, resistance: 3 }, { rating: 3, resistance: 3 }])).state
    const out = ok(playOut(state, { maxRounds: 7 }))
    expect([out.reports.length, out.stalemate, out.state.winner]).toEqual([7, true, null])
    expect(refused(playOut(state, { maxRounds: -1 }))).toEqual(['maxRounds must be a whole number, 0 or more; got -1.'])
  })
})
