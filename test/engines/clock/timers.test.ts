import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { DEFAULT_ROUND_SECONDS, rollIncapacitation, woundLocation } from '../../../src/main/engines/ladder'
import { prepareSpells } from '../../../src/main/engines/osr'
import {
  addTimer,
  advanceClock,
  castWindowTimer,
  gameTime,
  incapacitationTimers,
  knockOutTimer,
  newClock,
  nextRound,
  removeTimer,
  setMode,
  startCombat,
  type ClockEvent,
  type ClockState,
  type TimerInput,
} from '../../../src/main/engines/clock'
import { allowed, refusal } from './helpers'

type Fired = Extract<ClockEvent, { kind: 'timer' }>
const fired = (events: ClockEvent[]): Fired[] => events.filter((e): e is Fired => e.kind === 'timer')
const downtime = (time = gameTime(1, '18:00')): ClockState => allowed(setMode(newClock({ time }), 'downtime')).state
const withTimers = (state: ClockState, timers: TimerInput[]): ClockState => timers.reduce((s, t) => allowed(addTimer(s, t)).state, state)

describe('CLK-6: a timer fires once when the clock reaches it, and is logged', () => {
  it('CLK-6: the ritual completes at midnight: it fires at 00:00 (before the new day), once, and is gone', () => {
    const state = withTimers(downtime(), [{ id: 'ritual', label: 'The ritual completes', at: gameTime(2) }])
    const night = allowed(advanceClock(state, { days: 2 }, scriptedDice([])))
    expect(night.events.slice(0, 2)).toEqual([
      { kind: 'timer', at: gameTime(2), faces: [], timerId: 'ritual', label: 'The ritual completes', hiddenFromPlayers: false, nextAt: null },
      { kind: 'new day', at: gameTime(2), faces: [], day: 2 },
    ])
    expect(fired(night.events)).toHaveLength(1)
    expect(night.state.timers).toEqual([])
  })

  it('CLK-6: a timer does not fire before its time, and stops "advance until" exactly there', () => {
    const state = withTimers(downtime(), [{ id: 'bell', label: 'The bell tolls', after: { minutes: 90 } }])
    expect(allowed(advanceClock(state, { minutes: 89 }, scriptedDice([]))).events).toEqual([])
    const until = allowed(advanceClock(state, { until: ['timer'] }, scriptedDice([])))
    expect(until.stopped).toEqual({ kind: 'timer', at: gameTime(1, '19:30'), left: gameTime(2, '18:00') - gameTime(1, '19:30') })
  })

  it('CLK-6: a repeating timer fires at each interval, set again each time', () => {
    const state = withTimers(downtime(), [{ id: 'patrol', label: 'The patrol passes', after: { hours: 2 }, repeatEvery: { hours: 2 } }])
    const night = allowed(advanceClock(state, { hours: 7 }, scriptedDice([])))
    expect(fired(night.events).map((f) => [f.at, f.nextAt])).toEqual([
      [gameTime(1, '20:00'), gameTime(1, '22:00')],
      [gameTime(1, '22:00'), gameTime(2)],
      [gameTime(2), gameTime(2, '02:00')],
    ])
    expect(night.state.timers[0]?.firesAt).toBe(gameTime(2, '02:00'))
  })

  it('CLK-6: reinforcements in 3 rounds of a Ladder combat (LAD-12) arrive after the third round', () => {
    const combat = allowed(startCombat(newClock({ time: 0 }), { roundSeconds: DEFAULT_ROUND_SECONDS })).state
    let state = withTimers(combat, [{ id: 'reinforcements', label: 'Reinforcements arrive', after: { rounds: 3 } }])
    const byRound: number[] = []
    for (let k = 0; k < 4; k++) {
      const round = allowed(nextRound(state, scriptedDice([])))
      if (fired(round.events).length > 0) byRound.push(round.round)
      state = round.state
    }
    expect(byRound).toEqual([3])
  })

  it('CLK-6, OSR-22: a prepared spell\'s cast window (1d3 × 10 minutes, here a d6 of 3 → 20) is hidden from players', () => {
    const window = prepareSpells(scriptedDice([3]), { rested: true, unrestrained: true }).window
    const state = withTimers(downtime(), [castWindowTimer(window, { id: 'glam-spell', caster: 'Glam' })])
    expect(state.timers[0]).toMatchObject({ firesAt: gameTime(1, '18:20'), hiddenFromPlayers: true })
    expect(fired(allowed(advanceClock(state, { minutes: 30 }, scriptedDice([]))).events)).toEqual([
      expect.objectContaining({ at: gameTime(1, '18:20'), hiddenFromPlayers: true, label: "Glam's prepared spell lapses: its 20-minute window to cast is over" }),
    ])
  })

  it('CLK-6, LAD-19: Incapacitated, out for 2d6 minutes (3 + 4 = 7), then the hour for medical attention', () => {
    const now = gameTime(1, '18:00')
    const incapacitation = rollIncapacitation(scriptedDice([3, 4]), { at: now, attackFace: 2 })
    const state = withTimers(newClock({ time: now }), incapacitationTimers(incapacitation, { id: 'tai', name: 'Tai' }))
    const hour = allowed(advanceClock(state, { hours: 1 }, scriptedDice(Array(12).fill(1))))
    expect(fired(hour.events).map((f) => [f.at - now, f.label])).toEqual([
      [7 * 60, 'Tai comes round, leg hurt, moving at half speed'],
      [3600, 'Tai: an hour without medical attention? Roll an asset against good; failure begins dying'],
    ])
  })

  it('CLK-6, LAD-17: a head Wound knocks out for 3 combat rounds; a Wound elsewhere sets no timer', () => {
    const combat = allowed(startCombat(newClock({ time: 0 }), { roundSeconds: 20 })).state
    const knockOut = knockOutTimer(woundLocation(6), { id: 'ko', name: 'Tai' })
    expect(allowed(addTimer(combat, knockOut!)).timer.firesAt).toBe(60)
    expect(knockOutTimer(woundLocation(5), { id: 'ko', name: 'Tai' })).toBeNull()
  })

  it('CLK-6: refuses a timer in the past or now, without a time, with a taken id, or in rounds outside combat', () => {
    const state = downtime()
    expect(refusal(addTimer(state, { id: 'x', label: 'Too late', at: state.time }))).toMatch(/must fire at a whole second later than now/)
    expect(refusal(addTimer(state, { id: 'x', label: 'When?' }))).toBe('Timer "When?": give either the game time it fires at or the span after which it fires.')
    expect(refusal(addTimer(state, { id: 'x', label: 'Soon', after: { rounds: 2 } }))).toMatch(/^Timer "Soon": Rounds only count in combat/)
    const one = withTimers(state, [{ id: 'x', label: 'Soon', after: { minutes: 1 } }])
    expect(refusal(addTimer(one, { id: 'x', label: 'Again', after: { minutes: 1 } }))).toMatch(/already a timer "x"/)
    expect(allowed(removeTimer(one, 'x')).state.timers).toEqual([])
    expect(refusal(removeTimer(state, 'x'))).toBe('There is no timer "x".')
  })
})
