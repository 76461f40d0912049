/**
 * Gunfire (LAD-14): not a conflict but a task against a target rung the GM sets. Meeting it Wounds (still in the
 * fight), beating it Incapacitates (out of the fight), falling short misses.
 */
import type { Dice } from '../dice'
import { woundLocation } from './injury'
import type { LocationEffect } from './injury'
import { taskOdds } from './odds'
import { rungIndex } from './rungs'
import type { Rung, Wonky } from './rungs'
import { rollTask } from './task'
import type { TaskInput, TaskResult } from './task'

export interface GunfireInput {
  asset: Rung
  target: Rung
  wonky?: Wonky
  extended?: boolean
}

export type GunfireOutcome = 'miss' | 'wounded' | 'incapacitated'

function shotTask(input: GunfireInput): TaskInput {
  return { asset: input.asset, difficulty: input.target, extended: input.extended ?? false, ...(input.wonky ? { wonky: input.wonky } : {}) }
}

function outcomeOf(result: Rung, target: Rung): GunfireOutcome {
  const margin = rungIndex(result) - rungIndex(target)
  return margin < 0 ? 'miss' : margin === 0 ? 'wounded' : 'incapacitated'
}

/**
 * Fires a gun (LAD-14). A Wound's location comes from the shot's first face unless the GM picks (LAD-17).
 * @example rollGunfire(scriptedDice([4]), { asset: 'expert', target: 'expert' }).outcome // 'wounded'
 */
export function rollGunfire(dice: Dice, input: GunfireInput): { roll: TaskResult; outcome: GunfireOutcome; location: LocationEffect | null } {
  const roll = rollTask(dice, shotTask(input))
  const outcome = outcomeOf(roll.result, input.target)
  return { roll, outcome, location: outcome === 'wounded' ? woundLocation(roll.faces[0] as number) : null }
}

/**
 * Exact odds of each gunfire outcome (DICE-2).
 * @example gunfireOdds({ asset: 'good', target: 'good' }).incapacitated // 1/6: a 6 steps above the target
 */
export function gunfireOdds(input: GunfireInput): Record<GunfireOutcome, number> {
  const { result } = taskOdds(shotTask(input))
  const odds = { miss: 0, wounded: 0, incapacitated: 0 }
  for (const rung of Object.keys(result) as Rung[]) odds[outcomeOf(rung, input.target)] += result[rung]
  return odds
}
