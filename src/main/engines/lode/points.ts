/**
 * LODE-9: Destiny and Energy points as a ledger. Destiny re-rolls the whole roll; each Energy
 * point spent adds one die (Decision). Every spend is an entry, so the log can tell the story.
 */
import type { Dice } from '../dice'
import { checkPoolInput, type PoolInput } from './input'
import type { Refusable } from './refusal'
import { rollPool, type PoolResult } from './roll'

export interface PoolPoints {
  destiny: number
  energy: number
}

export interface PointsEntry {
  point: 'destiny' | 'energy'
  /** Negative when spent, positive when gained. */
  change: number
  reason: string
}

/** A roll together with the points it has cost so far. */
export interface PoolAttempt {
  input: PoolInput
  /** The roll that stands. */
  result: PoolResult
  /** Rolls wiped by Destiny re-rolls, oldest first. */
  earlier: PoolResult[]
  /** The character's points after this attempt's spending. */
  points: PoolPoints
  /** This attempt's ledger entries, in order. */
  entries: PointsEntry[]
}

function pointsProblem(points: PoolPoints): string | undefined {
  for (const [name, value] of [['Destiny', points.destiny], ['Energy', points.energy]] as const) {
    if (!(Number.isInteger(value) && value >= 0)) return `${name} points must be a whole number, 0 or more; got ${String(value)}.`
  }
  return undefined
}

/**
 * Spends one Destiny point, when there is one, with a ledger entry.
 * @example spendDestiny({ destiny: 1, energy: 0 }, 'a re-roll') // { ok: true, points: { destiny: 0, energy: 0 }, entry }
 */
export function spendDestiny(points: PoolPoints, reason: string): Refusable<{ points: PoolPoints; entry: PointsEntry }> {
  if (points.destiny < 1) return { ok: false, reason: `No Destiny point is left to spend on ${reason}.` }
  return { ok: true, points: { ...points, destiny: points.destiny - 1 }, entry: { point: 'destiny', change: -1, reason } }
}

/**
 * Rolls a pool, paying for the Energy it spends (LODE-9) out of the character's points.
 * @example attemptPool(dice, { baseDice: 2, energy: 1 }, { destiny: 2, energy: 3 }) // rolls 3 dice; energy left 2
 */
export function attemptPool(dice: Dice, input: PoolInput, points: PoolPoints): Refusable<{ attempt: PoolAttempt }> {
  const checked = checkPoolInput(input)
  if (!checked.ok) return { ok: false, reason: checked.problems.join(' ') }
  const bad = pointsProblem(points)
  if (bad) return { ok: false, reason: bad }
  const energy = input.energy ?? 0
  if (energy > points.energy) {
    return { ok: false, reason: `Spending ${energy} Energy needs ${energy} Energy points, but only ${points.energy} are left.` }
  }
  const entries: PointsEntry[] =
    energy > 0 ? [{ point: 'energy', change: -energy, reason: `${energy} extra ${energy === 1 ? 'die' : 'dice'} for this roll` }] : []
  const attempt: PoolAttempt = {
    input,
    result: rollPool(dice, input),
    earlier: [],
    points: { ...points, energy: points.energy - energy },
    entries,
  }
  return { ok: true, attempt }
}

/**
 * Rolls the same pool again without paying for it: the caller has settled the cost.
 * Energy already spent stays in the pool; it is not charged twice.
 * @example rerollPaid(dice, attempt, { points: afterSpending, entries: [...attempt.entries, entry] })
 */
export function rerollPaid(dice: Dice, attempt: PoolAttempt, paid: Pick<PoolAttempt, 'points' | 'entries'>): PoolAttempt {
  return {
    ...attempt,
    result: rollPool(dice, attempt.input),
    earlier: [...attempt.earlier, attempt.result],
    points: paid.points,
    entries: paid.entries,
  }
}

/**
 * LODE-9: spend one Destiny point to roll all the dice again, wiping the slate clean.
 * @example rerollWithDestiny(dice, attempt) // { ok: false, reason: 'No Destiny point is left …' } when out of Destiny
 */
export function rerollWithDestiny(dice: Dice, attempt: PoolAttempt): Refusable<{ attempt: PoolAttempt }> {
  const spent = spendDestiny(attempt.points, 'a re-roll')
  if (!spent.ok) return spent
  return { ok: true, attempt: rerollPaid(dice, attempt, { points: spent.points, entries: [...attempt.entries, spent.entry] }) }
}
