import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { recordingDice, seededDice } from '../../../src/main/engines/dice'
import {
  addLight,
  addTimer,
  advanceClock,
  checkClock,
  gameTime,
  lightUp,
  newClock,
  setEncounterCheck,
  setProvisions,
  STOP_KINDS,
  type AdvanceRequest,
  type ClockEvent,
  type ClockState,
} from '../../../src/main/engines/clock'
import { clockArb, splitSpanArb } from './arbitraries'
import { allowed, deepFreeze, goOnToTheEnd } from './helpers'

/** Advances through each request in turn with one set of dice, gathering every event. */
function advanceInSteps(state: ClockState, requests: AdvanceRequest[], seed: string): { state: ClockState; events: ClockEvent[] } {
  const dice = seededDice(seed)
  const events: ClockEvent[] = []
  for (const request of requests) {
    const step = allowed(advanceClock(state, request, dice))
    for (const event of step.events) events.push(event)
    state = step.state
  }
  return { state, events }
}

describe('CLK-7: advancing in one step or many gives the same events from the same dice', () => {
  it('CLK-3, CLK-7: 288 turns at once, going on after each encounter, and 288 single turns give the same checks, lights, timers and rations', () => {
    let state = newClock({ time: gameTime(1, '06:00') })
    state = allowed(addLight(state, { id: 'torch', type: 'torch', holder: { character: 'Glam' } })).state
    state = allowed(addLight(state, { id: 'lantern', type: 'lantern', holder: { character: 'Ada' }, pints: 1 })).state
    state = allowed(lightUp(allowed(lightUp(state, 'torch')).state, 'lantern')).state
    state = allowed(addTimer(state, { id: 'patrol', label: 'The patrol passes', after: { minutes: 47 }, repeatEvery: { hours: 3 } })).state
    state = allowed(setProvisions(state, { characterId: 'Glam', foodDays: 1, waterPints: 2 })).state
    const once = goOnToTheEnd(state, 288 * 300, seededDice('a day underground'))
    const oneByOne = advanceInSteps(state, Array(288).fill({ turns: 1 }), 'a day underground')
    expect(once.events.filter((e) => e.kind === 'encounter check')).toHaveLength(288)
    expect(once.events.filter((e) => e.kind !== 'encounter check').map((e) => e.kind)).toEqual([
      // 06:47 patrol, 06:55 and 07:00 torch, 09:47 patrol, 10:55 and 11:00 lantern, patrols at 12:47 … 21:47,
      // midnight and Glam's rations, patrols at 00:47 and 03:47.
      'timer', 'light warning', 'light out', 'timer', 'light warning', 'light out', 'timer', 'timer', 'timer', 'timer', 'new day', 'rations', 'timer', 'timer',
    ])
    expect({ state: oneByOne.state, events: oneByOne.events }).toEqual({ state: once.state, events: once.events })
  })

  it('CLK-3, CLK-7: the long advance stops at exactly the turns where one turn at a time meets an encounter, with the same dice', () => {
    const start = allowed(setEncounterCheck(newClock({ time: 0 }), { threshold: 17 })).state
    const once = goOnToTheEnd(start, 288 * 300, seededDice('same turn'))
    const single = advanceInSteps(start, Array(288).fill({ turns: 1 }), 'same turn')
    const met = single.events.filter((e) => e.kind === 'encounter check' && e.encounter).map((e) => e.at)
    expect(met.length).toBeGreaterThan(10)
    expect(once.stops.map((s) => s.at)).toEqual(met)
    expect(once.stops.every((s) => s.kind === 'encounter')).toBe(true)
  })

  it('CLK-3, CLK-7: for any state and any way of cutting a span, the pieces give the events and the state of the whole, going on after each stop', () => {
    fc.assert(
      fc.property(clockArb, splitSpanArb, fc.string(), (state, { total, pieces }, seed) => {
        expect(checkClock(state)).toEqual({ ok: true })
        const dice = seededDice(seed)
        const whole = goOnToTheEnd(state, total, dice)
        const cutDice = seededDice(seed)
        const cut: { state: ClockState; events: ClockEvent[] } = { state, events: [] }
        for (const seconds of pieces) {
          const piece = goOnToTheEnd(cut.state, seconds, cutDice)
          cut.state = piece.state
          cut.events.push(...piece.events)
        }
        expect(cut).toEqual({ state: whole.state, events: whole.events })
        expect(whole.events.map((e) => e.at)).toEqual(whole.events.map((e) => e.at).sort((a, b) => a - b))
        expect(checkClock(whole.state)).toEqual({ ok: true })
      }),
      { numRuns: 150 },
    )
  })

  it('CLK-3, CLK-7: "advance until" stops where advancing exactly that far would have arrived, with the same events; in exploration an encounter stops it too', () => {
    fc.assert(
      fc.property(clockArb, fc.subarray([...STOP_KINDS], { minLength: 1 }), fc.integer({ min: 1, max: 3 }), fc.string(), (state, until, days, seed) => {
        const stopped = allowed(advanceClock(state, { until, within: { days } }, seededDice(seed)))
        const span = stopped.state.time - state.time
        const exact = allowed(advanceClock(state, { seconds: span }, seededDice(seed)))
        expect({ state: exact.state, events: exact.events }).toEqual({ state: stopped.state, events: stopped.events })
        const stopsAt: string[] = state.mode === 'exploration' ? [...until, 'encounter'] : until
        if (stopped.stopped) expect(stopsAt).toContain(stopped.stopped.kind)
        else expect(span).toBe(days * 86_400)
        if (stopped.stopped) expect(stopped.stopped.left).toBe(days * 86_400 - span)
      }),
      { numRuns: 150 },
    )
  })

  it('CLK-7: the clock never changes the state it is given, and a plain copy advances exactly like the original (undo)', () => {
    fc.assert(
      fc.property(clockArb, fc.integer({ min: 1, max: 2 * 86_400 }), (state, seconds) => {
        const copy = JSON.parse(JSON.stringify(state)) as ClockState
        expect(copy).toStrictEqual(state)
        const frozen = deepFreeze(state)
        const fromFrozen = advanceClock(frozen, { seconds }, seededDice('undo'))
        expect(advanceClock(copy, { seconds }, seededDice('undo'))).toEqual(fromFrozen)
        expect(frozen).toStrictEqual(copy)
        if (fromFrozen.ok) expect(JSON.parse(JSON.stringify(fromFrozen.state))).toStrictEqual(fromFrozen.state)
      }),
      { numRuns: 100 },
    )
  })
})

describe('DICE-3: every face the clock rolls is in its events, in order', () => {
  it('DICE-3: the events of any advance list exactly the faces the dice gave, in the order given', () => {
    fc.assert(
      fc.property(clockArb, fc.integer({ min: 1, max: 3 * 86_400 }), fc.string(), (state, seconds, seed) => {
        const dice = recordingDice(seededDice(seed))
        const moved = allowed(advanceClock(state, { seconds }, dice))
        expect(moved.events.flatMap((e) => e.faces)).toEqual(dice.faces.map((f) => f.face))
      }),
      { numRuns: 100 },
    )
  })
})
