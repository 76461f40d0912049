/**
 * Recovery times in game time (LAD-20), as milestones the clock can clear injuries at (CLK-8).
 */
import type { DamageLevel } from './damage'
import { requireDamageLevel } from './damage'
import { DAY, requireGameTime } from './game-time'

export type RecoveryMilestone =
  | { event: 'heals' | 'up and about' | 'fully recovered'; at: number }
  | { event: 'clears'; when: 'end of scene' | 'start of next session' }

export interface RecoveryInput {
  level: Exclude<DamageLevel, 'killed'>
  takenAt: number
  /** Game time medical treatment was received, if it has been. */
  treatedAt?: number
  /** Campaign option: injuries of treated characters clear at the start of the next session instead. */
  healBetweenAdventures?: boolean
}

/**
 * When an injury clears (LAD-20): Subdued at the end of the scene; a Wound in 7 days; Incapacitated, up and about
 * 7 days after treatment and fully recovered 30 days after it (nothing until treated). With the campaign option
 * "heal between adventures", a treated character's injuries clear at the start of the next session instead.
 * @example recoveryPlan({ level: 'wounded', takenAt: 0 }).milestones // [{ event: 'heals', at: 604800 }]
 */
export function recoveryPlan(input: RecoveryInput): { milestones: RecoveryMilestone[]; waitingFor?: 'treatment' } {
  const level = requireDamageLevel(input.level)
  if (level === 'killed') throw new RangeError('A killed character does not recover; there is no recovery to plan.')
  const takenAt = requireGameTime(input.takenAt, 'The time the injury was taken')
  const treatedAt = input.treatedAt === undefined ? undefined : requireGameTime(input.treatedAt, 'The time of treatment')
  if (treatedAt !== undefined && treatedAt < takenAt) {
    throw new RangeError(`Treatment at ${treatedAt} s comes before the injury at ${takenAt} s; check the times.`)
  }
  if (level === 'subdued') return { milestones: [{ event: 'clears', when: 'end of scene' }] }
  if (treatedAt !== undefined && input.healBetweenAdventures) {
    return { milestones: [{ event: 'clears', when: 'start of next session' }] }
  }
  if (level === 'wounded') return { milestones: [{ event: 'heals', at: takenAt + 7 * DAY }] }
  if (treatedAt === undefined) return { milestones: [], waitingFor: 'treatment' }
  return {
    milestones: [
      { event: 'up and about', at: treatedAt + 7 * DAY },
      { event: 'fully recovered', at: treatedAt + 30 * DAY },
    ],
  }
}
