/**
 * Travelling on the clock (CLK-14, CLK-15): the road walked stretch by stretch, each stretch run by
 * the clock's own advance, so checks (OSR-9, CLK-3), lights, food at each new day and timers all
 * happen exactly as they do in any other advance, and the same dice give the same events whether
 * the GM travels a day at once or a turn at a time (CLK-7).
 */
import type { Dice } from '../dice'
import { runClock } from '../clock/advance'
import type { ClockEvent } from '../clock/events'
import { refuse, type Refusable } from '../clock/refusal'
import type { ClockState } from '../clock/state'
import { DAY } from '../clock/time'
import { position, walk, type Leg, type Progress, type RoadEvent, type RoadRules, type WalkStop } from './road'

/** CLK-15: how the watch in camp checks for encounters: each turn as OSR-9 has it, or not at all. */
export type CampChecks = 'every turn' | 'none'

/** How far to travel: a span of seconds, to the next camp, or to the journey's end. */
export type TravelRequest = { seconds: number } | { until: 'camp' | 'arrival' }

/** A journey to its end looks this far ahead at most. */
export const LONGEST_TRAVEL_SECONDS = 400 * DAY

export interface Travelled {
  state: ClockState
  progress: Progress
  /** The clock's events, in order, as any advance gives them. */
  events: ClockEvent[]
  road: RoadEvent[]
  stop: WalkStop
  /** On an encounter: where on the road it was met. */
  met: { at: number; leg: number; feet: number; camp: boolean } | null
}

/**
 * Travels from where the party is (CLK-14): marching turns with the leg's threshold and ground,
 * camp at the end of the marching day with the watch's checks (CLK-15), first light, the next
 * leg … stopping at the first encounter, at arrival, at camp when asked, or at the end of a span.
 * Refused in combat.
 * @example travel(clock, progress, legs, { marchSeconds: 28800, daylight, campChecks: 'every turn' }, { until: 'arrival' }, dice).stop // 'encounter'
 */
export function travel(
  start: ClockState,
  progress: Progress,
  legs: readonly Leg[],
  rules: RoadRules & { campChecks: CampChecks },
  request: TravelRequest,
  dice: Dice,
): Refusable<Travelled> {
  if (start.mode === 'combat') return refuse('The party is in combat: end the combat before travelling on (CLK-2).')
  if (progress.arrived) return refuse('The journey is over: the party has arrived. Plan another to travel on.')
  if ('seconds' in request && !(Number.isInteger(request.seconds) && request.seconds >= 1)) return refuse('Travel for a whole number of seconds, 1 or more.')
  const end = start.time + ('seconds' in request ? request.seconds : LONGEST_TRAVEL_SECONDS)
  let state: ClockState = { ...start, mode: 'exploration' }
  const events: ClockEvent[] = []
  let met: Travelled['met'] = null
  const walked = walk(progress, legs, rules, start.time, end, (stretch) => {
    const checks = stretch.kind === 'march' || rules.campChecks === 'every turn'
    state = { ...state, encounters: { ...state.encounters, threshold: stretch.leg.threshold, place: stretch.leg.place } }
    const moved = runClock(state, stretch.to, dice, { checks, stopAt: ['encounter'] })
    for (const e of moved.events) events.push(e)
    state = moved.state
    if (moved.stopped === null) return null
    met = { at: moved.stopped.at, leg: stretch.legIndex, feet: 0, camp: stretch.kind === 'camp' }
    return moved.stopped.at
  }, 'until' in request && request.until === 'camp')
  const where = met as Travelled['met']
  if (where !== null) where.feet = position(walked.progress, legs).feet
  // The clock's checks from here on are the leg the party now stands on (a walk may end as a leg begins).
  const here = walked.progress.arrived ? null : legs[Math.min(walked.progress.leg, legs.length - 1)]
  if (here) state = { ...state, encounters: { ...state.encounters, threshold: here.threshold, place: here.place } }
  return { ok: true, state: { ...state, time: walked.time }, progress: walked.progress, events, road: walked.events, stop: walked.stop, met: where }
}
