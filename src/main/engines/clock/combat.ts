/**
 * Combat on the clock (CLK-2): it moves in rounds — 5 seconds for `osr` (OSR-14), the campaign's
 * length for `ladder` (LAD-12, 20 s unless set) and the others — and ending it leaves the clock
 * where the rounds took it.
 *
 * Decision: turn boundaries crossed during combat get no encounter check (CLK-3 checks only in
 * exploration), and the rounds do not round the clock to a turn. After 40 rounds from 10:52 the
 * clock stands at 10:55:20; the next exploration boundary is the next multiple of 5 minutes of game
 * time, 11:00, where the next check is rolled. Lights, timers, injuries and days go on during
 * combat exactly as outside it.
 */
import type { Dice } from '../dice'
import { runClock } from './advance'
import type { ClockEvent } from './events'
import { refuse, type Refusable } from './refusal'
import type { ClockState } from './state'
import { OSR_ROUND_SECONDS } from './time'

/**
 * Starts a combat now (from an encounter or by hand). Rounds last 5 seconds unless the campaign
 * says otherwise (pass the `ladder` campaign's length, 10–30 s).
 * @example startCombat(clock, { roundSeconds: 20 }) // a Ladder combat
 */
export function startCombat(state: ClockState, input: { roundSeconds?: number } = {}): Refusable<{ state: ClockState }> {
  if (state.combat !== null) return refuse(`A combat is already under way (round ${state.combat.round}).`)
  const roundSeconds = input.roundSeconds ?? OSR_ROUND_SECONDS
  if (!Number.isInteger(roundSeconds) || roundSeconds < 1) return refuse(`A round lasts a whole number of seconds, 1 or more; got ${roundSeconds}.`)
  const resumes = state.mode === 'downtime' ? 'downtime' : 'exploration'
  return { ok: true, state: { ...state, mode: 'combat', combat: { startedAt: state.time, round: 0, roundSeconds, resumes } } }
}

/**
 * Plays one round of game time: the clock moves by the round's length, with whatever falls due in
 * it (a light's warning, a timer …) but no encounter check.
 * @example nextRound(clock, dice) // { ok: true, state: …, events: [], round: 1 }
 */
export function nextRound(state: ClockState, dice: Dice): Refusable<{ state: ClockState; events: ClockEvent[]; round: number }> {
  const combat = state.combat
  if (combat === null) return refuse('There is no combat to play a round of: start one first.')
  const moved = runClock(state, state.time + combat.roundSeconds, dice, { checks: false, stopAt: null })
  const round = combat.round + 1
  return { ok: true, state: { ...moved.state, combat: { ...combat, round } }, events: moved.events, round }
}

/**
 * Ends the combat: the clock stays where the rounds took it and returns to the mode it was in.
 * @example endCombat(clock) // { ok: true, state, rounds: 40, seconds: 200, startedAt }
 */
export function endCombat(state: ClockState): Refusable<{ state: ClockState; rounds: number; seconds: number; startedAt: number }> {
  const combat = state.combat
  if (combat === null) return refuse('There is no combat to end.')
  return {
    ok: true,
    state: { ...state, mode: combat.resumes, combat: null },
    rounds: combat.round,
    seconds: state.time - combat.startedAt,
    startedAt: combat.startedAt,
  }
}
