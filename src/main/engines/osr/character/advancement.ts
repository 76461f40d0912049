/**
 * Experience and gaining a level (OSR-6).
 */
import type { Dice } from '../../dice'
import { strikeBonus } from '../combat/strike'
import { resistanceTarget } from '../resistance'
import { spellCapacity } from '../spells/capacity'
import { requireAmount, requireWhole } from '../validate'
import type { OsrCharacter } from './generation'
import { rollHardinessForLevel } from './hardiness'
import { timesTaken } from './options'

/**
 * Each party member's equal share of experience the party earned (OSR-6).
 * @example shareExperience({ earned: 3, partySize: 4 }) // 0.75
 */
export function shareExperience(input: { earned: number; partySize: number }): number {
  requireAmount('The experience earned', input.earned)
  requireWhole('The party size', input.partySize, { min: 1 })
  return input.earned / input.partySize
}

/**
 * The level a character's experience reaches (OSR-6). `thresholds[i]` is the experience needed for
 * level i + 2, as the GM sets them; by default (the seed's guide) experience is counted in small
 * fortunes recovered or small armies beaten — halves mix freely — and each whole one is a level.
 * @example levelForExperience({ experience: 1.5 }) // 2
 */
export function levelForExperience(input: { experience: number; thresholds?: readonly number[] }): number {
  requireAmount('The experience', input.experience)
  if (!input.thresholds) return 1 + Math.floor(input.experience)
  input.thresholds.forEach((t, i) => {
    requireAmount(`The threshold for level ${i + 2}`, t)
    if (i > 0 && t < (input.thresholds?.[i - 1] ?? 0)) throw new RangeError(`The threshold for level ${i + 2} (${t}) is below the one for level ${i + 1}.`)
  })
  return 1 + input.thresholds.filter((t) => input.experience >= t).length
}

export interface LevelUpReport {
  level: { from: number; to: number }
  /** The roll and the maximum H it adds: 1d6 + S, at least 1, + great vigour. */
  maxHGain: number
  resistance: { from: number; to: number }
  strikeBonus: { from: number; to: number }
  spellCapacity: { arcane: { from: number; to: number }; divine: { from: number; to: number } }
  faces: number[]
}

/**
 * Gains one level (OSR-6): maximum H +1d6 (+S, at least 1, + great vigour), resistance target
 * −1 (never below 2), the strike bonus recalculated, one more spell for casters. Current H rises
 * by the same gain, so a character at full stays at full.
 * @example levelUp(scriptedDice([5]), glam).character.maxH // 10 (4 + 5 + 1)
 */
export function levelUp(dice: Dice, character: OsrCharacter): { character: OsrCharacter; report: LevelUpReport } {
  requireWhole('The level', character.level, { min: 1 })
  if (character.maxH <= 0) throw new RangeError(`${character.name} is dead (maximum H 0) and cannot gain a level.`)
  const level = character.level + 1
  const { gain, faces } = rollHardinessForLevel(dice, { S: character.S, vigour: timesTaken(character.options, 'great vigour') })
  const resistance = resistanceTarget({ level, highTolerance: timesTaken(character.options, 'high tolerance') })
  const after = { ...character, level }
  const capacity = (art: 'arcane' | 'divine') => ({ from: spellCapacity(character, art), to: spellCapacity(after, art) })
  return {
    character: { ...after, maxH: character.maxH + gain, h: character.h + gain, resistance },
    report: {
      level: { from: character.level, to: level },
      maxHGain: gain,
      resistance: { from: character.resistance, to: resistance },
      strikeBonus: { from: strikeBonus(character.level), to: strikeBonus(level) },
      spellCapacity: { arcane: capacity('arcane'), divine: capacity('divine') },
      faces,
    },
  }
}
