/**
 * The acceptance examples, with scripted dice.
 */
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  addLight,
  advanceClock,
  endCombat,
  gameTime,
  lightUp,
  newClock,
  nextRound,
  readClock,
  refillLantern,
  setMode,
  setProvisions,
  SOMETHING_HAPPENS,
  startCombat,
  type ClockEvent,
  type ClockState,
} from '../../../src/main/engines/clock'
import { allowed, quietTurns } from './helpers'

const story = (events: ClockEvent[]) => events.filter((e) => e.kind !== 'encounter check').map((e) => [readAt(e.at), e.kind])
const readAt = (time: number) => readClock({ ...newClock(), time }).timeOfDay

describe('CLK-4, CLK-2: a torch lit at 10:00 across a combat from 10:52 lasting 40 rounds', () => {
  function torchLitAtTen(): ClockState {
    const clock = newClock({ time: gameTime(1, '10:00'), place: 'enclosed' })
    const withTorch = allowed(addLight(clock, { id: 'torch-1', type: 'torch', holder: { character: 'Glam' } })).state
    return allowed(lightUp(withTorch, 'torch-1')).state
  }

  it('CLK-4: warns at 10:55 during round 36 of the combat, and goes out at 11:00 after it, where the first check since 10:50 is rolled', () => {
    // 10:00 → 10:52: ten exploration turns (checks at 10:05 … 10:50), then two minutes, no boundary.
    const tenTurns = allowed(advanceClock(torchLitAtTen(), { turns: 10 }, scriptedDice(quietTurns(10))))
    expect(tenTurns.events.filter((e) => e.kind === 'encounter check').map((e) => readAt(e.at))).toEqual([
      '10:05:00', '10:10:00', '10:15:00', '10:20:00', '10:25:00', '10:30:00', '10:35:00', '10:40:00', '10:45:00', '10:50:00',
    ])
    const atTenFiftyTwo = allowed(advanceClock(tenTurns.state, { minutes: 2 }, scriptedDice([]))).state
    expect(readClock(atTenFiftyTwo).timeOfDay).toBe('10:52:00')

    // CLK-2: 40 rounds of 5 seconds = 200 s, so the combat ends at 10:55:20. No dice are needed:
    // no encounter check in combat, even though the 10:55 boundary is crossed.
    let clock = allowed(startCombat(atTenFiftyTwo)).state
    const roundEvents: { round: number; event: ClockEvent }[] = []
    for (let k = 0; k < 40; k++) {
      const round = allowed(nextRound(clock, scriptedDice([])))
      round.events.forEach((event) => roundEvents.push({ round: round.round, event }))
      clock = round.state
    }
    expect(roundEvents).toEqual([
      { round: 36, event: { kind: 'light warning', at: gameTime(1, '10:55'), faces: [], lightId: 'torch-1', type: 'torch', holder: { character: 'Glam' }, secondsLeft: 300 } },
    ])
    const ended = allowed(endCombat(clock))
    expect([ended.rounds, ended.seconds]).toEqual([40, 200])
    expect(readClock(ended.state)).toEqual({ day: 1, timeOfDay: '10:55:20', mode: 'exploration', turn: 131, round: 0 })
    expect(ended.state.lights[0]).toMatchObject({ lit: true, burnSecondsLeft: 280, warned: true })

    // The torch burns 280 s more: out at 11:00, the next turn boundary, where the check is rolled too.
    const afterwards = allowed(advanceClock(ended.state, { until: SOMETHING_HAPPENS }, scriptedDice([9])))
    expect(story(afterwards.events)).toEqual([['11:00:00', 'light out']])
    expect(afterwards.events.map((e) => e.kind)).toEqual(['light out', 'encounter check'])
    expect(afterwards.stopped).toEqual({ kind: 'light out', at: gameTime(1, '11:00'), left: gameTime(2, '10:55:20') - gameTime(1, '11:00') })
    expect(afterwards.state.lights[0]).toMatchObject({ lit: false, burnSecondsLeft: 0 })
  })

  it('CLK-2: one turn after the combat is 5 minutes from 10:55:20, crossing only the 11:00 boundary', () => {
    const clock = torchLitAtTen()
    const combat = allowed(startCombat({ ...clock, time: gameTime(1, '10:52'), lights: [{ ...clock.lights[0]!, burnSecondsLeft: 480 }] })).state
    let state = combat
    for (let k = 0; k < 40; k++) state = allowed(nextRound(state, scriptedDice([]))).state
    const turn = allowed(advanceClock(allowed(endCombat(state)).state, { turns: 1 }, scriptedDice([4])))
    expect(readClock(turn.state).timeOfDay).toBe('11:00:20')
    expect(turn.events.filter((e) => e.kind === 'encounter check').map((e) => readAt(e.at))).toEqual(['11:00:00'])
  })
})

describe('CLK-4: a lantern with 2 pints burns 10 hours', () => {
  it('CLK-4: a lantern holding 2 pints, lit at 08:00, warns at 17:55 and goes out at 18:00', () => {
    const clock = newClock({ time: gameTime(1, '08:00'), mode: 'downtime' })
    const withLantern = allowed(addLight(clock, { id: 'lantern', type: 'lantern', holder: { location: 'the camp' }, capacityPints: 2, pints: 2 })).state
    const lit = allowed(lightUp(withLantern, 'lantern')).state
    const day = allowed(advanceClock(lit, { hours: 12 }, scriptedDice([])))
    expect(story(day.events)).toEqual([
      ['17:55:00', 'light warning'],
      ['18:00:00', 'light out'],
    ])
  })

  it('CLK-4: the seed\'s lantern holds 1 pint: the second pint goes in when the first is burnt, for 10 hours in all', () => {
    const clock = newClock({ time: gameTime(1, '08:00'), mode: 'downtime' })
    const filled = allowed(addLight(clock, { id: 'lantern', type: 'lantern', holder: { character: 'Glam' }, pints: 1 })).state
    expect(refillLantern(filled, 'lantern')).toEqual({ ok: false, reason: 'The lantern "lantern" holds 1 pint and has 1 pint in it: there is room for 0 pints, not 1 pint.' })
    const first = allowed(advanceClock(allowed(lightUp(filled, 'lantern')).state, { until: ['light out'] }, scriptedDice([])))
    expect(story(first.events)).toEqual([
      ['12:55:00', 'light warning'],
      ['13:00:00', 'light out'],
    ])
    const relit = allowed(lightUp(allowed(refillLantern(first.state, 'lantern')).state, 'lantern')).state
    const second = allowed(advanceClock(relit, { until: ['light out'] }, scriptedDice([])))
    expect(story(second.events)).toEqual([
      ['17:55:00', 'light warning'],
      ['18:00:00', 'light out'],
    ])
  })
})

describe('CLK-5: rations eaten at the day boundary during an 8-hour rest', () => {
  it('CLK-5: resting from 20:00 to 04:00, Glam eats one of 4 days of rations and drinks his 1 pint of water at midnight', () => {
    const camp = allowed(setMode(newClock({ time: gameTime(1, '20:00') }), 'downtime')).state
    const glam = allowed(setProvisions(camp, { characterId: 'Glam', foodDays: 4, waterPints: 1 })).state
    const rest = allowed(advanceClock(glam, { hours: 8 }, scriptedDice([])))
    expect(readClock(rest.state)).toMatchObject({ day: 2, timeOfDay: '04:00:00' })
    expect(rest.events).toEqual([
      { kind: 'new day', at: gameTime(2), faces: [], day: 2 },
      {
        kind: 'rations',
        at: gameTime(2),
        faces: [],
        characterId: 'Glam',
        food: { needed: 1, consumed: 1, short: 0, left: 3, status: 'enough' },
        water: { needed: 1, consumed: 1, short: 0, left: 0, status: 'ran out' },
      },
    ])
    expect(rest.state.provisions).toEqual([{ characterId: 'Glam', foodDays: 3, waterPints: 0, foodPerDay: 1, waterPerDay: 1 }])
  })

  it('CLK-3, CLK-5: an 8-hour rest in the dungeon (exploration) still rolls its 96 checks, and eats at midnight just before the 48th check', () => {
    const camp = newClock({ time: gameTime(1, '20:00') })
    const glam = allowed(setProvisions(camp, { characterId: 'Glam', foodDays: 4, waterPints: 3 })).state
    const rest = allowed(advanceClock(glam, { hours: 8 }, scriptedDice(quietTurns(96))))
    const kinds = rest.events.map((e) => e.kind)
    expect(kinds.filter((k) => k === 'encounter check')).toHaveLength(96)
    // At midnight everything due happens before the turn's check (the fixed order of advance.ts).
    expect(kinds.slice(46, 50)).toEqual(['encounter check', 'new day', 'rations', 'encounter check'])
    expect(rest.events[49]?.at).toBe(gameTime(2))
  })
})

describe('CLK-3: an encounter on the 20 at the third turn stops "advance until something happens"', () => {
  it('CLK-3: 5, 12, then 20 at the third boundary: the clock stops at 10:15 with the distance rolled (OSR-12), and no later check is made', () => {
    const clock = newClock({ time: gameTime(1, '10:00'), place: 'enclosed' })
    const dice = scriptedDice([5, 12, 20, 7, 1, 1])
    const found = allowed(advanceClock(clock, { until: SOMETHING_HAPPENS }, dice))
    expect(found.events).toEqual([
      { kind: 'encounter check', at: gameTime(1, '10:05'), faces: [5], face: 5, threshold: 20, encounter: false, distance: null },
      { kind: 'encounter check', at: gameTime(1, '10:10'), faces: [12], face: 12, threshold: 20, encounter: false, distance: null },
      { kind: 'encounter check', at: gameTime(1, '10:15'), faces: [20, 7], face: 20, threshold: 20, encounter: true, distance: { place: 'enclosed', feet: 35 } },
    ])
    expect(found.stopped).toEqual({ kind: 'encounter', at: gameTime(1, '10:15'), left: gameTime(2, '10:00') - gameTime(1, '10:15') })
    expect(readClock(found.state).timeOfDay).toBe('10:15:00')
    expect(dice.remaining).toBe(2)
  })
})
