/**
 * The seven character options of the assumed setting (OSR-4) and what each does at the table.
 */
import type { Dice } from '../../dice'
import { rollDie, oneDieDistribution } from '../dice-expression'
import type { Distribution } from '../distribution'

/** OSR-4 a) … g), in the seed's order. */
export const OPTIONS = [
  'great vigour',
  'arcane knowledge',
  'divine audience',
  'deft touch',
  'heightened awareness',
  'high tolerance',
  'monstrous form',
] as const
export type OptionName = (typeof OPTIONS)[number]

/** OSR-4: a), d), f) and g) may be taken twice; the others once. */
export const OPTIONS_TAKEN_TWICE: readonly OptionName[] = ['great vigour', 'deft touch', 'high tolerance', 'monstrous form']

/** What a character did that deft touch or heightened awareness helps (OSR-4 d, e). */
export type AidedActivity = 'moving with care' | 'moving in silence' | 'moving unseen' | 'working a mechanism' | 'finding something hidden'

const DEFT_TOUCH_ACTIVITIES: readonly AidedActivity[] = ['moving with care', 'moving in silence', 'moving unseen', 'working a mechanism']

/**
 * How many times a character took an option.
 * @example timesTaken(['great vigour', 'great vigour'], 'great vigour') // 2
 */
export function timesTaken(options: readonly OptionName[], option: OptionName): number {
  return options.filter((o) => o === option).length
}

/**
 * Rolls how many options the GM allows at creation: 1d3, rolled on a d6 (OSR-4, DICE-1).
 * @example rollOptionAllowance(scriptedDice([4])) // { allowance: 2, faces: [4] }
 */
export function rollOptionAllowance(dice: Dice): { allowance: number; faces: number[] } {
  const { face, value } = rollDie(dice, 3)
  return { allowance: value, faces: [face] }
}

/**
 * Exact odds of the option allowance: a third each for 1, 2 and 3.
 * @example optionAllowanceOdds()[2] // 1/3
 */
export function optionAllowanceOdds(): Distribution {
  return oneDieDistribution(3)
}

/**
 * Every problem with a choice of options (OSR-4): unknown names, more than the allowance,
 * an option taken more often than it may be.
 * @example optionProblems(['arcane knowledge', 'arcane knowledge'], 2) // ['arcane knowledge may be taken only once; it was taken 2 times.']
 */
export function optionProblems(options: readonly string[], allowance: number): string[] {
  const problems: string[] = []
  if (options.length > allowance) {
    problems.push(`The GM allowed ${allowance} option(s) but ${options.length} were chosen.`)
  }
  const known = new Set<string>(OPTIONS)
  for (const name of new Set(options)) {
    if (!known.has(name)) {
      problems.push(`"${name}" is not one of the options: ${OPTIONS.join(', ')}.`)
      continue
    }
    const count = options.filter((o) => o === name).length
    const limit = OPTIONS_TAKEN_TWICE.includes(name as OptionName) ? 2 : 1
    if (count > limit) {
      problems.push(`${name} may be taken ${limit === 1 ? 'only once' : 'at most twice'}; it was taken ${count} times.`)
    }
  }
  return problems
}

/**
 * The bonus options give to a check for an activity (OSR-4): deft touch +1 per time taken to
 * moving with care, in silence or unseen and to mechanisms; heightened awareness +1 to finding
 * hidden things.
 * @example optionBonus(['deft touch'], 'moving in silence') // 1
 */
export function optionBonus(options: readonly OptionName[], activity: AidedActivity): number {
  if (activity === 'finding something hidden') return timesTaken(options, 'heightened awareness')
  return DEFT_TOUCH_ACTIVITIES.includes(activity) ? timesTaken(options, 'deft touch') : 0
}

/**
 * Heightened awareness lets a character see in the dark (OSR-4 e), so darkness does not cost
 * them −5 (OSR-8).
 * @example seesInTheDark(['heightened awareness']) // true
 */
export function seesInTheDark(options: readonly OptionName[]): boolean {
  return options.includes('heightened awareness')
}
