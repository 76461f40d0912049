/**
 * The incapacitation sequence (LAD-19) as data a timer can use: how long the character is out, when they come
 * round hurt and slowed, and the hour within which medical attention must come.
 */
import type { Dice } from '../dice'
import { rollD6s } from '../dice'
import { HOUR, MINUTE, requireGameTime } from './game-time'
import { woundLocation } from './injury'
import type { LocationEffect } from './injury'
import { taskOdds } from './odds'
import { rollTask } from './task'
import type { TaskInput, TaskResult } from './task'

export interface Incapacitation {
  faces: number[]
  minutes: number
  incapacitatedAt: number
  /** Game time they come round (2d6 minutes later). */
  wakesAt: number
  /** Game time by which medical attention must come, or the untreated roll is made. */
  medicalAttentionBy: number
  onWaking: {
    halfSpeed: true
    /** The hurt body location (LAD-17), from the attack's first face if given; otherwise the GM picks. */
    location: LocationEffect | null
  }
}

/**
 * Rolls how long an Incapacitated character is unconscious (LAD-19: 2d6 minutes of game time) and sets the
 * deadlines that follow.
 * @example rollIncapacitation(scriptedDice([3, 4]), { at: 0 }).wakesAt // 420
 */
export function rollIncapacitation(dice: Dice, input: { at: number; attackFace?: number }): Incapacitation {
  const at = requireGameTime(input.at, 'The time of incapacitation')
  const { total, faces } = rollD6s(dice, 2)
  return {
    faces,
    minutes: total,
    incapacitatedAt: at,
    wakesAt: at + total * MINUTE,
    medicalAttentionBy: at + HOUR,
    onWaking: { halfSpeed: true, location: input.attackFace === undefined ? null : woundLocation(input.attackFace) },
  }
}

/**
 * Exact odds of the minutes unconscious (DICE-2): `odds[m]` = P(m minutes), m = 2 … 12.
 * @example incapacitationOdds()[7] // 6/36
 */
export function incapacitationOdds(): number[] {
  return Array.from({ length: 13 }, (_, m) => (m < 2 ? 0 : (6 - Math.abs(m - 7)) / 36))
}

/** The roll made when no medical attention comes within the hour: an appropriate asset against `good` (LAD-19). */
function untreatedTask(input: Omit<TaskInput, 'difficulty'>): TaskInput {
  return { ...input, difficulty: 'good' }
}

/**
 * No medical attention within the hour (LAD-19): roll an appropriate asset against `good`; failure and the
 * character begins dying (when, the GM decides: the app shows it as a timer the GM sets).
 * @example rollUntreated(scriptedDice([1, 4]), { asset: 'good' }).beginsDying // true
 */
export function rollUntreated(dice: Dice, input: Omit<TaskInput, 'difficulty'>): { roll: TaskResult; beginsDying: boolean } {
  const roll = rollTask(dice, untreatedTask(input))
  return { roll, beginsDying: !roll.success }
}

/**
 * Exact probability that an untreated character begins dying (DICE-2).
 * @example untreatedOdds({ asset: 'good' }).beginsDying // 1/6: only a first 1 steps below good
 */
export function untreatedOdds(input: Omit<TaskInput, 'difficulty'>): { beginsDying: number } {
  return { beginsDying: 1 - (taskOdds(untreatedTask(input)).success ?? 0) }
}
