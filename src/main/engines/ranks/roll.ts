/**
 * The roll: ability rank, up 1d6 ranks and down 1d6 ranks (RK-2), plus one aspect's +1d6 (RK-4).
 */
import type { Dice } from '../dice'
import { assertAbility, colourOf, RANKS, rankIndex, type Colour, type Rank } from './ranks'

export interface RankResult {
  ability: Rank
  up: number
  down: number
  /** The aspect die, once an aspect is invoked (RK-4). */
  aspect?: number
  result: Rank
  colour: Colour
}

const POOR = rankIndex('poor')
const SPECTACULAR = rankIndex('spectacular')

/**
 * Reads the dice. RK-2: up 1 with down 6 is always Terrible, up 6 with down 1 always Legendary;
 * otherwise below Poor is Terrible and above Spectacular is Spectacular. RK-4 Decision: the natural
 * minimum and maximum are judged on the first two dice only, so once an aspect die is added the
 * sum is read with the clamp alone.
 * @example readRank('fair', 6, 1) // 'legendary'
 * @example readRank('fair', 1, 6, 4) // 'mediocre': with an aspect die, 3 + 1 − 6 + 4 = 2
 */
export function readRank(ability: Rank, up: number, down: number, aspect?: number): Rank {
  if (aspect === undefined) {
    if (up === 1 && down === 6) return 'terrible'
    if (up === 6 && down === 1) return 'legendary'
  }
  const sum = rankIndex(ability) + up - down + (aspect ?? 0)
  if (sum < POOR) return 'terrible'
  if (sum > SPECTACULAR) return 'spectacular'
  return RANKS[sum] as Rank
}

function result(ability: Rank, up: number, down: number, aspect?: number): RankResult {
  const rank = readRank(ability, up, down, aspect)
  const base = { ability, up, down, result: rank, colour: colourOf(rank) }
  return aspect === undefined ? base : { ...base, aspect }
}

/**
 * RK-2, RK-3: rolls the up die, then the down die. Throws unless the ability is Poor to Spectacular.
 * @example rollRank(scriptedDice([2, 3]), { ability: 'good' }) // result 'fair', colour 'yellow'
 */
export function rollRank(dice: Dice, input: { ability: Rank }): RankResult {
  assertAbility(input.ability)
  const up = dice.roll(6)
  const down = dice.roll(6)
  return result(input.ability, up, down)
}

/**
 * RK-4: invoking an aspect after seeing the roll adds +1d6 ranks. Only one aspect per task: throws
 * if this roll already has one.
 * @example addAspect(scriptedDice([3]), poorRoll) // result three ranks higher, clamped
 */
export function addAspect(dice: Dice, roll: RankResult): RankResult {
  if (roll.aspect !== undefined) {
    throw new Error(`This roll already has an aspect (+${roll.aspect}): only one aspect can be spent on a task.`)
  }
  assertAbility(roll.ability)
  return result(roll.ability, roll.up, roll.down, dice.roll(6))
}

/**
 * What the first two dice said, before any aspect: the result an aspect is compared with (RK-6).
 * @example resultBeforeAspect({ ability: 'fair', up: 1, down: 6, aspect: 5, … }) // 'terrible'
 */
export function resultBeforeAspect(roll: RankResult): Rank {
  return readRank(roll.ability, roll.up, roll.down)
}
