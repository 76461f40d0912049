/**
 * RK-6: experience from rolls, by a campaign setting. 'losses': +1 XP when the final result is Poor
 * or Terrible. 'unchanged-aspect': +1 XP when an invoked aspect left the band unchanged. Under
 * either, accepting a Terrible as the final result adds +1 XP more.
 */
import { bandOf } from './ranks'
import { resultBeforeAspect, type RankResult } from './roll'
import { capitalised } from './words'

export const EXPERIENCE_RULES = ['losses', 'unchanged-aspect'] as const
export type ExperienceRule = (typeof EXPERIENCE_RULES)[number]

/**
 * XP earned by a roll once its result is final, with the reason for each point.
 * @example experienceFor(terribleRoll, 'losses') // { xp: 2, reasons: ['a Poor or Terrible result', 'accepted a Terrible result'] }
 */
export function experienceFor(roll: RankResult, rule: ExperienceRule): { xp: number; reasons: string[] } {
  if (!EXPERIENCE_RULES.includes(rule)) {
    throw new RangeError(`'${String(rule)}' is not an experience rule; the campaign picks ${EXPERIENCE_RULES.join(' or ')}.`)
  }
  const reasons: string[] = []
  if (rule === 'losses' && (roll.result === 'poor' || roll.result === 'terrible')) {
    reasons.push(`a ${capitalised(roll.result)} result`)
  }
  if (rule === 'unchanged-aspect' && roll.aspect !== undefined && bandOf(resultBeforeAspect(roll)) === bandOf(roll.result)) {
    reasons.push('the aspect did not change the outcome')
  }
  // RK-6: learning from a mistake, added on top of any other XP.
  if (roll.result === 'terrible') reasons.push('accepted a Terrible result')
  return { xp: reasons.length, reasons }
}
