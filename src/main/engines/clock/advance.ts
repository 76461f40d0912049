/**
 * Moving the clock (CLK-1 … CLK-8). Between now and the end of the span it finds each moment
 * something is due and jumps from one to the next, so lights, timers, injuries and days cost one
 * step per event, not per second or turn; only exploration turn boundaries, which each roll a d20
 * (CLK-3), are visited one by one. Everything due at one moment happens in one fixed order: light
 * warnings, lights going out, timers, injuries, the new day and its rations, then the turn's
 * encounter check. Because that order depends only on game time, advancing in one step or many
 * gives the same events from the same dice (CLK-7).
 */
import type { Dice } from '../dice'
import { burnSchedule, warningEvent } from './burning'
import { checkClock } from './check'
import { turnCheck } from './encounters'
import { stopKindOf, type ClockEvent, type StopKind } from './events'
import { injuryDueAt, passInjury } from './mending'
import { eatAndDrink } from './provisions'
import { refuse, type Refusable } from './refusal'
import type { ClockState, InjuryRecord, LightState, Provisions, Timer } from './state'
import { afterFiring } from './timers'
import { DAY, TURN_SECONDS, spanSeconds, type Span } from './time'
import { WARNING_SECONDS } from './lights'

/** Where an advance stopped early, why, and how much of what was asked it did not advance. */
export interface Stop {
  kind: StopKind
  at: number
  /** Seconds of the span (or of an "until"'s look-ahead) left when it stopped (CLK-3). */
  left: number
}

export interface Advanced {
  state: ClockState
  /** In game-time order, each with its time, kind and faces. */
  events: ClockEvent[]
  stopped: Stop | null
}

/**
 * How far to advance: a span, or "until something happens" — the first event of the kinds given,
 * within a span (one day unless told).
 */
export type AdvanceRequest = Span | { until: readonly StopKind[]; within?: Span }

/** An "until" with no span given looks this far ahead. */
export const UNTIL_LOOKS_AHEAD: Span = { days: 1 }

/**
 * Advances the clock in exploration or downtime (CLK-2 … CLK-8) and returns the new state and every
 * event on the way. In exploration each turn boundary crossed — each multiple of 5 minutes of game
 * time — gets an encounter check (CLK-3), and the advance stops at the turn of the first encounter
 * whatever span was asked (CLK-3's Decision: the rest of the span has not happened); `stopped.left`
 * says how much of it is left, to go on from there with `{ seconds: left }`. `{ turns: n }` is
 * n × 5 minutes from now: after a combat the clock stands between boundaries, and the next check
 * comes at the next boundary (CLK-2). An "until" stops after everything due at the moment of the
 * first event of a kind asked for. Downtime makes no checks. Combat moves by `nextRound` instead.
 * @example advanceClock(clock, { until: SOMETHING_HAPPENS }, dice) // stops at the first encounter, light out, timer or new day
 * @example advanceClock(clock, { days: 1 }, dice).stopped // { kind: 'encounter', at: 12300, left: 74100 } in exploration
 */
export function advanceClock(state: ClockState, request: AdvanceRequest, dice: Dice): Refusable<Advanced> {
  if (state.mode === 'combat') return refuse('The clock is in combat: move it a round at a time, or end the combat first (CLK-2).')
  const until = 'until' in request ? request.until : null
  if (until !== null && until.length === 0) return refuse('Say what to stop at: an encounter, a light going out, a timer, a new day …')
  const span = spanSeconds('until' in request ? (request.within ?? UNTIL_LOOKS_AHEAD) : request, null)
  if (!span.ok) return span
  const exploring = state.mode === 'exploration'
  const stopAt: readonly StopKind[] | null = exploring ? [...new Set<StopKind>([...(until ?? []), 'encounter'])] : until
  return { ok: true, ...runClock(state, state.time + span.seconds, dice, { checks: exploring, stopAt }) }
}

/** Everything the run changes, worked on in place: copies of the state's lists, never the lists themselves. */
interface Run {
  lights: LightState[]
  burns: { warnAt: number | null; outAt: number | null }[]
  timers: Timer[]
  injuries: InjuryRecord[]
  provisions: Provisions[]
  events: ClockEvent[]
}

/** The next moment after `time` when something other than a turn boundary is due. */
function nextDue(run: Run, time: number): number {
  let next = (Math.floor(time / DAY) + 1) * DAY
  for (const burn of run.burns) {
    if (burn.warnAt !== null && burn.warnAt < next) next = burn.warnAt
    if (burn.outAt !== null && burn.outAt < next) next = burn.outAt
  }
  for (const timer of run.timers) if (timer.firesAt < next) next = timer.firesAt
  for (const injury of run.injuries) {
    const due = injuryDueAt(injury)
    if (due !== null && due < next) next = due
  }
  return next
}

/** CLK-4: warnings first, then lights going out. */
function burnAt(run: Run, now: number): void {
  run.lights.forEach((light, k) => {
    const burn = run.burns[k]
    if (burn?.warnAt !== now) return
    light.warned = true
    burn.warnAt = null
    run.events.push(warningEvent(light, now, WARNING_SECONDS))
  })
  run.lights.forEach((light, k) => {
    const burn = run.burns[k]
    if (burn?.outAt !== now) return
    light.lit = false
    light.burnSecondsLeft = 0
    burn.outAt = null
    run.events.push({ kind: 'light out', at: now, faces: [], lightId: light.id, type: light.type, holder: light.holder })
  })
}

/** CLK-6: each timer due fires once; a repeating one is set again. */
function fireAt(run: Run, now: number): void {
  if (!run.timers.some((t) => t.firesAt === now)) return
  run.timers = run.timers.flatMap((timer) => {
    if (timer.firesAt !== now) return [timer]
    const again = afterFiring(timer)
    run.events.push({ kind: 'timer', at: now, faces: [], timerId: timer.id, label: timer.label, hiddenFromPlayers: timer.hiddenFromPlayers, nextAt: again?.firesAt ?? null })
    return again ? [again] : []
  })
}

/** CLK-8: injuries due pass a milestone or roll a day of rest's healing, in the order recorded. */
function mendAt(run: Run, now: number, dice: Dice): void {
  if (!run.injuries.some((i) => injuryDueAt(i) === now)) return
  run.injuries = run.injuries.flatMap((injury) => {
    if (injuryDueAt(injury) !== now) return [injury]
    const passed = passInjury(injury, now, dice)
    run.events.push(passed.event)
    return passed.record ? [passed.record] : []
  })
}

/** CLK-5: at midnight, a new day and everyone's rations and water. */
function newDayAt(run: Run, now: number): void {
  if (now % DAY !== 0) return
  run.events.push({ kind: 'new day', at: now, faces: [], day: now / DAY + 1 })
  run.provisions = run.provisions.map((p) => {
    const day = eatAndDrink(p)
    run.events.push({ kind: 'rations', at: now, faces: [], characterId: p.characterId, food: day.food, water: day.water })
    return day.provisions
  })
}

function firstStop(events: ClockEvent[], from: number, stopAt: readonly StopKind[]): StopKind | null {
  for (let k = from; k < events.length; k++) {
    const kind = stopKindOf(events[k] as ClockEvent)
    if (kind !== null && stopAt.includes(kind)) return kind
  }
  return null
}

/**
 * Runs the clock from `state.time` to `end`, with encounter checks at turn boundaries if asked,
 * stopping after the first moment with an event of a kind in `stopAt`. Shared by `advanceClock`
 * and combat rounds; a state that fails `checkClock` is refused with every problem.
 * @example runClock(clock, clock.time + 5, dice, { checks: false, stopAt: null }) // one osr round
 */
export function runClock(state: ClockState, end: number, dice: Dice, options: { checks: boolean; stopAt: readonly StopKind[] | null }): Advanced {
  const problems = checkClock(state)
  if (!problems.ok) throw new RangeError(`The clock's state cannot be advanced:\n- ${problems.problems.join('\n- ')}`)
  const start = state.time
  const lights = state.lights.map((l) => ({ ...l }))
  const run: Run = { lights, burns: lights.map((l) => burnSchedule(l, start)), timers: state.timers, injuries: state.injuries, provisions: state.provisions, events: [] }
  let stopped: Stop | null = null
  let due = nextDue(run, start)
  let boundary = options.checks ? (Math.floor(start / TURN_SECONDS) + 1) * TURN_SECONDS : Infinity
  for (let now = Math.min(due, boundary); now <= end; now = Math.min(due, boundary)) {
    const first = run.events.length
    if (due === now) {
      burnAt(run, now)
      fireAt(run, now)
      mendAt(run, now, dice)
      newDayAt(run, now)
      due = nextDue(run, now)
    }
    if (boundary === now) {
      run.events.push(turnCheck(dice, state.encounters, now))
      boundary += TURN_SECONDS
    }
    const kind = options.stopAt === null ? null : firstStop(run.events, first, options.stopAt)
    if (kind !== null) {
      stopped = { kind, at: now, left: end - now }
      break
    }
  }
  const time = stopped?.at ?? end
  const burnt = lights.map((light) => (light.lit ? { ...light, burnSecondsLeft: light.burnSecondsLeft - (time - start) } : light))
  return { state: { ...state, time, lights: burnt, timers: run.timers, injuries: run.injuries, provisions: run.provisions }, events: run.events, stopped }
}
