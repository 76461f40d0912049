/**
 * LODE-10: a deliberate attempt at Halfmagic. Rolled at Base Dice 2 with advantages; it succeeds
 * only on a Halfmagic result. It costs at least one Destiny point even if the first roll works,
 * and re-rolls cost one each: the point paid up front covers the first re-roll (judgement call:
 * the seed says points are spent "for re-rolls", at least one).
 */
import type { Dice } from '../dice'
import type { PoolInput } from './input'
import { attemptPool, rerollPaid, rerollWithDestiny, spendDestiny, type PoolAttempt, type PoolPoints } from './points'
import type { Refusable } from './refusal'

export const DELIBERATE_BASE_DICE = 2

export interface DeliberateHalfmagic {
  attempt: PoolAttempt
  /** 1 until the up-front Destiny point has bought a re-roll, then 0. */
  prepaidRerolls: number
  /** 'rolling' while the last roll missed and the player may still re-roll or stop. */
  status: 'rolling' | 'succeeded' | 'failed'
}

function settle(state: DeliberateHalfmagic): DeliberateHalfmagic {
  return state.attempt.result.halfmagic > 0 ? { ...state, status: 'succeeded' } : state
}

/**
 * Pays the attempt's Destiny point and makes the first roll.
 * @example startDeliberateHalfmagic(dice, { advantages: 9 }, { destiny: 1, energy: 0 }) // status 'succeeded' or 'rolling'
 */
export function startDeliberateHalfmagic(
  dice: Dice,
  input: Omit<PoolInput, 'baseDice'>,
  points: PoolPoints,
): Refusable<{ state: DeliberateHalfmagic }> {
  const paid = spendDestiny(points, 'a deliberate Halfmagic attempt, which always costs at least one')
  if (!paid.ok) return { ok: false, reason: 'A deliberate Halfmagic attempt costs at least one Destiny point, and none is left.' }
  const first = attemptPool(dice, { ...input, baseDice: DELIBERATE_BASE_DICE }, paid.points)
  if (!first.ok) return first
  const attempt = { ...first.attempt, entries: [paid.entry, ...first.attempt.entries] }
  return { ok: true, state: settle({ attempt, prepaidRerolls: 1, status: 'rolling' }) }
}

/**
 * Re-rolls a missed attempt: free while the up-front point is unused, then one Destiny point each.
 * @example rerollDeliberate(dice, state) // { ok: false, reason: 'This attempt already succeeded …' } after a success
 */
export function rerollDeliberate(dice: Dice, state: DeliberateHalfmagic): Refusable<{ state: DeliberateHalfmagic }> {
  if (state.status === 'succeeded') return { ok: false, reason: 'This attempt already succeeded: there is nothing to re-roll.' }
  if (state.status === 'failed') return { ok: false, reason: 'This attempt was given up as a failure: it cannot be re-rolled.' }
  if (state.prepaidRerolls > 0) {
    const attempt = rerollPaid(dice, state.attempt, state.attempt)
    return { ok: true, state: settle({ attempt, prepaidRerolls: state.prepaidRerolls - 1, status: 'rolling' }) }
  }
  const next = rerollWithDestiny(dice, state.attempt)
  if (!next.ok) return next
  return { ok: true, state: settle({ ...state, attempt: next.attempt }) }
}

/**
 * The player stops re-rolling: without Halfmagic the attempt fails and gains nothing.
 * @example stopDeliberate(state).state.status // 'failed'
 */
export function stopDeliberate(state: DeliberateHalfmagic): Refusable<{ state: DeliberateHalfmagic }> {
  if (state.status !== 'rolling') return { ok: false, reason: `This attempt has already ${state.status}.` }
  return { ok: true, state: { ...state, status: 'failed' } }
}
