/**
 * RK-5, optional (a campaign setting): Fair and Mediocre are borderline. On Fair the player, on
 * Mediocre the GM, picks a different ability; the roll is made again with it and replaces the old.
 */
import type { Dice } from '../dice'
import type { Rank } from './ranks'
import type { Refusable } from './refusal'
import { rollRank, type RankResult } from './roll'

/**
 * Who picks the ability for the new roll, or null when the result is not borderline.
 * @example borderlineChooser('fair') // 'player'
 */
export function borderlineChooser(result: Rank): 'player' | 'gm' | null {
  return result === 'fair' ? 'player' : result === 'mediocre' ? 'gm' : null
}

export interface BorderlineInput {
  /** The roll being replaced, and the name of the ability that made it. */
  roll: RankResult
  rolledAbility: string
  /** The different ability the chooser picked, and its rank. */
  newAbility: string
  rank: Rank
}

/**
 * Rolls again with a different ability; the new roll replaces the old.
 * @example rollBorderline(dice, { roll: fairFerocity, rolledAbility: 'Ferocity', newAbility: 'Courage', rank: 'great' })
 */
export function rollBorderline(dice: Dice, input: BorderlineInput): Refusable<{ roll: RankResult; chooser: 'player' | 'gm'; replaced: RankResult }> {
  const chooser = borderlineChooser(input.roll.result)
  if (chooser === null) {
    return { ok: false, reason: `Only a Fair or Mediocre result is borderline; this one is ${input.roll.result}.` }
  }
  if (input.newAbility.trim().toLowerCase() === input.rolledAbility.trim().toLowerCase()) {
    return { ok: false, reason: `The new roll must use a different ability from ${input.rolledAbility}, which made this one.` }
  }
  return { ok: true, roll: rollRank(dice, { ability: input.rank }), chooser, replaced: input.roll }
}
