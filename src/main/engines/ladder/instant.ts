/**
 * Instant conflicts (LAD-6): both sides roll once; the higher rung wins, equal rungs go to the higher first face,
 * and equal faces too roll again (Decision).
 */
import type { Dice } from '../dice'
import { rollContender } from './exchange'
import type { Contender } from './exchange'
import { rungIndex } from './rungs'
import type { Side } from './rungs'
import type { TaskResult } from './task'

export interface InstantAttempt {
  rolls: { a: TaskResult; b: TaskResult }
  winner: Side | null
  /** What settled it: the rungs, the first faces (equal rungs), or nothing (equal faces too: roll again). */
  decidedBy: 'rung' | 'first face' | 'roll again'
}

export interface InstantConflict {
  a: Contender
  b: Contender
  extended?: boolean
}

/** Tied attempts after which the dice are taken to be broken rather than unlucky (fair dice: about 1 in 10^700). */
const MAX_ATTEMPTS = 1000

/**
 * Compares two rolls of an instant conflict (LAD-6).
 * @example judgeInstant({ result: 'good', faces: [5] }, { result: 'good', faces: [3] }) // { winner: 'a', decidedBy: 'first face' }
 */
export function judgeInstant(a: TaskResult, b: TaskResult): Pick<InstantAttempt, 'winner' | 'decidedBy'> {
  const byRung = rungIndex(a.result) - rungIndex(b.result)
  if (byRung !== 0) return { winner: byRung > 0 ? 'a' : 'b', decidedBy: 'rung' }
  const byFace = (a.faces[0] ?? 0) - (b.faces[0] ?? 0)
  if (byFace !== 0) return { winner: byFace > 0 ? 'a' : 'b', decidedBy: 'first face' }
  return { winner: null, decidedBy: 'roll again' }
}

/**
 * Rolls an instant conflict to its end (LAD-6): side a rolls, then side b, again after every full tie.
 * Every attempt is kept so the log shows each face.
 * @example rollInstantConflict(scriptedDice([3, 3, 4, 2]), { a: { asset: 'good' }, b: { asset: 'good' } }).winner // 'a', on the second attempt
 */
export function rollInstantConflict(dice: Dice, conflict: InstantConflict): { winner: Side; attempts: InstantAttempt[] } {
  const extended = conflict.extended ?? false
  const attempts: InstantAttempt[] = []
  while (attempts.length < MAX_ATTEMPTS) {
    const rolls = { a: rollContender(dice, conflict.a, extended), b: rollContender(dice, conflict.b, extended) }
    const attempt = { rolls, ...judgeInstant(rolls.a, rolls.b) }
    attempts.push(attempt)
    if (attempt.winner) return { winner: attempt.winner, attempts }
  }
  throw new Error(`An instant conflict tied ${MAX_ATTEMPTS} times running: the dice given cannot be fair.`)
}
