/**
 * Rolling maximum hardiness (OSR-2, OSR-6): one d6 per level, each + S and at least 1, plus one
 * per level for each time great vigour was taken. Harm and healing are in `../injury.ts`.
 */
import type { Dice } from '../../dice'
import { dieDistribution, mapDistribution, type Distribution } from '../distribution'
import { requireWhole } from '../validate'

/** Current and maximum hardiness (ENGINES.md). */
export interface Hardiness {
  h: number
  maxH: number
}

export interface HardinessInput {
  /** Spirit modifier, added to each roll. */
  S: number
  /** Times great vigour was taken (0, 1 or 2): +1 per level each. */
  vigour?: number
}

function checkedVigour(input: HardinessInput): number {
  const vigour = input.vigour ?? 0
  requireWhole('The spirit modifier S', input.S)
  requireWhole('The number of times great vigour was taken', vigour, { min: 0, max: 2 })
  return vigour
}

/**
 * Maximum H one level's d6 face adds (OSR-2). The face + S is at least 1 before great vigour
 * adds its +1 per time taken (our reading: vigour is a flat bonus on top of the roll).
 * @example hardinessForFace(3, { S: 1 }) // 4
 */
export function hardinessForFace(face: number, input: HardinessInput): number {
  const vigour = checkedVigour(input)
  requireWhole('A d6 face', face, { min: 1, max: 6 })
  return Math.max(1, face + input.S) + vigour
}

/**
 * Rolls the maximum H one level adds (OSR-2 at creation, OSR-6 at each level gained).
 * @example rollHardinessForLevel(scriptedDice([5]), { S: 1 }).gain // 6
 */
export function rollHardinessForLevel(dice: Dice, input: HardinessInput): { gain: number; faces: number[] } {
  checkedVigour(input)
  const face = dice.roll(6)
  return { gain: hardinessForFace(face, input), faces: [face] }
}

/**
 * Rolls maximum H for a character or creature made at `level` (one d6 per level, OSR-2).
 * @example rollMaximumHardiness(scriptedDice([3, 5]), { level: 2, S: 1 }).maxH // 10
 */
export function rollMaximumHardiness(dice: Dice, input: HardinessInput & { level: number }): { maxH: number; faces: number[] } {
  requireWhole('The level', input.level, { min: 1 })
  checkedVigour(input)
  const faces: number[] = []
  let maxH = 0
  for (let i = 0; i < input.level; i++) {
    const roll = rollHardinessForLevel(dice, input)
    faces.push(...roll.faces)
    maxH += roll.gain
  }
  return { maxH, faces }
}

/**
 * Exact odds of the maximum H one level adds (OSR-2).
 * @example hardinessForLevelOdds({ S: -1 })[1] // 2/6: faces 1 and 2 both give 1
 */
export function hardinessForLevelOdds(input: HardinessInput): Distribution {
  checkedVigour(input)
  return mapDistribution(dieDistribution(6), (face) => hardinessForFace(face, input))
}
