/**
 * Experience between sessions (OSR-6): an award shared equally by the characters present, what is
 * left over when it does not divide, and the XP total at which each level begins, as the GM sets
 * the thresholds.
 */
import { requireWhole } from './validate'

/**
 * What happens to the XP an award leaves over when it does not divide equally (OSR-6 shares it
 * equally, and the ledger holds whole XP): kept by no one, given to one the GM picks, or every
 * share rounded up (the party then gets a little more than was awarded).
 */
export const REMAINDER_RULES = ['nobody', 'one', 'everyone'] as const
export type RemainderRule = (typeof REMAINDER_RULES)[number]

export interface AwardSplit {
  /** The equal share, in whole XP, rounded down. */
  share: number
  /** What equal whole shares leave over. */
  leftOver: number
  /** Each recipient's XP, in the order given. */
  amounts: number[]
}

/**
 * Shares an award equally (OSR-6), the XP left over handled by `remainder`; `to` is the index of
 * the one who gets it under 'one'.
 * @example splitAward({ award: 7, shares: 3, remainder: 'one', to: 0 }) // { share: 2, leftOver: 1, amounts: [3, 2, 2] }
 */
export function splitAward(input: { award: number; shares: number; remainder: RemainderRule; to?: number }): AwardSplit {
  requireWhole('The award', input.award, { min: 1 })
  requireWhole('The number of shares', input.shares, { min: 1 })
  const share = Math.floor(input.award / input.shares)
  const leftOver = input.award - share * input.shares
  const amounts = Array.from({ length: input.shares }, () => share)
  if (input.remainder === 'one') {
    requireWhole('The one who gets what is left over', input.to ?? NaN, { min: 0, max: input.shares - 1 })
    amounts[input.to!] = share + leftOver
  } else if (input.remainder === 'everyone') {
    if (leftOver > 0) amounts.fill(share + 1)
  } else if (input.remainder !== 'nobody') {
    throw new RangeError(`"${String(input.remainder)}" is not a way to handle what is left over; use one of ${REMAINDER_RULES.join(', ')}.`)
  }
  return { share, leftOver, amounts }
}

/**
 * OSR-6's default thresholds, the seed's guide: a level for each small fortune recovered or small
 * army outwitted (or an equal mix of the two), counted as 1 XP each, so each XP is a level.
 */
export const DEFAULT_LEVEL_THRESHOLDS: readonly number[] = [1]

/**
 * Every problem with a list of thresholds: the XP totals at which levels 2, 3 … begin, each a whole
 * number of at least 1, each above the one before; empty when they are fine.
 * @example thresholdProblems([100, 50]) // ['Level 3 (50 XP) must take more XP than level 2 (100 XP).']
 */
export function thresholdProblems(thresholds: readonly number[]): string[] {
  if (thresholds.length === 0) return ['Give at least one threshold: the XP at which level 2 begins.']
  const problems: string[] = []
  thresholds.forEach((t, i) => {
    if (!Number.isInteger(t) || t < 1) problems.push(`Level ${i + 2} must begin at a whole number of XP, 1 or more; got ${t}.`)
    else if (i > 0 && t <= thresholds[i - 1]!) problems.push(`Level ${i + 2} (${t} XP) must take more XP than level ${i + 1} (${thresholds[i - 1]} XP).`)
  })
  return problems
}

function checked(thresholds: readonly number[]): void {
  const problems = thresholdProblems(thresholds)
  if (problems.length > 0) throw new RangeError(problems.join(' '))
}

/** OSR-6: past the last threshold each level takes the last step again (the first threshold when there is one). */
function lastStep(thresholds: readonly number[]): number {
  const n = thresholds.length
  return n === 1 ? thresholds[0]! : thresholds[n - 1]! - thresholds[n - 2]!
}

/**
 * The XP total at which a level begins (OSR-6): 0 for level 1, `thresholds[level − 2]` for the
 * levels the list names, and past its end the last step again for each further level.
 * @example experienceForLevel(5, [100, 300, 600]) // 900
 */
export function experienceForLevel(level: number, thresholds: readonly number[] = DEFAULT_LEVEL_THRESHOLDS): number {
  requireWhole('The level', level, { min: 1 })
  checked(thresholds)
  if (level === 1) return 0
  const n = thresholds.length
  if (level - 2 < n) return thresholds[level - 2]!
  return thresholds[n - 1]! + (level - 1 - n) * lastStep(thresholds)
}

/**
 * The level an XP total reaches (OSR-6).
 * @example levelReached(650, [100, 300, 600]) // 4
 */
export function levelReached(experience: number, thresholds: readonly number[] = DEFAULT_LEVEL_THRESHOLDS): number {
  if (!Number.isInteger(experience)) throw new RangeError(`The experience must be a whole number of XP; got ${experience}.`)
  checked(thresholds)
  const n = thresholds.length
  const last = thresholds[n - 1]!
  if (experience < last) return 1 + thresholds.filter((t) => experience >= t).length
  return n + 1 + Math.floor((experience - last) / lastStep(thresholds))
}
