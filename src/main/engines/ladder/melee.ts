/**
 * Hand-to-hand combat (LAD-13): an extended conflict that does not end at 6 AP. Once a side holds 6 AP, the next
 * exchange it wins is a strike: a Wound, or Subdued with natural weapons or between supers (LAD-31). Then both
 * sides' AP are erased and the fight goes on until the GM ends it.
 */
import type { Dice } from '../dice'
import { WINNING_AP, addAP, requireHeadStart } from './advantage'
import type { AdvantagePoints } from './advantage'
import { rollExchange } from './exchange'
import type { Contender } from './exchange'
import { damageBetween, woundLocation } from './injury'
import type { LocationEffect } from './injury'
import type { Side } from './rungs'
import type { TaskResult } from './task'

export interface Combatant extends Contender {
  /** Fists, feet, head-butts: a strike subdues instead of wounding, with an effect the attacker picks. */
  naturalWeapons?: boolean
  super?: boolean
}

export interface MeleeState {
  extended: boolean
  ap: AdvantagePoints
  exchanges: number
}

export interface Strike {
  by: Side
  effect: 'wounded' | 'subdued'
  /** The striker's first face this exchange: it can pick the Wound's location (LAD-17). */
  locationFace: number
  /** For a Wound, the location that face gives; the GM may choose another. */
  location: LocationEffect | null
}

export interface MeleeExchangeReport {
  exchange: number
  rolls: { a: TaskResult; b: TaskResult }
  before: AdvantagePoints
  scored: [number, number]
  after: AdvantagePoints
  strike: Strike | null
}

/**
 * Starts a hand-to-hand fight, with any head start (LAD-9: a long spear, armour).
 * @example startMelee({ headStart: { a: 1 } }).ap // { a: 1, b: 0 }
 */
export function startMelee(setup: { headStart?: Partial<AdvantagePoints>; extended?: boolean } = {}): MeleeState {
  return { extended: setup.extended ?? false, ap: requireHeadStart(setup.headStart), exchanges: 0 }
}

/**
 * Plays one hand-to-hand exchange (LAD-13): AP as LAD-7; a side that already held 6 AP and wins this exchange
 * (higher rung) strikes, and then both sides' AP are erased (Decision).
 * @example meleeExchange(scriptedDice([3, 1, 2]), { extended: false, ap: { a: 6, b: 2 }, exchanges: 4 }, { a: { asset: 'good' }, b: { asset: 'good' } }).report.strike?.effect // 'wounded'
 */
export function meleeExchange(
  dice: Dice,
  state: MeleeState,
  sides: { a: Combatant; b: Combatant },
): { state: MeleeState; report: MeleeExchangeReport } {
  const { rolls, scored } = rollExchange(dice, sides, state.extended)
  const won: Side | null = scored[0] > scored[1] ? 'a' : scored[1] > scored[0] ? 'b' : null
  let strike: Strike | null = null
  if (won && state.ap[won] >= WINNING_AP) {
    const striker = sides[won]
    const locationFace = rolls[won].faces[0] as number
    const effect = striker.naturalWeapons ? 'subdued' : damageBetween('wounded', { supers: !!(sides.a.super && sides.b.super) })
    strike = { by: won, effect, locationFace, location: effect === 'wounded' ? woundLocation(locationFace) : null }
  }
  const after = strike ? { a: 0, b: 0 } : addAP(state.ap, scored)
  const next = { ...state, ap: after, exchanges: state.exchanges + 1 }
  return { state: next, report: { exchange: next.exchanges, rolls, before: state.ap, scored, after, strike } }
}
