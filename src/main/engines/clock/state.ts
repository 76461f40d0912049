/**
 * The clock's state: plain data only (numbers, strings, booleans, arrays, plain objects), so the
 * service can store it as JSON and an undo needs nothing but a copy of the previous one.
 */
import { ENCOUNTER_THRESHOLD, type Place } from '../osr'

export type ClockMode = 'exploration' | 'combat' | 'downtime'

/** A combat in progress (CLK-2): its rounds, their length, and the mode the clock returns to. */
export interface CombatRounds {
  startedAt: number
  /** Rounds played so far. */
  round: number
  roundSeconds: number
  resumes: 'exploration' | 'downtime'
}

/** A shift of the encounter roll (OSR-9): +1 makes 19–20 an encounter. */
export interface EncounterModifier {
  reason: string
  amount: number
}

/** The encounter check's settings (CLK-3) and the kind of place, for the distance roll (OSR-12). */
export interface EncounterSettings {
  /** The d20 face that means an encounter before modifiers (20 by default). */
  threshold: number
  modifiers: EncounterModifier[]
  place: Place
}

/** Who carries a light, or where it stands. */
export type LightHolder = { character: string } | { location: string }

/** A lantern's oil (CLK-4): each pint burns `secondsPerPint`; it holds `capacityPints`. */
export interface LanternFuel {
  secondsPerPint: number
  capacityPints: number
}

/** A light source on the clock (CLK-4, OSR-8). */
export interface LightState {
  id: string
  /** The light source's name in the campaign's list: 'torch', 'lantern' … */
  type: string
  holder: LightHolder
  lit: boolean
  /** Burn time left: a candle's or torch's, or a lantern's oil (pints × seconds per pint). */
  burnSecondsLeft: number
  /** The one-turn-left warning has been given (CLK-4). */
  warned: boolean
  /** Lanterns only; null for lights used up when burnt (candle, torch). */
  fuel: LanternFuel | null
}

/** A character's food and water (CLK-5). */
export interface Provisions {
  characterId: string
  /** Days of rations carried. */
  foodDays: number
  waterPints: number
  /** Rations eaten per day (1 by default). */
  foodPerDay: number
  /** Pints drunk per day (1 by default). */
  waterPerDay: number
}

/** A countdown (CLK-6). */
export interface Timer {
  id: string
  label: string
  firesAt: number
  /** Secret from the player view (a cast window, OSR-22). */
  hiddenFromPlayers: boolean
  /** Fires again this many seconds later, or null to fire once. */
  repeatEverySeconds: number | null
}

/** A recovery milestone: "heals", "up and about", "fully recovered" (LAD-20). */
export interface RecoveryMilestone {
  event: string
  at: number
}

/** How an injury mends (CLK-8). */
export type Recovery =
  /** At set game times (LAD-20); cleared after the last. */
  | { kind: 'milestones'; milestones: RecoveryMilestone[] }
  /** OSR-20: 1d2 H per full day of rest, the rest's current day starting at `restDayStartedAt` (null: not resting). */
  | { kind: 'rest'; h: number; maxH: number; restDayStartedAt: number | null }
  /** No time in the rules (end of scene, CH-10, RK-8 …): stays until the GM clears it. */
  | { kind: 'until cleared'; note: string }

export type LadderInjuryLevel = 'subdued' | 'wounded' | 'incapacitated'

/** An injury (CLK-8): when it was taken and how it mends. */
export interface InjuryRecord {
  id: string
  characterId: string
  label: string
  takenAt: number
  /** For Ladder injuries, what LAD-20 needs to replan when treatment comes. */
  ladder: { level: LadderInjuryLevel; treatedAt: number | null; healBetweenAdventures: boolean } | null
  recovery: Recovery
}

/** Everything the clock moves along. */
export interface ClockState {
  /** CLK-1: whole seconds since the campaign's start. */
  time: number
  mode: ClockMode
  /** Present exactly when mode is 'combat'. */
  combat: CombatRounds | null
  encounters: EncounterSettings
  lights: LightState[]
  provisions: Provisions[]
  timers: Timer[]
  injuries: InjuryRecord[]
}

/**
 * A new clock: exploration at the campaign's start unless told otherwise, encounters on a 20 (OSR-9).
 * @example newClock({ time: gameTime(1, '10:00'), place: 'enclosed' }).mode // 'exploration'
 */
export function newClock(input: { time?: number; mode?: 'exploration' | 'downtime'; place?: Place; threshold?: number } = {}): ClockState {
  return {
    time: input.time ?? 0,
    mode: input.mode ?? 'exploration',
    combat: null,
    encounters: { threshold: input.threshold ?? ENCOUNTER_THRESHOLD, modifiers: [], place: input.place ?? 'enclosed' },
    lights: [],
    provisions: [],
    timers: [],
    injuries: [],
  }
}
