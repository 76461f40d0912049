/**
 * Randomness, a campaign option (CH-11): a number becomes that many d6, each counting 0 on a 1,
 * 2 on a 6 and 1 otherwise, at exactly one of four places.
 */
import type { Dice } from '../dice'
import type { RoundNumber, Vary } from './round'

/** The four places dice may replace numbers (CH-11); a challenge uses at most one. */
export const RANDOM_PLACES = ['pools', 'comparison', 'losses', 'modifiers'] as const
export type RandomPlace = (typeof RANDOM_PLACES)[number]

/** A challenge's randomness: one place, and the dice. */
export interface Randomness {
  place: RandomPlace
  dice: Dice
}

/** One roll of challenge dice as the log keeps it (DICE-3). */
export interface ChallengeDiceRoll {
  place: RandomPlace
  /** The number replaced: 'pool', 'reserves', 'bonus', 'resistance', 'effective' or 'loss'. */
  what: RoundNumber | 'pool' | 'reserves'
  who: string
  /** The number, which is also how many d6 were rolled. */
  count: number
  faces: number[]
  total: number
}

/**
 * What one d6 counts for (CH-11): 0 on a 1, 2 on a 6, 1 otherwise.
 * @example challengeDieValue(6) // 2
 */
export function challengeDieValue(face: number): number {
  return face === 1 ? 0 : face === 6 ? 2 : 1
}

/**
 * Rolls `count` challenge dice (CH-11). A count of 0 or less rolls nothing and stays as it is.
 * @example rollChallengeDice(scriptedDice([3, 4, 3]), 3) // { total: 3, faces: [3, 4, 3] }
 */
export function rollChallengeDice(dice: Dice, count: number): { total: number; faces: number[] } {
  if (count <= 0) return { total: count, faces: [] }
  const faces: number[] = []
  let total = 0
  for (let i = 0; i < count; i++) {
    const face = dice.roll(6)
    faces.push(face)
    total += challengeDieValue(face)
  }
  return { total, faces }
}

const oddsCache: number[][] = [[1]]

/**
 * Exact odds of a total of `count` challenge dice (CH-11, DICE-2): `odds[k]` = P(total = k),
 * k = 0 … 2·count. Each die is 0, 1 or 2 with chances 1/6, 4/6, 1/6.
 * @example challengeDiceOdds(1) // [1/6, 4/6, 1/6]
 */
export function challengeDiceOdds(count: number): readonly number[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Challenge dice come in whole numbers, 0 or more; got ${count}.`)
  for (let n = oddsCache.length; n <= count; n++) {
    const prev = oddsCache[n - 1] as number[]
    const next = new Array<number>(2 * n + 1).fill(0)
    prev.forEach((p, k) => {
      next[k] = (next[k] ?? 0) + p / 6
      next[k + 1] = (next[k + 1] ?? 0) + (4 * p) / 6
      next[k + 2] = (next[k + 2] ?? 0) + p / 6
    })
    oddsCache.push(next)
  }
  return oddsCache[count] as number[]
}

/** The round numbers each place replaces; pools and reserves are rolled once, at the start. */
const PLACE_OF: Record<RoundNumber, RandomPlace> = {
  bonus: 'modifiers',
  resistance: 'modifiers',
  effective: 'comparison',
  loss: 'losses',
}

/**
 * Rolls challenge dice for one number and records the faces in `log` when `place` is the chosen
 * one; otherwise the number is used as it is.
 * @example rollNumberAt({ place: 'pools', dice }, 'pools', 'pool', 'Akane', 3, log) // 0 … 6, faces pushed to log
 */
export function rollNumberAt(
  randomness: Randomness | undefined,
  place: RandomPlace,
  what: ChallengeDiceRoll['what'],
  who: string,
  count: number,
  log: ChallengeDiceRoll[],
): number {
  if (randomness?.place !== place || count <= 0) return count
  const { total, faces } = rollChallengeDice(randomness.dice, count)
  log.push({ place, what, who, count, faces, total })
  return total
}

/**
 * The round's number source: dice where the chosen place replaces a number, the number elsewhere.
 * @example varyWithDice({ place: 'losses', dice }, log)('loss', 'a on b', 2) // 2 dice rolled, 0 … 4
 */
export function varyWithDice(randomness: Randomness | undefined, log: ChallengeDiceRoll[]): Vary {
  return (kind, who, n) => rollNumberAt(randomness, PLACE_OF[kind], kind, who, n, log)
}
