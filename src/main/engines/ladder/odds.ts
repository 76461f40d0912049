/**
 * Exact odds of the task roll (DICE-2), in closed form: a chain that keeps going with probability q stops k rungs
 * on with probability q^k (1 − q), and stays at the end of the ladder with probability q^D.
 */
import { faceStep, readTask } from './task'
import type { ReadTask, TaskInput } from './task'
import { RUNGS, rungIndex } from './rungs'
import type { Rung } from './rungs'

/** A probability for every rung of the ladder (rungs off the ladder in use have 0). */
export type RungOdds = Record<Rung, number>

/**
 * All rungs at probability 0, to add odds into.
 * @example noRungs().good // 0
 */
export function noRungs(): RungOdds {
  return { terrible: 0, poor: 0, good: 0, expert: 0, superb: 0, unprecedented: 0, improbable: 0 }
}

/** Odds of the result once the first face is known (LAD-2, LAD-3, LAD-5). */
function oddsAfterFirstFace(task: ReadTask, face: number): RungOdds {
  const odds = noRungs()
  const direction = faceStep(task, face)
  if (direction === 0) {
    odds[RUNGS[task.asset] as Rung] = 1
    return odds
  }
  const end = direction === 1 ? task.top : 0
  const start = task.asset + direction
  // The chain's re-rolls use the same faces as the first roll (LAD-5 Decision).
  const q = direction === 1 ? (7 - task.upFrom) / 6 : task.downTo / 6
  const distance = Math.abs(end - start)
  for (let k = 0; k <= distance; k++) {
    odds[RUNGS[start + direction * k] as Rung] = k < distance ? q ** k * (1 - q) : q ** distance
  }
  return odds
}

/**
 * Exact odds of each result given each first face: `[face 1, …, face 6]`. Ties in an instant conflict are broken
 * by the first face (LAD-6), so its odds need this joint view.
 * @example taskOddsByFirstFace({ asset: 'good' })[5].expert // 5/6: a first 6 ends on expert unless the next is a 6
 */
export function taskOddsByFirstFace(input: TaskInput): RungOdds[] {
  const task = readTask(input)
  return [1, 2, 3, 4, 5, 6].map((face) => oddsAfterFirstFace(task, face))
}

/**
 * The exact probability of every rung and, when a difficulty is given, of success (DICE-2, LAD-2 … LAD-5).
 * @example taskOdds({ asset: 'poor', difficulty: 'expert' }).success // 1/36: two 6s in a row
 */
export function taskOdds(input: TaskInput): { result: RungOdds; success?: number } {
  const result = noRungs()
  for (const row of taskOddsByFirstFace(input)) {
    for (const rung of RUNGS) result[rung] += row[rung] / 6
  }
  if (input.difficulty === undefined) return { result }
  const needed = rungIndex(input.difficulty)
  return { result, success: RUNGS.reduce((p, rung, i) => (i >= needed ? p + result[rung] : p), 0) }
}
