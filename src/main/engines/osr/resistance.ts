/**
 * Resistance to rarer harm — venom, radiation, magic (OSR-3): the target a character's d20 must
 * reach to be saved, and the save itself.
 */
import type { Dice } from '../dice'
import { requireWhole } from './validate'

/** OSR-3: the target at L1. */
export const FIRST_LEVEL_RESISTANCE = 15
/** OSR-3 Decision: the target never goes below 2, so a natural 1 never saves. */
export const LOWEST_RESISTANCE = 2
/** OSR-3: each time high tolerance is taken lowers the target by this much. */
export const HIGH_TOLERANCE_STEP = 2

/**
 * The d20 face a character needs to be saved (OSR-3): 15 at L1, one lower per level gained, two
 * lower per time high tolerance is taken, never below 2.
 * @example resistanceTarget({ level: 2 }) // 14
 */
export function resistanceTarget(input: { level: number; highTolerance?: number }): number {
  const highTolerance = input.highTolerance ?? 0
  requireWhole('The level', input.level, { min: 1 })
  requireWhole('The number of times high tolerance was taken', highTolerance, { min: 0, max: 2 })
  const target = FIRST_LEVEL_RESISTANCE - (input.level - 1) - HIGH_TOLERANCE_STEP * highTolerance
  return Math.max(LOWEST_RESISTANCE, target)
}

function requireTarget(target: number): void {
  requireWhole('The resistance target', target, { min: LOWEST_RESISTANCE, max: 20 })
}

export interface SaveResult {
  natural: number
  target: number
  saved: boolean
  /** Every face used, in order (DICE-3). */
  faces: number[]
}

/**
 * The guiding player's save: d20 ≥ the resistance target (OSR-3).
 * @example rollSave(scriptedDice([14]), { target: 14 }).saved // true
 */
export function rollSave(dice: Dice, input: { target: number }): SaveResult {
  requireTarget(input.target)
  const natural = dice.roll(20)
  return { natural, target: input.target, saved: natural >= input.target, faces: [natural] }
}

/**
 * Exact odds of a save (OSR-3): (21 − target) / 20.
 * @example saveOdds({ target: 15 }).saved // 6/20
 */
export function saveOdds(input: { target: number }): { saved: number; notSaved: number } {
  requireTarget(input.target)
  const saved = (21 - input.target) / 20
  return { saved, notSaved: 1 - saved }
}
