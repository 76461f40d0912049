/**
 * The shape of a Challenge System sheet as it is stored: abilities with rating, bonus, reserves and
 * resistance (CH-1), and the reductions the character carries from lost challenges (CH-10).
 */
import { z } from 'zod'
import { REDUCTION_QUANTITIES } from '../../sheet-words'
import { line, list, oneOf, whole } from './fields'

export const ChallengeAbility = z.object({
  name: line(100),
  rating: whole(0, 1000),
  bonus: whole(0, 1000).default(0),
  reserves: whole(0, 1000).default(0),
  resistance: whole(0, 1000).default(0),
})
export type ChallengeAbility = z.infer<typeof ChallengeAbility>

export const ChallengeReduction = z.object({
  /** One ability, or every ability ("overall"). */
  scope: oneOf(['ability', 'overall'] as const, 'CH-10'),
  /** The ability reduced; empty for an overall reduction. */
  ability: line(100).default(''),
  from: oneOf(REDUCTION_QUANTITIES, 'CH-10'),
  points: whole(1, 1000),
  note: line(300).default(''),
})
export type ChallengeReduction = z.infer<typeof ChallengeReduction>

export const ChallengeSheet = z.object({
  abilities: list(ChallengeAbility, 60).default([]),
  reductions: list(ChallengeReduction, 60).default([]),
})
export type ChallengeSheet = z.infer<typeof ChallengeSheet>
