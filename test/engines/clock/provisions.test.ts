import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  advanceClock,
  eatAndDrink,
  gameTime,
  newClock,
  removeProvisions,
  setMode,
  setProvisions,
  type ClockEvent,
  type ClockState,
} from '../../../src/main/engines/clock'
import { allowed, refusal } from './helpers'

type Rations = Extract<ClockEvent, { kind: 'rations' }>
const rations = (events: ClockEvent[]): Rations[] => events.filter((e): e is Rations => e.kind === 'rations')
const camp = (): ClockState => allowed(setMode(newClock({ time: gameTime(1, '12:00') }), 'downtime')).state

describe('CLK-5: a ration and a pint of water a day, at each day boundary crossed', () => {
  it('CLK-5: three days at once eat three rations at the three midnights, for each character, in order', () => {
    let state = allowed(setProvisions(camp(), { characterId: 'Glam', foodDays: 4, waterPints: 5 })).state
    state = allowed(setProvisions(state, { characterId: 'Ada', foodDays: 10, waterPints: 10 })).state
    const days = allowed(advanceClock(state, { days: 3 }, scriptedDice([])))
    expect(rations(days.events).map((r) => [r.at, r.characterId, r.food.left, r.water.left])).toEqual([
      [gameTime(2), 'Glam', 3, 4],
      [gameTime(2), 'Ada', 9, 9],
      [gameTime(3), 'Glam', 2, 3],
      [gameTime(3), 'Ada', 8, 8],
      [gameTime(4), 'Glam', 1, 2],
      [gameTime(4), 'Ada', 7, 7],
    ])
    expect(days.state.provisions.map((p) => [p.foodDays, p.waterPints])).toEqual([[1, 2], [7, 7]])
  })

  it('CLK-5: running low (a day\'s worth left), running out, then going without are each reported', () => {
    const glam = allowed(setProvisions(camp(), { characterId: 'Glam', foodDays: 2, waterPints: 9 })).state
    const days = allowed(advanceClock(glam, { days: 3 }, scriptedDice([])))
    expect(rations(days.events).map((r) => r.food)).toEqual([
      { needed: 1, consumed: 1, short: 0, left: 1, status: 'running low' },
      { needed: 1, consumed: 1, short: 0, left: 0, status: 'ran out' },
      { needed: 1, consumed: 0, short: 1, left: 0, status: 'ran out' },
    ])
  })

  it('CLK-5: "advance until" can stop at the first day someone runs low or out', () => {
    const glam = allowed(setProvisions(camp(), { characterId: 'Glam', foodDays: 9, waterPints: 3 })).state
    const until = allowed(advanceClock(glam, { until: ['running low or out'], within: { days: 30 } }, scriptedDice([])))
    expect(until.stopped).toEqual({ kind: 'running low or out', at: gameTime(3), left: gameTime(31, '12:00') - gameTime(3) })
    expect(rations(until.events).at(-1)?.water).toEqual({ needed: 1, consumed: 1, short: 0, left: 1, status: 'running low' })
  })

  it('CLK-5: the daily needs are editable: half rations and two pints in the desert', () => {
    const desert = allowed(setProvisions(camp(), { characterId: 'Glam', foodDays: 2, waterPints: 4, foodPerDay: 0.5, waterPerDay: 2 })).state
    const day = allowed(advanceClock(desert, { days: 1 }, scriptedDice([])))
    expect(rations(day.events)[0]).toMatchObject({ food: { consumed: 0.5, left: 1.5, status: 'enough' }, water: { consumed: 2, left: 2, status: 'running low' } })
    expect(eatAndDrink({ characterId: 'Golem', foodDays: 0, waterPints: 0, foodPerDay: 0, waterPerDay: 0 }).food.status).toBe('enough')
  })

  it('CLK-5: nothing is eaten before midnight, whatever the span', () => {
    const glam = allowed(setProvisions(camp(), { characterId: 'Glam', foodDays: 4, waterPints: 4 })).state
    expect(allowed(advanceClock(glam, { hours: 11 }, scriptedDice([]))).events).toEqual([])
  })

  it('CLK-5: refuses amounts that are not numbers of 0 or more, and unknown characters', () => {
    expect(refusal(setProvisions(camp(), { characterId: 'Glam', foodDays: -1, waterPerDay: Number.NaN }))).toBe(
      'foodDays (-1), waterPerDay (NaN): amounts of food and water are numbers, 0 or more.',
    )
    expect(refusal(setProvisions(camp(), { characterId: '' }))).toBe('Provisions belong to a named character.')
    expect(refusal(removeProvisions(camp(), 'Glam'))).toBe('No food and water are tracked for Glam.')
    const updated = allowed(setProvisions(allowed(setProvisions(camp(), { characterId: 'Glam', foodDays: 4 })).state, { characterId: 'Glam', waterPints: 2 }))
    expect(updated.state.provisions).toEqual([{ characterId: 'Glam', foodDays: 4, waterPints: 2, foodPerDay: 1, waterPerDay: 1 }])
  })
})
