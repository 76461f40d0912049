/**
 * Random valid clock states for the property tests, built through the engine's own actions so every
 * one is a state a GM could reach.
 */
import fc from 'fast-check'
import {
  addLight,
  addTimer,
  DAY,
  ladderInjury,
  newClock,
  osrInjury,
  recordInjury,
  setEncounterCheck,
  setProvisions,
  TURN_SECONDS,
  type ClockState,
  type InjuryRecord,
  type LightState,
} from '../../../src/main/engines/clock'
import { allowed } from './helpers'

const lightArb = fc.record({
  type: fc.constantFrom('torch', 'candle', 'lantern'),
  burnt: fc.integer({ min: 0, max: 5 * 3600 - 1 }),
  lit: fc.boolean(),
  warned: fc.boolean(),
  location: fc.boolean(),
})

const timerArb = fc.record({
  after: fc.integer({ min: 1, max: 2 * DAY }),
  every: fc.option(fc.integer({ min: 30, max: 6 * 3600 }), { nil: undefined }),
  hidden: fc.boolean(),
})

const provisionsArb = fc.record({
  foodDays: fc.integer({ min: 0, max: 5 }),
  waterPints: fc.integer({ min: 0, max: 5 }),
  foodPerDay: fc.integer({ min: 0, max: 2 }),
  waterPerDay: fc.integer({ min: 0, max: 2 }),
})

const injuryArb = fc.oneof(
  fc.record({ kind: fc.constant('wound' as const), ago: fc.integer({ min: 0, max: 7 * DAY - 1 }) }),
  fc.record({ kind: fc.constant('treated' as const), ago: fc.integer({ min: 0, max: 7 * DAY - 1 }) }),
  fc.record({ kind: fc.constant('rest' as const), maxH: fc.integer({ min: 1, max: 12 }), lost: fc.integer({ min: 1, max: 12 }), restedFor: fc.option(fc.integer({ min: 0, max: DAY - 1 }), { nil: undefined }) }),
)

export const clockArb: fc.Arbitrary<ClockState> = fc
  .record({
    time: fc.integer({ min: 0, max: 10 * DAY }),
    mode: fc.constantFrom('exploration' as const, 'downtime' as const),
    threshold: fc.integer({ min: 14, max: 20 }),
    place: fc.constantFrom('open' as const, 'enclosed' as const),
    lights: fc.array(lightArb, { maxLength: 6 }),
    timers: fc.array(timerArb, { maxLength: 5 }),
    provisions: fc.array(provisionsArb, { maxLength: 3 }),
    injuries: fc.array(injuryArb, { maxLength: 4 }),
  })
  .map((r) => {
    let state = allowed(setEncounterCheck(newClock({ time: r.time, mode: r.mode, place: r.place }), { threshold: r.threshold })).state
    r.lights.forEach((l, k) => {
      const holder = l.location ? { location: `room ${k}` } : { character: `pc${k}` }
      state = allowed(addLight(state, { id: `light${k}`, type: l.type, holder, ...(l.type === 'lantern' ? { pints: 1 } : {}) })).state
    })
    state = {
      ...state,
      lights: state.lights.map((light, k): LightState => {
        const l = r.lights[k]!
        const burnSecondsLeft = Math.max(0, light.burnSecondsLeft - l.burnt)
        const lit = l.lit && burnSecondsLeft > 0
        return { ...light, burnSecondsLeft, lit, warned: l.warned || (lit && burnSecondsLeft <= TURN_SECONDS) }
      }),
    }
    r.timers.forEach((t, k) => {
      state = allowed(addTimer(state, { id: `timer${k}`, label: `timer ${k}`, after: { seconds: t.after }, hiddenFromPlayers: t.hidden, ...(t.every ? { repeatEvery: { seconds: t.every } } : {}) })).state
    })
    r.provisions.forEach((p, k) => {
      state = allowed(setProvisions(state, { characterId: `pc${k}`, ...p })).state
    })
    r.injuries.forEach((i, k) => {
      const takenAt = Math.max(0, r.time - ('ago' in i ? i.ago : 0))
      let record: InjuryRecord
      if (i.kind === 'wound') record = ladderInjury({ id: `injury${k}`, characterId: `pc${k}`, level: 'wounded', takenAt })
      else if (i.kind === 'treated') record = ladderInjury({ id: `injury${k}`, characterId: `pc${k}`, level: 'incapacitated', takenAt, treatedAt: r.time })
      else {
        const base = osrInjury({ id: `injury${k}`, characterId: `pc${k}`, takenAt, h: i.maxH - i.lost, maxH: i.maxH })
        const restDayStartedAt = i.restedFor === undefined ? null : Math.max(0, r.time - i.restedFor)
        record = base.recovery.kind === 'rest' ? { ...base, recovery: { ...base.recovery, restDayStartedAt } } : base
      }
      state = allowed(recordInjury(state, record)).state
    })
    return state
  })

/** A span of up to three days, cut into pieces at random points. */
export const splitSpanArb = fc
  .integer({ min: 1, max: 3 * DAY })
  .chain((total) => fc.tuple(fc.constant(total), fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, total - 1) }), { maxLength: 12 })))
  .map(([total, cuts]) => {
    const points = [...cuts.filter((c) => c < total).sort((a, b) => a - b), total]
    return { total, pieces: points.map((p, k) => p - (k === 0 ? 0 : points[k - 1]!)) }
  })
