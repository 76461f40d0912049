/**
 * The task roll: one d6 that may step the asset's rung up or down, chaining on repeats (LAD-2 … LAD-5).
 */
import type { Dice } from '../dice'
import { requireAsset, requireRung, requireWonky, rungAt, rungIndex, topRung } from './rungs'
import type { Rung, Wonky } from './rungs'

export interface TaskInput {
  asset: Rung
  difficulty?: Rung
  wonky?: Wonky
  extended?: boolean
}

/** `success` is present iff a difficulty was given. */
export interface TaskResult {
  result: Rung
  faces: number[]
  success?: boolean
}

/** A task checked and turned into ladder positions, shared by the roll and its odds. */
export interface ReadTask {
  asset: number
  top: number
  difficulty?: number
  /** Lowest face that steps up (6, or 5 on a good wonky ladder). */
  upFrom: number
  /** Highest face that steps down (1, or 2 on a bad wonky ladder). */
  downTo: number
}

/**
 * Checks a task and says plainly what is wrong (unknown rung, asset off the ladder in use …).
 * @example readTask({ asset: 'good', difficulty: 'expert' }).difficulty // 3
 */
export function readTask(input: TaskInput): ReadTask {
  const extended = input.extended ?? false
  const wonky = requireWonky(input.wonky)
  const task: ReadTask = {
    asset: rungIndex(requireAsset(input.asset, extended)),
    top: rungIndex(topRung(extended)),
    // LAD-5: the GM declares the wonky ladder before the roll; its faces hold for the whole chain (Decision).
    upFrom: wonky === 'good' ? 5 : 6,
    downTo: wonky === 'bad' ? 2 : 1,
  }
  if (input.difficulty !== undefined) task.difficulty = rungIndex(requireRung(input.difficulty, 'The difficulty', extended))
  return task
}

/**
 * Which way a face moves the result: +1 step up, -1 step down, 0 neither (LAD-2, LAD-5).
 * @example faceStep(readTask({ asset: 'good', wonky: 'good' }), 5) // 1
 */
export function faceStep(task: ReadTask, face: number): -1 | 0 | 1 {
  if (face >= task.upFrom) return 1
  if (face <= task.downTo) return -1
  return 0
}

/**
 * Rolls a task (LAD-2 … LAD-5): a step-up face moves the result up and rolls again, each further step-up face
 * moving once more; step-down faces likewise downwards; any other face ends the chain, and a chain that reaches
 * an end of the ladder stops rolling. Every face is kept, in order (DICE-3).
 * @example rollTask(scriptedDice([6, 6, 2]), { asset: 'poor', difficulty: 'expert' }) // { result: 'expert', faces: [6, 6, 2], success: true }
 */
export function rollTask(dice: Dice, input: TaskInput): TaskResult {
  const task = readTask(input)
  const first = dice.roll(6)
  const faces = [first]
  const direction = faceStep(task, first)
  let at = task.asset
  if (direction !== 0) {
    const end = direction === 1 ? task.top : 0
    // LAD-1: an asset is never at an end of the ladder, so the first step always moves.
    at += direction
    // LAD-3: a chain that hits an end of the ladder stops rolling.
    while (at !== end) {
      const face = dice.roll(6)
      faces.push(face)
      // LAD-2: only a repeat of the chain's own direction counts; any other face ends it.
      if (faceStep(task, face) !== direction) break
      at += direction
    }
  }
  return resultOf(task, at, faces)
}

/**
 * Builds a TaskResult for a ladder position, with `success` iff the task has a difficulty (LAD-4).
 * @example resultOf(readTask({ asset: 'good', difficulty: 'expert' }), 3, [6, 2]) // { result: 'expert', faces: [6, 2], success: true }
 */
export function resultOf(task: ReadTask, at: number, faces: number[]): TaskResult {
  const result: TaskResult = { result: rungAt(at, true), faces }
  if (task.difficulty !== undefined) result.success = at >= task.difficulty
  return result
}

/** A task the GM rules on without a roll (LAD-4). */
export interface GmRuling {
  success: boolean
  reason: string
  faces: []
}

/**
 * Records an automatic success or failure by GM fiat (LAD-4): no die is rolled.
 * @example gmRuling(true, 'even a poor pilot can land a plane') // { success: true, reason: …, faces: [] }
 */
export function gmRuling(success: boolean, reason: string): GmRuling {
  if (reason.trim() === '') throw new RangeError('Say why the GM rules without a roll, so the log can tell it.')
  return { success, reason, faces: [] }
}
