/**
 * What a LODE roll is asked for, and the checks that keep a bad request from ever rolling.
 */
import type { Checked } from './refusal'

export interface PoolInput {
  /** Base Dice set by the GM; may be 0 or negative (LODE-1). */
  baseDice: number
  advantages?: number
  disadvantages?: number
  blessing?: number
  curse?: number
  /** Energy points spent on this roll, one die each (LODE-9, Decision). */
  energy?: number
  /** The Web, a campaign setting: 9 by default, may fall to 6 (LODE-6). */
  web?: number
}

export const DEFAULT_WEB = 9
export const LOWEST_WEB = 6

/** The counts a pool request may give, with their names as a GM reads them. */
const COUNTS: readonly (readonly [keyof PoolInput, string])[] = [
  ['advantages', 'Advantages'],
  ['disadvantages', 'Disadvantages'],
  ['blessing', 'Blessing'],
  ['curse', 'Curse'],
  ['energy', 'Energy spent'],
]

/**
 * Every problem with a pool request, in plain words, or ok.
 * @example checkPoolInput({ baseDice: 2, advantages: -1 }) // { ok: false, problems: ['Advantages must be …'] }
 */
export function checkPoolInput(input: PoolInput): Checked {
  const problems: string[] = []
  if (!Number.isInteger(input.baseDice)) {
    problems.push(`Base Dice must be a whole number (it may be 0 or negative); got ${String(input.baseDice)}.`)
  }
  for (const [key, name] of COUNTS) {
    const value = input[key]
    if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
      problems.push(`${name} must be a whole number, 0 or more; got ${String(value)}.`)
    }
  }
  const web = input.web
  if (web !== undefined && !(Number.isInteger(web) && web >= LOWEST_WEB && web <= DEFAULT_WEB)) {
    problems.push(`The Web must be a whole number from ${LOWEST_WEB} to ${DEFAULT_WEB}; got ${String(web)}.`)
  }
  return problems.length === 0 ? { ok: true } : { ok: false, problems }
}

/**
 * Throws one error naming every problem: for the functions whose shape returns a plain result.
 * @example assertPoolInput({ baseDice: 2, web: 4 }) // RangeError: … The Web must be a whole number from 6 to 9; got 4.
 */
export function assertPoolInput(input: PoolInput): void {
  const checked = checkPoolInput(input)
  if (!checked.ok) throw new RangeError(`This LODE roll cannot be made: ${checked.problems.join(' ')}`)
}

/**
 * LODE-1: dice rolled = Base Dice + advantages − disadvantages + Energy spent (LODE-9).
 * @example poolSize({ baseDice: -2, advantages: 5 }) // 3
 */
export function poolSize(input: PoolInput): number {
  return input.baseDice + (input.advantages ?? 0) - (input.disadvantages ?? 0) + (input.energy ?? 0)
}

/**
 * LODE-4: Blessing and Curse cancel level for level; positive is net Blessing, negative net Curse.
 * @example netBlessing({ baseDice: 2, blessing: 3, curse: 2 }) // 1
 */
export function netBlessing(input: PoolInput): number {
  return (input.blessing ?? 0) - (input.curse ?? 0)
}
