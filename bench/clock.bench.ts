import { BenchGroup } from './harness'
import { seededDice } from '../src/main/engines/dice'
import { encounterCheck } from '../src/main/engines/osr'
import {
  addLight,
  addTimer,
  advanceClock,
  DAY,
  lightUp,
  newClock,
  setMode,
  setProvisions,
  type ClockState,
  type Refusable,
} from '../src/main/engines/clock'

/** 30 days of 5-minute turns: 30 × 24 × 12. */
const TURNS = 30 * 24 * 12

function allowed<T>(result: Refusable<T>): { ok: true } & T {
  if (!result.ok) throw new Error(result.reason)
  return result
}

/** A party of 6 with 12 lights burning and 20 timers (half of them repeating), at 08:00 on day 1. */
function busyClock(): ClockState {
  let state = newClock({ time: 8 * 3600 })
  for (let c = 0; c < 6; c++) state = allowed(setProvisions(state, { characterId: `pc${c}`, foodDays: 40, waterPints: 40 })).state
  const types = ['torch', 'torch', 'torch', 'torch', 'torch', 'torch', 'lantern', 'lantern', 'lantern', 'lantern', 'candle', 'candle']
  types.forEach((type, k) => {
    state = allowed(addLight(state, { id: `light${k}`, type, holder: { character: `pc${k % 6}` }, ...(type === 'lantern' ? { pints: 1 } : {}) })).state
    state = allowed(lightUp(state, `light${k}`)).state
  })
  for (let k = 0; k < 20; k++) {
    const repeating = k % 2 === 0 ? { repeatEvery: { hours: 3 + k } } : {}
    state = allowed(addTimer(state, { id: `timer${k}`, label: `timer ${k}`, after: { minutes: 37 + k * 2017 }, ...repeating })).state
  }
  return state
}

export default async function (): Promise<void> {
  const start = busyClock()
  const d = seededDice('clock-bench')
  let sink = 0

  const span = new BenchGroup(`clock: 30 days of exploration (${TURNS.toLocaleString('en')} turns), 6 characters, 12 lights, 20 timers`)
  const base = await span.add(`${TURNS.toLocaleString('en')} bare encounterCheck calls`, () => {
    for (let i = 0; i < TURNS; i++) sink += encounterCheck(d, { threshold: 20 }).face
  }, { baseline: true })
  // CLK-3: an advance in exploration stops at each encounter; the GM goes on with the rest.
  const once = await span.add('advanceClock: 8,640 turns, going on after each encounter', () => {
    let state = start
    for (let left = TURNS * 300; left > 0; ) {
      const step = allowed(advanceClock(state, { seconds: left }, d))
      sink += step.events.length
      state = step.state
      left = step.stopped?.left ?? 0
    }
  })
  const single = await span.add('advanceClock: 8,640 calls of 1 turn', () => {
    let state = start
    for (let i = 0; i < TURNS; i++) {
      const step = allowed(advanceClock(state, { turns: 1 }, d))
      sink += step.events.length
      state = step.state
    }
  }, { minMs: 1500 })
  span.print()

  const per = new BenchGroup('clock: time per advance call')
  per.record('one encounterCheck', base.perOpMs / TURNS, base.calls, true)
  per.record('advanceClock of 8,640 turns, with its go-ons', once.perOpMs, once.calls)
  per.record('advanceClock of 1 turn', single.perOpMs / TURNS, single.calls)
  per.print()
  console.log(`8,640 single-turn calls take ${(single.perOpMs / once.perOpMs).toFixed(2)}× as long as 8,640 turns gone on with after each encounter.`)

  // No dice in downtime: the cost follows the events (days, lights, timers), not the seconds.
  const downtime = allowed(setMode(start, 'downtime')).state
  const quiet = new BenchGroup('clock: downtime, no dice — cost follows the events, not the span')
  await quiet.add('advanceClock: 1 day of downtime', () => { sink += allowed(advanceClock(downtime, { days: 1 }, d)).events.length }, { baseline: true })
  await quiet.add('advanceClock: 30 days of downtime', () => { sink += allowed(advanceClock(downtime, { days: 30 }, d)).events.length })
  await quiet.add('advanceClock: 365 days of downtime', () => { sink += allowed(advanceClock(downtime, { seconds: 365 * DAY }, d)).events.length })
  quiet.print()
  const events = (days: number) => allowed(advanceClock(downtime, { days }, d)).events.length
  console.log(`events: 1 day ${events(1)}, 30 days ${events(30)}, 365 days ${events(365)}`)

  if (sink < 0) console.log(sink)
}
