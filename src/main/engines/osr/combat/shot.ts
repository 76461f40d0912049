/**
 * Shots (OSR-18): accuracy by launcher, −1 per full multiple of accuracy to the target, harm as
 * for a strike (OSR-16), and reloading crossbows and firearms.
 */
import type { Dice } from '../../dice'
import { checkOdds, CHECK_TARGET, resolveCheck, rollCheck, type CheckResult } from '../check'
import { withChance, type Distribution } from '../distribution'
import { notOneOf, requireAmount, requireWhole } from '../validate'
import { checkedHarmDice, harmOdds, rollHarm, type HarmResult, type WeaponClass } from './harm'

/**
 * OSR-18: thrown objects (10 ft + B); low-powered launchers — slings, shortbows, light crossbows
 * (25 ft); high-powered — longbows, heavy crossbows (50 ft).
 */
export type Launcher = 'thrown' | 'low-powered' | 'high-powered'

/** OSR-18: accuracy in feet before B (thrown) or a firearm's multiple. */
export const ACCURACY_FT: Readonly<Record<Launcher, number>> = { thrown: 10, 'low-powered': 25, 'high-powered': 50 }

export type AccuracyInput =
  | { launcher: 'thrown'; throwerB: number }
  /** A firearm has two or three times the accuracy of the launcher it is built like (OSR-18). */
  | { launcher: 'low-powered' | 'high-powered'; firearm?: 2 | 3 }

/**
 * A weapon's accuracy in feet (OSR-18).
 * @example accuracyFt({ launcher: 'thrown', throwerB: -1 }) // 9: Glam's rock
 */
export function accuracyFt(input: AccuracyInput): number {
  const base = ACCURACY_FT[input.launcher]
  if (base === undefined) throw notOneOf('a launcher', input.launcher, Object.keys(ACCURACY_FT))
  if (input.launcher === 'thrown') {
    requireWhole("The thrower's B", input.throwerB)
    // A thrower too feeble for 1 ft of accuracy is still given 1 ft, so the penalty stays finite.
    return Math.max(1, base + input.throwerB)
  }
  const firearm = input.firearm ?? 1
  if (![1, 2, 3].includes(firearm)) throw new RangeError(`A firearm has 2 or 3 times the accuracy; got ${firearm}.`)
  return base * firearm
}

/**
 * −1 per full multiple of the accuracy in the distance to the target (OSR-18).
 * @example rangePenalty({ distanceFt: 50, accuracyFt: 9 }) // 5
 */
export function rangePenalty(input: { distanceFt: number; accuracyFt: number }): number {
  requireAmount('The distance to the target', input.distanceFt)
  requireAmount('The accuracy', input.accuracyFt, Number.MIN_VALUE)
  return Math.floor(input.distanceFt / input.accuracyFt)
}

export interface ShotInput {
  attackerM: number
  /** Added to harm, as for any hit (OSR-16). */
  attackerB: number
  distanceFt: number
  accuracyFt: number
  /** The class of the missile's harm: a sling is short, a bow standard, a crossbow long (OSR-16). */
  weapon: WeaponClass
  advanced?: boolean
  situational?: number
  /** For a crossbow or a firearm without automatic feed: false once shot, until reloaded. */
  loaded?: boolean
}

export interface ShotResult extends CheckResult {
  /** Everything added to the d20: M, the range penalty, situational modifiers. */
  modifier: number
  rangePenalty: number
  harm: HarmResult | null
}

function shotModifier(input: ShotInput): { modifier: number; penalty: number } {
  const situational = input.situational ?? 0
  requireWhole("The attacker's M", input.attackerM)
  requireWhole('The situational modifier', situational)
  checkedHarmDice(input)
  if (input.loaded === false) {
    throw new Error('The weapon is not loaded: reloading a crossbow or a firearm without automatic feed takes one action (OSR-18).')
  }
  const penalty = rangePenalty(input)
  return { modifier: input.attackerM - penalty + situational, penalty }
}

/**
 * Rolls a shot: d20 + M − ⌊distance / accuracy⌋ ≥ 10, natural 1 and 20 as any check; harm on a hit.
 * @example rollShot(scriptedDice([6]), { attackerM: 0, attackerB: -1, distanceFt: 50, accuracyFt: 9, weapon: 'short' })
 * // { total: 1, success: false, … }: Glam's rock misses the alembic
 */
export function rollShot(dice: Dice, input: ShotInput): ShotResult {
  const { modifier, penalty } = shotModifier(input)
  const check = resolveCheck(dice.roll(20), { modifier, target: CHECK_TARGET })
  const harm = check.success ? rollHarm(dice, input) : null
  return { ...check, modifier, rangePenalty: penalty, harm, faces: [...check.faces, ...(harm?.faces ?? [])] }
}

/**
 * Exact odds of a shot (DICE-2): the hit and the harm it does (0 on a miss).
 * @example shotOdds({ attackerM: 0, attackerB: 0, distanceFt: 50, accuracyFt: 9, weapon: 'short' }).hit // 6/20
 */
export function shotOdds(input: ShotInput): { hit: number; spectacularSuccess: number; spectacularFailure: number; harm: Distribution } {
  const { modifier } = shotModifier(input)
  const check = checkOdds({ modifier, target: CHECK_TARGET })
  return {
    hit: check.success,
    spectacularSuccess: check.spectacularSuccess,
    spectacularFailure: check.spectacularFailure,
    harm: withChance(check.success, harmOdds(input), 0),
  }
}

/** OSR-18: actions a reload takes. */
export const RELOAD_ACTIONS = 1

/**
 * Reloads a crossbow or firearm without automatic feed: one action (OSR-18). With loose black
 * powder the reload is uncertain, so it is a check (OSR-10) with the modifier the GM picks.
 * @example reload(scriptedDice([12]), { loosePowder: { modifier: 0 } }) // { loaded: true, actions: 1, check: { … } }
 */
export function reload(dice: Dice, input: { loosePowder?: { modifier: number } } = {}): { loaded: boolean; actions: number; check: CheckResult | null } {
  if (!input.loosePowder) return { loaded: true, actions: RELOAD_ACTIONS, check: null }
  const check = rollCheck(dice, { modifier: input.loosePowder.modifier })
  return { loaded: check.success, actions: RELOAD_ACTIONS, check }
}
