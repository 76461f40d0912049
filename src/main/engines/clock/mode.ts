/**
 * The clock's mode and what it shows (CLK-1, CLK-2): exploration in turns, downtime in hours and
 * days; combat starts and ends in `combat.ts`.
 */
import { refuse, type Refusable } from './refusal'
import type { ClockMode, ClockState } from './state'
import { dayAndTime, TURN_SECONDS } from './time'

/**
 * Switches between exploration and downtime (CLK-2); combat has its own start and end.
 * @example setMode(clock, 'downtime') // hours and days, no encounter checks
 */
export function setMode(state: ClockState, mode: Exclude<ClockMode, 'combat'>): Refusable<{ state: ClockState }> {
  if (state.combat !== null) return refuse('End the combat first; the clock then returns to the mode it was in.')
  if (mode !== 'exploration' && mode !== 'downtime') return refuse(`"${String(mode)}" is not a mode to switch to; use exploration or downtime, or start a combat.`)
  return { ok: true, state: { ...state, mode } }
}

/**
 * The clock as the screen shows it (CLK-1, CLK-2): day and time of day, mode, the turn (5-minute
 * turns since the campaign began, derived from the time so it can never disagree) and the round.
 * @example readClock(clock) // { day: 1, timeOfDay: '10:55:20', mode: 'exploration', turn: 139, round: 0 }
 */
export function readClock(state: ClockState): { day: number; timeOfDay: string; mode: ClockMode; turn: number; round: number } {
  return { ...dayAndTime(state.time), mode: state.mode, turn: Math.floor(state.time / TURN_SECONDS), round: state.combat?.round ?? 0 }
}
