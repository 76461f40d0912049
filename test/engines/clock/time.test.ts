import { afterEach, describe, expect, it, vi } from 'vitest'
import { scriptedDice, seededDice } from '../../../src/main/engines/dice'
import { DEFAULT_ROUND_SECONDS } from '../../../src/main/engines/ladder'
import {
  advanceClock,
  dayAndTime,
  endCombat,
  gameTime,
  newClock,
  nextRound,
  readClock,
  ROUNDS_PER_TURN,
  setMode,
  spanSeconds,
  startCombat,
  TURN_SECONDS,
} from '../../../src/main/engines/clock'
import { allowed, quietTurns, refusal } from './helpers'

describe('CLK-1: game time is whole seconds since the campaign began, shown as day and time of day', () => {
  it('CLK-1: reads 39,320 s as day 1, 10:55:20, and a time on the third day', () => {
    expect(dayAndTime(39_320)).toEqual({ day: 1, timeOfDay: '10:55:20' })
    expect(gameTime(1, '10:55:20')).toBe(39_320)
    expect(gameTime(3, '00:00:01')).toBe(2 * 86_400 + 1)
    expect(dayAndTime(gameTime(3, '23:59:59'))).toEqual({ day: 3, timeOfDay: '23:59:59' })
  })

  it('CLK-1: refuses a time of day that is not one, naming it', () => {
    expect(() => gameTime(1, '25:00')).toThrow('"25:00" is not a time of day; write it as hh:mm or hh:mm:ss')
    expect(() => gameTime(0, '10:00')).toThrow('Days are counted from 1')
  })

  afterEach(() => vi.useRealTimers())

  it('CLK-1: real time never moves the clock: the same advance on two different real dates gives the same result', () => {
    const clock = newClock({ time: gameTime(1, '10:00') })
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2001-01-01T00:00:00Z'))
    const first = advanceClock(clock, { hours: 3 }, seededDice('real time'))
    vi.setSystemTime(new Date('2031-06-15T12:34:56Z'))
    const second = advanceClock(clock, { hours: 3 }, seededDice('real time'))
    expect(second).toEqual(first)
    expect(readClock(clock).timeOfDay).toBe('10:00:00')
  })
})

describe('CLK-2: exploration in 5-minute turns, combat in rounds, downtime in hours and days', () => {
  it('CLK-2: a turn is 300 s (OSR-7); spans convert to whole seconds', () => {
    expect(TURN_SECONDS).toBe(300)
    expect(allowed(spanSeconds({ turns: 288 }, null)).seconds).toBe(86_400)
    expect(allowed(spanSeconds({ hours: 8 }, null)).seconds).toBe(28_800)
    expect(allowed(spanSeconds({ rounds: 3 }, 20)).seconds).toBe(60)
  })

  it('CLK-2: refuses a span that is not a whole count of 1 or more, or rounds outside combat', () => {
    expect(refusal(spanSeconds({ turns: 0 }, null))).toBe('A span of turns must be a whole number, 1 or more; got 0.')
    expect(refusal(spanSeconds({ minutes: 2.5 }, null))).toBe('A span of minutes must be a whole number, 1 or more; got 2.5.')
    expect(refusal(advanceClock(newClock(), { rounds: 1 }, scriptedDice([])))).toMatch(/^Rounds only count in combat/)
    expect(refusal(spanSeconds({ weeks: 1 } as unknown as { days: number }, null))).toBe('"weeks" is not a span; use seconds, minutes, turns, rounds, hours or days.')
  })

  it('CLK-2: 60 osr rounds of 5 s make one turn; the clock ends the combat where the rounds took it', () => {
    let clock = allowed(startCombat(newClock({ time: gameTime(1, '10:00') }))).state
    for (let k = 0; k < ROUNDS_PER_TURN; k++) clock = allowed(nextRound(clock, scriptedDice([]))).state
    expect(readClock(clock)).toEqual({ day: 1, timeOfDay: '10:05:00', mode: 'combat', turn: 121, round: 60 })
    const ended = allowed(endCombat(clock))
    expect(ended).toMatchObject({ rounds: 60, seconds: 300, startedAt: gameTime(1, '10:00') })
    expect(readClock(ended.state)).toEqual({ day: 1, timeOfDay: '10:05:00', mode: 'exploration', turn: 121, round: 0 })
  })

  it("CLK-2: a Ladder combat's rounds last the campaign's length (LAD-12: 20 s unless set)", () => {
    let clock = allowed(startCombat(newClock({ time: 0 }), { roundSeconds: DEFAULT_ROUND_SECONDS })).state
    for (let k = 0; k < 3; k++) clock = allowed(nextRound(clock, scriptedDice([]))).state
    expect(clock.time).toBe(60)
    expect(refusal(startCombat(newClock(), { roundSeconds: 0 }))).toBe('A round lasts a whole number of seconds, 1 or more; got 0.')
  })

  it('CLK-2: in combat the clock moves only by rounds; a combat is started and ended once', () => {
    const combat = allowed(startCombat(newClock())).state
    expect(refusal(advanceClock(combat, { turns: 1 }, scriptedDice([])))).toBe('The clock is in combat: move it a round at a time, or end the combat first (CLK-2).')
    expect(refusal(startCombat(combat))).toBe('A combat is already under way (round 0).')
    expect(refusal(setMode(combat, 'downtime'))).toMatch(/^End the combat first/)
    expect(refusal(nextRound(newClock(), scriptedDice([])))).toBe('There is no combat to play a round of: start one first.')
    expect(refusal(endCombat(newClock()))).toBe('There is no combat to end.')
  })

  it('CLK-2: downtime advances in hours and days with no encounter checks; a combat started in downtime returns to it', () => {
    const downtime = allowed(setMode(newClock(), 'downtime')).state
    const week = allowed(advanceClock(downtime, { days: 7 }, scriptedDice([])))
    expect(week.events.map((e) => e.kind)).toEqual(Array(7).fill('new day'))
    const fight = allowed(startCombat(week.state)).state
    expect(allowed(endCombat(fight)).state.mode).toBe('downtime')
  })

  it('CLK-2: exploration turn boundaries are multiples of 5 minutes of game time: from 10:52, an hour crosses 10:55 … 11:50', () => {
    const clock = newClock({ time: gameTime(1, '10:52') })
    const hour = allowed(advanceClock(clock, { hours: 1 }, scriptedDice(quietTurns(12))))
    expect(hour.events.map((e) => dayAndTime(e.at).timeOfDay)).toEqual([
      '10:55:00', '11:00:00', '11:05:00', '11:10:00', '11:15:00', '11:20:00', '11:25:00', '11:30:00', '11:35:00', '11:40:00', '11:45:00', '11:50:00',
    ])
  })
})
