/**
 * Harm and healing of hardiness (OSR-19, OSR-20). Maximum H falls only here, through points of H
 * below 0; everything that raises H goes through `heal`, so H never passes the maximum.
 */
import type { Dice } from '../dice'
import type { Hardiness } from './character/hardiness'
import { rollDie, oneDieDistribution } from './dice-expression'
import { chainDistribution, mapDistribution, type Distribution } from './distribution'
import { requireWhole } from './validate'

export type LimbHarm = 'none' | 'broken' | 'severed'

export interface InjuryResult extends Hardiness {
  /** H ≤ 0: out of the fight until H rises above 0. */
  incapacitated: boolean
  /** Maximum H has reached 0. */
  dead: boolean
  /** A blow of at least half the maximum breaks a limb; of the whole maximum severs one. */
  limb: LimbHarm
  /** How much maximum H this loss took away (points newly below 0). */
  maxHLost: number
}

function requireHardiness(state: Hardiness): void {
  requireWhole('Maximum H', state.maxH, { min: 0 })
  requireWhole('Current H', state.h)
  if (state.h > state.maxH) throw new RangeError(`Current H (${state.h}) cannot be above maximum H (${state.maxH}).`)
}

/**
 * Whether a character is incapacitated or dead at this hardiness (OSR-19).
 * @example hardinessStatus({ h: 0, maxH: 4 }) // { incapacitated: true, dead: false }
 */
export function hardinessStatus(state: Hardiness): { incapacitated: boolean; dead: boolean } {
  requireHardiness(state)
  return { incapacitated: state.h <= 0, dead: state.maxH === 0 }
}

function loseHardiness(state: Hardiness, amount: number, fromBlow: boolean): InjuryResult {
  requireHardiness(state)
  requireWhole('The H lost', amount, { min: 0 })
  const h = state.h - amount
  // OSR-19: only the points that newly fall below 0 cost maximum H.
  const maxHLost = Math.min(state.maxH, Math.max(0, -h) - Math.max(0, -state.h))
  const maxH = state.maxH - maxHLost
  let limb: LimbHarm = 'none'
  if (fromBlow && amount > 0 && state.maxH > 0) {
    if (amount >= state.maxH) limb = 'severed'
    else if (amount * 2 >= state.maxH) limb = 'broken'
  }
  return { h, maxH, incapacitated: h <= 0, dead: maxH === 0, limb, maxHLost }
}

/**
 * One blow's harm (OSR-19): H falls; each point below 0 lowers maximum H; maximum 0 is death;
 * half the maximum in one blow breaks a limb, the whole maximum severs one.
 * @example applyHarm({ h: 7, maxH: 7 }, 4) // { h: 3, maxH: 7, incapacitated: false, dead: false, limb: 'broken', maxHLost: 0 }
 */
export function applyHarm(state: Hardiness, harm: number): InjuryResult {
  return loseHardiness(state, harm, true)
}

/**
 * H paid rather than struck off — a casting's cost (OSR-22): it incapacitates, lowers maximum H
 * and kills exactly as harm does (OSR-19), but it is no blow, so it breaks no limb.
 * @example payHardiness({ h: 1, maxH: 4 }, 2) // { h: -1, maxH: 3, incapacitated: true, dead: false, limb: 'none', maxHLost: 1 }
 */
export function payHardiness(state: Hardiness, cost: number): InjuryResult {
  return loseHardiness(state, cost, false)
}

/**
 * Raises H by an amount, never above the maximum (OSR-2). The dead do not heal.
 * @example heal({ h: 2, maxH: 4 }, 5) // { h: 4, maxH: 4 }
 */
export function heal(state: Hardiness, amount: number): Hardiness {
  requireHardiness(state)
  requireWhole('The H healed', amount, { min: 0 })
  if (state.maxH === 0) throw new RangeError('A dead character (maximum H 0) cannot heal.')
  return { h: Math.min(state.maxH, state.h + amount), maxH: state.maxH }
}

/** OSR-20: H regained per full day of rest. */
export const DAILY_HEALING_DIE = 2

/**
 * Natural healing (OSR-20): 1d2 H (on a d6, DICE-1) per full day of rest, up to the maximum.
 * A day that starts at full H rolls nothing, so resting n days at once equals n single days.
 * @example rollNaturalHealing(scriptedDice([6, 1]), { h: 1, maxH: 4 }, { days: 2 }) // { h: 4, maxH: 4, healed: 3, faces: [6, 1] }
 */
export function rollNaturalHealing(dice: Dice, state: Hardiness, input: { days: number }): Hardiness & { healed: number; faces: number[] } {
  requireWhole('The number of full days of rest', input.days, { min: 0 })
  let current: Hardiness = heal(state, 0)
  const faces: number[] = []
  for (let day = 0; day < input.days && current.h < current.maxH; day++) {
    const { face, value } = rollDie(dice, DAILY_HEALING_DIE)
    faces.push(face)
    current = heal(current, value)
  }
  return { ...current, healed: current.h - state.h, faces }
}

/**
 * Exact odds of current H after some full days of rest (OSR-20).
 * @example naturalHealingOdds({ h: 3, maxH: 4 }, { days: 1 }) // { 4: 1 }
 */
export function naturalHealingOdds(state: Hardiness, input: { days: number }): Distribution {
  requireWhole('The number of full days of rest', input.days, { min: 0 })
  const start = heal(state, 0)
  const daily = oneDieDistribution(DAILY_HEALING_DIE)
  let current: Distribution = { [start.h]: 1 }
  for (let day = 0; day < input.days; day++) {
    current = chainDistribution(current, (h) => (h >= start.maxH ? { [h]: 1 } : mapDistribution(daily, (gain) => Math.min(start.maxH, h + gain))))
  }
  return current
}

/**
 * The GM restores lost maximum H (OSR-19: lost "until the GM restores it"). It never lowers it.
 * @example restoreMaximumHardiness({ h: 1, maxH: 3 }, { maxH: 4 }) // { h: 1, maxH: 4 }
 */
export function restoreMaximumHardiness(state: Hardiness, input: { maxH: number }): Hardiness {
  requireHardiness(state)
  requireWhole('The restored maximum H', input.maxH, { min: state.maxH })
  return { h: state.h, maxH: input.maxH }
}
