/**
 * The road as the clock walks it (CLK-14, CLK-15): a journey's legs, where the party is on them,
 * and the marching day. Everything is whole seconds of game time, so a journey travelled a day at
 * once or a turn at a time reaches the same places at the same times (CLK-7).
 */
import type { Place } from '../osr'
import { feetAfter, legSeconds, speedOn, type TurnSpeed } from './pace'
import { nextFirstLight, type Daylight } from './daylight'

/** One leg of the road, as the engine needs it. */
export interface Leg {
  name: string
  lengthFt: number
  place: Place
  /** The d20 face that means an encounter on this leg (OSR-9). */
  threshold: number
}

/** Where the party is on its journey, kept with the clock so an undo puts it back. */
export interface Progress {
  /** The leg the party is on (0 is the first). */
  leg: number
  /** Seconds of marching done along this leg, from its start. */
  secondsIntoLeg: number
  /** 'out' toward the destination; 'back' toward the start, after turning back (CLK-16). */
  direction: 'out' | 'back'
  phase: 'marching' | 'camp'
  /** Seconds marched in the current marching day. */
  marchedToday: number
  /** The day's march, in seconds: the campaign's marching day, or longer on a forced march (CLK-16). */
  marchSeconds: number
  /** In camp: when first light comes and the party sets out again. */
  campUntil: number | null
  /** In camp: when it was made (the night's watches run from here to first light; absent in clocks stored before watches). */
  campFrom?: number | null
  /** The party's feet per turn, fixed when it set out (CLK-10). */
  speed: TurnSpeed
  arrived: boolean
}

/** The road's timing: the marching day and the daylight that ends a camp. */
export interface RoadRules {
  marchSeconds: number
  daylight: Daylight
}

/**
 * A journey about to set out: on the first leg, marching, with the day's march ahead.
 * @example setOut({ open: 600, enclosed: 60 }, 8 * 3600) // { leg: 0, phase: 'marching', … }
 */
export function setOut(speed: TurnSpeed, marchSeconds: number): Progress {
  return { leg: 0, secondsIntoLeg: 0, direction: 'out', phase: 'marching', marchedToday: 0, marchSeconds, campUntil: null, speed, arrived: false }
}

/** The seconds a leg takes at the party's speed. */
export function legTime(leg: Leg, speed: TurnSpeed): number {
  return legSeconds(leg.lengthFt, speedOn(leg.place, speed))
}

/**
 * Where the party is: the leg and the feet along it from its start.
 * @example position(progress, legs) // { leg: 1, feet: 22176 } — mile 4.2 of leg 2
 */
export function position(p: Progress, legs: readonly Leg[]): { leg: number; feet: number } {
  const leg = legs[Math.min(p.leg, legs.length - 1)]
  if (!leg) return { leg: 0, feet: 0 }
  if (p.leg >= legs.length) return { leg: legs.length - 1, feet: leg.lengthFt }
  return { leg: p.leg, feet: feetAfter(p.secondsIntoLeg, speedOn(leg.place, p.speed), leg.lengthFt) }
}

/** A stretch of the road the clock runs over: marching on a leg, or in camp. */
export interface Stretch {
  kind: 'march' | 'camp'
  from: number
  to: number
  leg: Leg
  legIndex: number
}

/** What happened on the road between stretches, for the log. */
export type RoadEvent =
  | { kind: 'leg done'; at: number; leg: number; name: string }
  | { kind: 'camp'; at: number; leg: number; feet: number; until: number }
  | { kind: 'set out'; at: number; leg: number }
  | { kind: 'arrived'; at: number; direction: 'out' | 'back' }

/** Runs the clock over a stretch; returns when it stopped early (an encounter), or null. */
export type StretchRunner = (stretch: Stretch) => number | null

/** Why a walk stopped. */
export type WalkStop = 'encounter' | 'arrived' | 'camp' | 'end'

export interface Walked {
  progress: Progress
  time: number
  events: RoadEvent[]
  stop: WalkStop
}

/** Moves from the end of a leg to the next one, the way the party goes; arrival past the last. */
function nextLeg(p: Progress, legs: readonly Leg[], at: number, events: RoadEvent[]): Progress {
  const done = legs[p.leg]
  if (done) events.push({ kind: 'leg done', at, leg: p.leg, name: done.name })
  if (p.direction === 'out') {
    if (p.leg + 1 >= legs.length) return { ...p, leg: legs.length - 1, secondsIntoLeg: legTime(legs[legs.length - 1]!, p.speed), arrived: true }
    return { ...p, leg: p.leg + 1, secondsIntoLeg: 0 }
  }
  if (p.leg === 0) return { ...p, secondsIntoLeg: 0, arrived: true }
  return { ...p, leg: p.leg - 1, secondsIntoLeg: legTime(legs[p.leg - 1]!, p.speed) }
}

/** Seconds of the current leg still to march, the way the party goes. */
function legLeft(p: Progress, legs: readonly Leg[]): number {
  const leg = legs[p.leg]!
  return p.direction === 'out' ? legTime(leg, p.speed) - p.secondsIntoLeg : p.secondsIntoLeg
}

/**
 * Walks the road from `time` up to `end` at most (CLK-14, CLK-15): marching stretches leg by leg
 * until the day's march is done, then camp until first light, then marching again, each stretch
 * run on the clock by `run`, which says when an encounter stopped it. Stops at an encounter, at
 * arrival, at making camp when `stopAtCamp`, or at `end`.
 * @example walk(progress, legs, rules, clock.time, clock.time + DAY, run, false).stop // 'encounter' | 'arrived' | 'end'
 */
export function walk(start: Progress, legs: readonly Leg[], rules: RoadRules, time: number, end: number, run: StretchRunner, stopAtCamp: boolean): Walked {
  let p = start
  const events: RoadEvent[] = []
  if (p.arrived) return { progress: p, time, events, stop: 'arrived' }
  if (legs.length === 0) throw new RangeError('A journey needs at least one leg.')
  for (;;) {
    if (p.phase === 'camp') {
      const until = p.campUntil!
      const to = Math.min(until, end)
      if (to > time) {
        const stopped = run({ kind: 'camp', from: time, to, leg: legs[p.leg]!, legIndex: p.leg })
        if (stopped !== null) return { progress: p, time: stopped, events, stop: 'encounter' }
        time = to
      }
      if (time < until) return { progress: p, time, events, stop: 'end' }
      p = { ...p, phase: 'marching', marchedToday: 0, marchSeconds: rules.marchSeconds, campUntil: null, campFrom: null }
      events.push({ kind: 'set out', at: time, leg: p.leg })
      continue
    }
    while (legLeft(p, legs) <= 0) {
      p = nextLeg(p, legs, time, events)
      if (p.arrived) {
        events.push({ kind: 'arrived', at: time, direction: p.direction })
        return { progress: p, time, events, stop: 'arrived' }
      }
    }
    if (p.marchedToday >= p.marchSeconds) {
      const until = nextFirstLight(time, rules.daylight)
      p = { ...p, phase: 'camp', campUntil: until, campFrom: time }
      events.push({ kind: 'camp', at: time, leg: p.leg, feet: position(p, legs).feet, until })
      if (stopAtCamp) return { progress: p, time, events, stop: 'camp' }
      continue
    }
    if (time >= end) return { progress: p, time, events, stop: 'end' }
    const to = Math.min(time + legLeft(p, legs), time + p.marchSeconds - p.marchedToday, end)
    const stopped = run({ kind: 'march', from: time, to, leg: legs[p.leg]!, legIndex: p.leg })
    const reached = stopped ?? to
    const moved = reached - time
    p = { ...p, secondsIntoLeg: p.secondsIntoLeg + (p.direction === 'out' ? moved : -moved), marchedToday: p.marchedToday + moved }
    time = reached
    if (stopped !== null) return { progress: p, time, events, stop: 'encounter' }
  }
}
