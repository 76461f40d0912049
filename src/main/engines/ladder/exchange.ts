/**
 * One exchange of rolls between two sides: both roll their assets on the ladder in use, side a first, and the
 * rungs are compared for AP (LAD-7). Extended conflicts, hand-to-hand combat and team fights all start here.
 */
import type { Dice } from '../dice'
import { exchangeAP } from './advantage'
import { rollTask } from './task'
import type { TaskInput, TaskResult } from './task'
import type { Rung, Wonky } from './rungs'

/** One side of a conflict: the asset it rolls and any wonky ladder the GM declared for it. */
export interface Contender {
  asset: Rung
  wonky?: Wonky
}

export interface ExchangeRolls {
  rolls: { a: TaskResult; b: TaskResult }
  /** AP each side scores from the comparison (LAD-7). */
  scored: [number, number]
}

/**
 * The task a contender rolls: its asset on the ladder in use, no difficulty (conflicts compare rungs).
 * @example contenderTask({ asset: 'good', wonky: 'bad' }, false) // { asset: 'good', extended: false, wonky: 'bad' }
 */
export function contenderTask(contender: Contender, extended: boolean): TaskInput {
  return { asset: contender.asset, extended, ...(contender.wonky ? { wonky: contender.wonky } : {}) }
}

/**
 * Rolls one contender's asset.
 * @example rollContender(scriptedDice([4]), { asset: 'good' }, false) // { result: 'good', faces: [4] }
 */
export function rollContender(dice: Dice, contender: Contender, extended: boolean): TaskResult {
  return rollTask(dice, contenderTask(contender, extended))
}

/**
 * Both sides roll, a then b, and score AP by LAD-7.
 * @example rollExchange(scriptedDice([6, 2, 3]), { a: { asset: 'good' }, b: { asset: 'good' } }, false).scored // [2, 0]
 */
export function rollExchange(dice: Dice, sides: { a: Contender; b: Contender }, extended: boolean): ExchangeRolls {
  const a = rollContender(dice, sides.a, extended)
  const b = rollContender(dice, sides.b, extended)
  return { rolls: { a, b }, scored: exchangeAP(a.result, b.result) }
}
