/**
 * Timers (CLK-6): spell cast windows (OSR-22, hidden from players), spell durations,
 * unconsciousness (LAD-17, LAD-19), "medical attention within the hour" (LAD-19) and any countdown
 * the GM makes. A timer fires once when the clock reaches it; a repeating one is set again.
 */
import type { Incapacitation } from '../ladder/incapacitation'
import type { LocationEffect } from '../ladder/injury'
import type { CastWindow } from '../osr'
import { refuse, type Refusable } from './refusal'
import type { ClockState, Timer } from './state'
import { spanSeconds, type Span } from './time'

/** A timer as the GM (or another engine's result) describes it: at a game time, or after a span from now. */
export interface TimerInput {
  id: string
  label: string
  at?: number
  after?: Span
  hiddenFromPlayers?: boolean
  /** Sets it again this long after each firing. */
  repeatEvery?: Span
}

/**
 * Sets a timer (CLK-6). It must fire later than now; rounds count only in combat.
 * @example addTimer(clock, { id: 'reinforcements', label: 'Reinforcements arrive', after: { rounds: 3 } })
 */
export function addTimer(state: ClockState, input: TimerInput): Refusable<{ state: ClockState; timer: Timer }> {
  if (state.timers.some((t) => t.id === input.id)) return refuse(`There is already a timer "${input.id}"; give the new one another id.`)
  if (typeof input.label !== 'string' || input.label.trim() === '') return refuse('A timer needs a label saying what happens when it fires.')
  if ((input.at === undefined) === (input.after === undefined)) return refuse(`Timer "${input.label}": give either the game time it fires at or the span after which it fires.`)
  const roundSeconds = state.combat?.roundSeconds ?? null
  let firesAt = input.at
  if (input.after !== undefined) {
    const span = spanSeconds(input.after, roundSeconds)
    if (!span.ok) return refuse(`Timer "${input.label}": ${span.reason}`)
    firesAt = state.time + span.seconds
  }
  if (firesAt === undefined || !Number.isInteger(firesAt) || firesAt <= state.time) {
    return refuse(`Timer "${input.label}" must fire at a whole second later than now (${state.time}); got ${String(firesAt)}.`)
  }
  let repeatEverySeconds: number | null = null
  if (input.repeatEvery !== undefined) {
    const every = spanSeconds(input.repeatEvery, roundSeconds)
    if (!every.ok) return refuse(`Timer "${input.label}" repeats: ${every.reason}`)
    repeatEverySeconds = every.seconds
  }
  const timer: Timer = { id: input.id, label: input.label, firesAt, hiddenFromPlayers: input.hiddenFromPlayers ?? false, repeatEverySeconds }
  return { ok: true, state: { ...state, timers: [...state.timers, timer] }, timer }
}

/**
 * Cancels a timer.
 * @example removeTimer(clock, 'reinforcements')
 */
export function removeTimer(state: ClockState, id: string): Refusable<{ state: ClockState }> {
  if (!state.timers.some((t) => t.id === id)) return refuse(`There is no timer "${id}".`)
  return { ok: true, state: { ...state, timers: state.timers.filter((t) => t.id !== id) } }
}

/**
 * The secret window to cast a prepared spell (OSR-22): it closes 1d3 × 10 minutes after
 * preparation, and the player view never shows it.
 * @example castWindowTimer(prepareSpells(dice, rested).window, { id: 'glam-spell', caster: 'Glam' }) // hidden, after 20 minutes
 */
export function castWindowTimer(window: CastWindow, input: { id: string; caster: string }): TimerInput {
  return { id: input.id, label: `${input.caster}'s prepared spell lapses: its ${window.minutes}-minute window to cast is over`, after: { seconds: window.seconds }, hiddenFromPlayers: true }
}

/**
 * The timers of an Incapacitation (LAD-19): coming round after 2d6 minutes, hurt and at half speed;
 * and the hour within which medical attention must come, or the asset roll against `good` is due.
 * @example incapacitationTimers(rollIncapacitation(dice, { at: now }), { id: 'tai-out', name: 'Tai' }) // two timers
 */
export function incapacitationTimers(incapacitation: Incapacitation, input: { id: string; name: string }): TimerInput[] {
  const hurt = incapacitation.onWaking.location ? `, ${incapacitation.onWaking.location.location} hurt` : ', a body location hurt'
  return [
    { id: `${input.id}:comes round`, label: `${input.name} comes round${hurt}, moving at half speed`, at: incapacitation.wakesAt },
    {
      id: `${input.id}:medical attention`,
      label: `${input.name}: an hour without medical attention? Roll an asset against good; failure begins dying`,
      at: incapacitation.medicalAttentionBy,
    },
  ]
}

/**
 * A head Wound's knock-out (LAD-17): 3 combat rounds; null for a Wound elsewhere.
 * @example knockOutTimer(woundLocation(6), { id: 'tai-ko', name: 'Tai' }) // after 3 rounds
 */
export function knockOutTimer(wound: LocationEffect, input: { id: string; name: string }): TimerInput | null {
  if (wound.knockedOutRounds === undefined) return null
  return { id: input.id, label: `${input.name} wakes from the blow to the head`, after: { rounds: wound.knockedOutRounds } }
}

/**
 * The timer after it fires (CLK-6): set again if it repeats, otherwise gone.
 * @example afterFiring({ id: 'p', label: 'Patrol', firesAt: 100, hiddenFromPlayers: false, repeatEverySeconds: 60 })?.firesAt // 160
 */
export function afterFiring(timer: Timer): Timer | null {
  return timer.repeatEverySeconds === null ? null : { ...timer, firesAt: timer.firesAt + timer.repeatEverySeconds }
}
