/**
 * Exact odds (DICE-2): every face of the up and down dice (36 outcomes) and of an aspect die.
 */
import { RANKS, assertAbility, type Rank } from './ranks'
import { readRank, type RankResult } from './roll'

const FACES = [1, 2, 3, 4, 5, 6] as const

function tally(outcomes: Rank[]): Record<Rank, number> {
  const odds = Object.fromEntries(RANKS.map((r) => [r, 0])) as Record<Rank, number>
  for (const rank of outcomes) odds[rank]++
  for (const rank of RANKS) odds[rank] /= outcomes.length
  return odds
}

/**
 * RK-2: the chance of each result for an ability, over the 36 outcomes of up and down.
 * @example rankOdds({ ability: 'fair' }).legendary // 1/36
 */
export function rankOdds(input: { ability: Rank }): Record<Rank, number> {
  assertAbility(input.ability)
  return tally(FACES.flatMap((up) => FACES.map((down) => readRank(input.ability, up, down))))
}

/**
 * RK-4: the chance of each result if an aspect is invoked on this roll, over the aspect die's faces.
 * Throws if the roll already has an aspect.
 * @example aspectOdds(poorRoll).poor // 0: an aspect always lifts a Poor result at least one rank
 */
export function aspectOdds(roll: RankResult): Record<Rank, number> {
  if (roll.aspect !== undefined) throw new Error('This roll already has an aspect: only one aspect can be spent on a task.')
  assertAbility(roll.ability)
  return tally(FACES.map((aspect) => readRank(roll.ability, roll.up, roll.down, aspect)))
}

/**
 * RK-4: the chance of each result for an ability when an aspect is always invoked (216 outcomes).
 * @example rankOddsWithAspect({ ability: 'mediocre' }).terrible // chance that even the aspect leaves a Terrible
 */
export function rankOddsWithAspect(input: { ability: Rank }): Record<Rank, number> {
  assertAbility(input.ability)
  return tally(FACES.flatMap((up) => FACES.flatMap((down) => FACES.map((aspect) => readRank(input.ability, up, down, aspect)))))
}
