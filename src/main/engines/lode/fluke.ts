/**
 * LODE-8: the Fluke Die, a single d6 read as any pool is read: 4–6 succeed, a 6 explodes, a 1
 * fumbles. Luck more than skill, for the GM to judge sheer chance.
 */
import type { Dice } from '../dice'
import type { PoolInput } from './input'
import { poolOdds, type PoolOdds } from './odds'
import { rollPool, type PoolResult } from './roll'

/** What may change a Fluke Die: the same luck and Web as any roll. */
export type FlukeInput = Pick<PoolInput, 'blessing' | 'curse' | 'web'>

function flukePool(input: FlukeInput): PoolInput {
  return { baseDice: 1, blessing: input.blessing, curse: input.curse, web: input.web }
}

/**
 * Rolls the Fluke Die.
 * @example rollFluke(scriptedDice([1])) // fumble: true, label 'failure'
 */
export function rollFluke(dice: Dice, input: FlukeInput = {}): PoolResult {
  return rollPool(dice, flukePool(input))
}

/**
 * The Fluke Die's exact odds.
 * @example flukeOdds().fumble // 1/6
 */
export function flukeOdds(input: FlukeInput = {}): PoolOdds {
  return poolOdds(flukePool(input))
}
