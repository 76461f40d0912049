/**
 * Changing abilities mid-conflict, and preparatory challenges (CH-5): the side ahead when the old
 * challenge breaks off gets half the difference as bonus for the first round of the new one.
 */
import { withCurrentNumbers, type Challenger } from './challenger'
import { revertConversions } from './conversion'
import type { ChallengeState } from './play'
import type { Refusal } from './refusal'
import { halfOf } from './rounding'
import { sideProblems, type Side } from './side'

/**
 * The first-round bonus each side carries out of a challenge that breaks off, or that prepares
 * another (CH-5): half the difference of the pools (rounded, halves up) to the side with more.
 * @example breakOffBonus(3, -1) // { a: 2, b: 0 }: Diana's ambush
 */
export function breakOffBonus(poolA: number, poolB: number): { a: number; b: number } {
  const half = halfOf(Math.abs(poolA - poolB))
  return { a: poolA > poolB ? half : 0, b: poolB > poolA ? half : 0 }
}

/**
 * A side's pool or reserves when it changes ability (CH-5): not refreshed, but raised by how much
 * the new maximum exceeds the old one, and never above the new maximum.
 * @example carriedOver(2, 6, 7) // 3: the dragon's pool, Devour Knight 6 → Aerial Hunting 7
 * @example carriedOver(0, 4, 3) // 0: its reserves, 4 → 3
 */
export function carriedOver(current: number, oldMaximum: number, newMaximum: number): number {
  return Math.min(newMaximum, current + Math.max(0, newMaximum - oldMaximum))
}

/** What a change of abilities did to one side, for the log. */
export interface AbilityChange {
  side: string
  changed: boolean
  pool: { before: number; after: number }
  reserves: { before: number; after: number }
  firstRoundBonus: number
}

function switchTo(ch: Challenger, next: Side | undefined, bonus: number): Challenger {
  // CH-10 measures the new challenge against the pool each side starts it with.
  if (!next) return { ...ch, startingPool: ch.numbers.pool, lowestPool: ch.numbers.pool, carriedBonus: bonus, roundBonus: 0 }
  const pool = carriedOver(ch.numbers.pool, ch.rating, next.rating)
  const reserves = carriedOver(ch.numbers.reserves, ch.ability.reserves, next.reserves ?? 0)
  return withCurrentNumbers({
    ...ch,
    rating: next.rating,
    // CH-5: bonus and resistance are the new ability's own.
    ability: { bonus: next.bonus ?? 0, reserves: next.reserves ?? 0, resistance: next.resistance ?? 0 },
    numbers: { ...ch.numbers, pool, reserves },
    startingPool: pool,
    lowestPool: pool,
    converted: { ...ch.converted, reserves: Math.min(ch.converted.reserves, reserves) },
    startingReserves: reserves - Math.min(ch.converted.reserves, reserves),
    carriedBonus: bonus,
    roundBonus: 0,
  })
}

/**
 * Breaks off a one-on-one challenge and goes on with other abilities (CH-5); a side given no new
 * ability keeps its own. Conversions come back first (CH-7), then the side with more pool points
 * gets half the difference as bonus for the first round of the new challenge. Refuses when the
 * challenge is already decided, has more than two sides, or a new ability's numbers are unusable.
 * @example changeAbilities(state, { a: { rating: 3 }, b: { rating: 7, reserves: 3 } }) // Cecilie runs, the dragon gives chase
 */
export function changeAbilities(
  state: ChallengeState,
  next: { a?: Side; b?: Side },
): { ok: true; state: ChallengeState; changes: AbilityChange[] } | Refusal {
  const problems: string[] = []
  if (state.winner !== null) problems.push(`The challenge is already decided (${state.winner}); for a challenge that prepares the next one, use breakOffBonus and firstRoundBonus.`)
  if (state.sides.length !== 2) problems.push(`Abilities can be changed in a one-on-one challenge; this one has ${state.sides.length} sides.`)
  const [a, b] = state.sides
  for (const [side, ch] of [[next.a, a], [next.b, b]] as const) {
    if (!side || !ch) continue
    problems.push(...sideProblems(side, ch.name))
    if (side.pool !== undefined) problems.push(`${ch.name}: the new pool comes from the old one (CH-5); leave pool unset.`)
    if (ch.horde) problems.push(`${ch.name} is a horde; a horde keeps its ability.`)
  }
  if (problems.length > 0 || !a || !b) return { ok: false, problems }
  const backA = revertConversions(a).challenger
  const backB = revertConversions(b).challenger
  const bonus = breakOffBonus(backA.numbers.pool, backB.numbers.pool)
  const sides = [switchTo(backA, next.a, bonus.a), switchTo(backB, next.b, bonus.b)]
  const changes = sides.map((ch, i): AbilityChange => {
    const was = i === 0 ? backA : backB
    return {
      side: ch.name,
      changed: (i === 0 ? next.a : next.b) !== undefined,
      pool: { before: was.numbers.pool, after: ch.numbers.pool },
      reserves: { before: was.numbers.reserves, after: ch.numbers.reserves },
      firstRoundBonus: ch.carriedBonus,
    }
  })
  return { ok: true, state: { ...state, sides }, changes }
}
