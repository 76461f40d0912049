/**
 * Checks (OSR-10) and the GM's "is it so?" roll (OSR-11). Strikes, shots and spell casting are
 * checks too and resolve their d20 through `resolveCheck`, so natural 1 and 20 mean the same
 * everywhere.
 */
import type { Dice } from '../dice'
import { requireWhole } from './validate'

/** OSR-10: a check succeeds on a total of 10 or more unless the GM sets another target. */
export const CHECK_TARGET = 10

export interface CheckInput {
  /** The most relevant modifier plus any situational ones (darkness −5, deft touch +1 …). */
  modifier: number
  /** Defaults to 10. */
  target?: number
}

export interface CheckResult {
  /** The d20 face. */
  natural: number
  total: number
  success: boolean
  /** A natural 1 or 20 (OSR-10): the GM judges the spectacular effect. */
  spectacular: boolean
  /** total − target, for the GM's interpretation. */
  margin: number
  /** Every face used, in order (DICE-3): here the one d20. */
  faces: number[]
}

function checkedInput(input: CheckInput): { modifier: number; target: number } {
  const target = input.target ?? CHECK_TARGET
  requireWhole('The check modifier', input.modifier)
  requireWhole('The check target', target)
  return { modifier: input.modifier, target }
}

/**
 * Resolves a d20 face already thrown (OSR-10): natural 1 always fails, natural 20 always
 * succeeds, both spectacularly; otherwise total ≥ target succeeds.
 * @example resolveCheck(10, { modifier: -1 }) // { natural: 10, total: 9, success: false, margin: -1, … }
 */
export function resolveCheck(natural: number, input: CheckInput): CheckResult {
  const { modifier, target } = checkedInput(input)
  requireWhole('A d20 face', natural, { min: 1, max: 20 })
  const total = natural + modifier
  const spectacular = natural === 1 || natural === 20
  const success = natural === 20 || (natural !== 1 && total >= target)
  return { natural, total, success, spectacular, margin: total - target, faces: [natural] }
}

/**
 * Rolls a check: d20 + modifier against the target (OSR-10).
 * @example rollCheck(scriptedDice([10]), { modifier: -1 }).success // false: Glam falls short
 */
export function rollCheck(dice: Dice, input: CheckInput): CheckResult {
  checkedInput(input)
  return resolveCheck(dice.roll(20), input)
}

export interface CheckOdds {
  success: number
  failure: number
  /** A natural 20: always 1/20. */
  spectacularSuccess: number
  /** A natural 1: always 1/20. */
  spectacularFailure: number
}

/**
 * Exact odds of a check, counting the 20 faces (DICE-2).
 * @example checkOdds({ modifier: 0 }).success // 11/20
 */
export function checkOdds(input: CheckInput): CheckOdds {
  checkedInput(input)
  let successes = 0
  for (let natural = 1; natural <= 20; natural++) if (resolveCheck(natural, input).success) successes++
  return { success: successes / 20, failure: (20 - successes) / 20, spectacularSuccess: 1 / 20, spectacularFailure: 1 / 20 }
}

/** OSR-11: the GM's d6 for "is it so?" — on this face or more, it is. */
export const IT_IS_SO_ON = 5

/**
 * The GM is unsure whether a thing is so: d6, 5+ it is (OSR-11).
 * @example rollIsItSo(scriptedDice([5])).itIs // true: the hidden debris is there
 */
export function rollIsItSo(dice: Dice): { face: number; itIs: boolean; faces: number[] } {
  const face = dice.roll(6)
  return { face, itIs: face >= IT_IS_SO_ON, faces: [face] }
}

/**
 * Exact odds of the "is it so?" roll (OSR-11).
 * @example isItSoOdds() // { itIs: 1/3, itIsNot: 2/3 }
 */
export function isItSoOdds(): { itIs: number; itIsNot: number } {
  const itIs = (7 - IT_IS_SO_ON) / 6
  return { itIs, itIsNot: 1 - itIs }
}
