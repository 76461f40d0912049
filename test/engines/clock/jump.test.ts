import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  addLight,
  addTimer,
  advanceClock,
  gameTime,
  ladderInjury,
  lightUp,
  newClock,
  osrInjury,
  recordInjury,
  setProvisions,
  setResting,
  setTime,
  startCombat,
  type ClockState,
} from '../../../src/main/engines/clock'
import { allowed, refusal } from './helpers'

/** A party underground at 10:00 on day 1: a lit torch, food for three days, a wounded fighter. */
function party(): ClockState {
  let state = newClock({ time: gameTime(1, '10:00') })
  state = allowed(addLight(state, { id: 't', type: 'torch', holder: { character: 'Glam' } })).state
  state = allowed(lightUp(state, 't')).state
  state = allowed(setProvisions(state, { characterId: 'Glam', foodDays: 3, waterPints: 3 })).state
  state = allowed(recordInjury(state, ladderInjury({ id: 'w', characterId: 'Tai', level: 'wounded', takenAt: gameTime(1, '09:00') }))).state
  return state
}

describe('CLK-1: setting the clock to a later time', () => {
  it('CLK-1: jumps to Day 3 · 08:00 with no dice and nothing used up: no checks, no burning, no rations', () => {
    const jumped = allowed(setTime(party(), gameTime(3, '08:00')))
    expect(jumped.state.time).toBe(gameTime(3, '08:00'))
    expect(jumped.events).toEqual([])
    expect(jumped.state.lights[0]).toMatchObject({ lit: true, burnSecondsLeft: 3600, warned: false })
    expect(jumped.state.provisions[0]).toMatchObject({ foodDays: 3, waterPints: 3 })
    // The clock goes on from there as ever: the torch burns its hour from 08:00.
    const after = allowed(advanceClock({ ...jumped.state, mode: 'downtime' }, { hours: 2 }, scriptedDice([])))
    expect(after.events.filter((e) => e.kind === 'light out').map((e) => e.at)).toEqual([gameTime(3, '09:00')])
  })

  it('CLK-1, CLK-6, CLK-8: what is fixed to a game time comes to pass at its own time: timers fire once, injuries pass their milestones', () => {
    let state = party()
    state = allowed(addTimer(state, { id: 'ritual', label: 'The ritual completes', at: gameTime(2) })).state
    state = allowed(addTimer(state, { id: 'patrol', label: 'The patrol passes', after: { hours: 1 }, repeatEvery: { hours: 3 } })).state
    const jumped = allowed(setTime(state, gameTime(9, '12:00')))
    expect(jumped.events.map((e) => [e.kind, e.at])).toEqual([
      ['timer', gameTime(1, '11:00')],
      ['timer', gameTime(2)],
      ['injury', gameTime(8, '09:00')],
    ])
    // The patrol fired once for the jump and is set for its next time after it (every 3 h from 11:00 on day 1).
    expect(jumped.events[0]).toMatchObject({ label: 'The patrol passes', nextAt: gameTime(9, '14:00') })
    expect(jumped.state.timers).toEqual([expect.objectContaining({ id: 'patrol', firesAt: gameTime(9, '14:00') })])
    expect(jumped.events[2]).toMatchObject({ injuryId: 'w', milestone: 'heals', cleared: true })
    expect(jumped.state.injuries).toEqual([])
  })

  it('CLK-1, OSR-20: a jump is not a day of rest: a resting character heals nothing and starts the day of rest again', () => {
    let state = allowed(recordInjury(newClock({ time: gameTime(1, '10:00') }), osrInjury({ id: 'rest-1', characterId: 'Ana', takenAt: 0, h: 2, maxH: 6 }))).state
    state = allowed(setResting(state, 'Ana', true)).state
    const jumped = allowed(setTime(state, gameTime(4, '10:00')))
    expect(jumped.events).toEqual([])
    expect(jumped.state.injuries[0]?.recovery).toEqual({ kind: 'rest', h: 2, maxH: 6, restDayStartedAt: gameTime(4, '10:00') })
  })

  it('CLK-1: refuses a time not later than now, and a jump during a combat, changing nothing', () => {
    const state = party()
    expect(refusal(setTime(state, gameTime(1, '09:00')))).toBe(
      "Day 1 · 09:00 is not later than the clock's Day 1 · 10:00: the clock only moves forward (CLK-1). Undo a step to take it back.",
    )
    expect(refusal(setTime(state, state.time))).toMatch(/is not later than the clock's Day 1 · 10:00/)
    expect(refusal(setTime(allowed(startCombat(state)).state, gameTime(2)))).toBe('End the combat first: a combat moves a round at a time (CLK-2).')
  })
})
