/**
 * Body, mind and spirit (OSR-1): one d6 each, in that order; 1–2 → −1, 3–4 → 0, 5–6 → +1.
 */
import type { Dice } from '../../dice'
import { dieDistribution, mapDistribution, type Distribution } from '../distribution'
import { requireWhole } from '../validate'

export interface Modifiers {
  /** Body. */
  B: number
  /** Mind. */
  M: number
  /** Spirit. */
  S: number
}

/**
 * The modifier a d6 face gives (OSR-1).
 * @example modifierForFace(2) // -1
 */
export function modifierForFace(face: number): number {
  requireWhole('A d6 face', face, { min: 1, max: 6 })
  return face <= 2 ? -1 : face <= 4 ? 0 : 1
}

/**
 * Rolls B, then M, then S (OSR-1).
 * @example rollModifiers(scriptedDice([2, 3, 5])) // { B: -1, M: 0, S: 1, faces: [2, 3, 5] }
 */
export function rollModifiers(dice: Dice): Modifiers & { faces: number[] } {
  const faces = [dice.roll(6), dice.roll(6), dice.roll(6)]
  const [B, M, S] = faces.map(modifierForFace) as [number, number, number]
  return { B, M, S, faces }
}

/**
 * Exact odds of one modifier (OSR-1): a third each for −1, 0 and +1.
 * @example modifierOdds()[-1] // 1/3
 */
export function modifierOdds(): Distribution {
  return mapDistribution(dieDistribution(6), modifierForFace)
}
