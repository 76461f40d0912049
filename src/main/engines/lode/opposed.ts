/**
 * LODE-7: opposed rolls. Both sides roll, usually at Base Dice 2; more successes wins, the
 * difference is the margin, equal is a tie.
 */
import type { Dice } from '../dice'
import type { PoolInput } from './input'
import { poolOdds } from './odds'
import { rollPool, type PoolResult } from './roll'

/** One side of an opposed roll: Base Dice default to 2, the usual for opposed rolls. */
export type OpposedSide = Omit<PoolInput, 'baseDice'> & { baseDice?: number }

export interface OpposedResult {
  a: PoolResult
  b: PoolResult
  winner: 'a' | 'b' | 'tie'
  /** Winner's successes minus loser's; 0 on a tie. */
  margin: number
}

export const OPPOSED_BASE_DICE = 2

function withBaseDice(side: OpposedSide): PoolInput {
  return { ...side, baseDice: side.baseDice ?? OPPOSED_BASE_DICE }
}

/**
 * Rolls side a, then side b, and compares successes.
 * @example opposedRoll(scriptedDice([4, 5, 1, 2]), { advantages: 0 }, { advantages: 0 }) // a wins by 2
 */
export function opposedRoll(dice: Dice, a: OpposedSide, b: OpposedSide): OpposedResult {
  const ra = rollPool(dice, withBaseDice(a))
  const rb = rollPool(dice, withBaseDice(b))
  const margin = Math.abs(ra.successes - rb.successes)
  const winner = ra.successes > rb.successes ? 'a' : ra.successes < rb.successes ? 'b' : 'tie'
  return { a: ra, b: rb, winner, margin }
}

/** P(X > Y) for independent X ~ px and Y ~ py. */
function beats(px: readonly number[], py: readonly number[]): number {
  let p = 0
  let yBelow = 0 // P(Y < k) as k walks up X's successes
  for (let k = 0; k < px.length; k++) {
    p += (px[k] as number) * yBelow
    yBelow += py[k] ?? 0
  }
  return p
}

/**
 * Exact chances that side a wins, ties or loses (DICE-2), from the two success distributions.
 * @example opposedOdds({ advantages: 1 }, {}).win // P(a BD 2 pool with one advantage beats a plain BD 2 pool)
 */
export function opposedOdds(a: OpposedSide, b: OpposedSide): { win: number; tie: number; lose: number } {
  const pa = poolOdds(withBaseDice(a)).successes
  const pb = poolOdds(withBaseDice(b)).successes
  let tie = 0
  for (let k = 0; k < pa.length; k++) tie += (pa[k] as number) * (pb[k] ?? 0)
  return { win: beats(pa, pb), tie, lose: beats(pb, pa) }
}
