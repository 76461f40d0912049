/**
 * What the clock reports as it moves: every event with its game time, its kind and every die face
 * it used, in order (DICE-3), so the log can tell the story and replay it.
 */
import type { Place } from '../osr'
import type { LightHolder } from './state'

interface At {
  /** The game time it happened. */
  at: number
  /** Every face rolled for it, in order; empty when it needed no dice. */
  faces: number[]
}

/** What a day's eating or drinking did to one supply (CLK-5). */
export interface Consumption {
  needed: number
  consumed: number
  /** What was needed and not there: a day gone hungry or thirsty. */
  short: number
  left: number
  status: 'enough' | 'running low' | 'ran out'
}

export type ClockEvent =
  | (At & {
      kind: 'encounter check'
      face: number
      /** The face needed after modifiers (OSR-9). */
      threshold: number
      encounter: boolean
      /** On an encounter, how far away the threat is met (OSR-12). */
      distance: { place: Place; feet: number } | null
    })
  | (At & { kind: 'light warning'; lightId: string; type: string; holder: LightHolder; secondsLeft: number })
  | (At & { kind: 'light out'; lightId: string; type: string; holder: LightHolder })
  | (At & { kind: 'timer'; timerId: string; label: string; hiddenFromPlayers: boolean; nextAt: number | null })
  | (At & { kind: 'new day'; day: number })
  | (At & { kind: 'rations'; characterId: string; food: Consumption; water: Consumption })
  | (At & { kind: 'injury'; injuryId: string; characterId: string; label: string; milestone: string; cleared: boolean })
  | (At & { kind: 'natural healing'; injuryId: string; characterId: string; label: string; healed: number; h: number; maxH: number; cleared: boolean })

export type ClockEventKind = ClockEvent['kind']

/**
 * The things "advance until something happens" can stop at (CLK-3): an encounter found, a light's
 * warning or going out, a timer, a new day, someone running low or out of food or water, an injury
 * mending.
 */
export const STOP_KINDS = ['encounter', 'light warning', 'light out', 'timer', 'new day', 'running low or out', 'injury'] as const
export type StopKind = (typeof STOP_KINDS)[number]

/** The "something happens": the first encounter, light out, timer or day boundary. */
export const SOMETHING_HAPPENS: readonly StopKind[] = ['encounter', 'light out', 'timer', 'new day']

/**
 * The stop kind an event counts as, or null when it is no reason to stop (a check with no encounter).
 * @example stopKindOf({ kind: 'light out', … }) // 'light out'
 */
export function stopKindOf(event: ClockEvent): StopKind | null {
  switch (event.kind) {
    case 'encounter check':
      return event.encounter ? 'encounter' : null
    case 'rations':
      return event.food.status !== 'enough' || event.water.status !== 'enough' ? 'running low or out' : null
    case 'injury':
    case 'natural healing':
      return 'injury'
    default:
      return event.kind
  }
}
