/**
 * A challenger inside a running challenge: its numbers now, and what the rules need to remember
 * about how they came to be (conversions, a carried bonus, its start, a horde's members).
 */
import { hordeGroupBonus, hordeNumbers, hordeProblems, type HordeSetup, type HordeState } from './horde'
import { rollNumberAt, type ChallengeDiceRoll, type Randomness } from './randomness'
import { sideProblems, startingNumbers, type Side, type SideState } from './side'

/** A challenger as the GM sets it up for the step-by-step engine. */
export interface ChallengerSetup extends Side {
  name?: string
  /** A bonus for the first round only: from a preparatory challenge or a change of abilities (CH-5). */
  firstRoundBonus?: number
  /** Set to fight a horde of identical goons as one opponent (CH-9); the numbers above are one member's. */
  horde?: HordeSetup
}

/** Pool points turned into other quantities this round (CH-7), as the quantities they became. */
export interface Conversions {
  bonus: number
  /** Converted reserves not yet spent on losses. */
  reserves: number
  resistance: number
}

/** A challenger in a running challenge. */
export interface Challenger {
  name: string
  rating: number
  /** The ability's own bonus, reserves and resistance (a horde's: one member's). */
  ability: { bonus: number; reserves: number; resistance: number }
  /** The numbers in effect now, conversions and carried bonus included. */
  numbers: SideState
  startingPool: number
  /** The deepest the pool has gone (CH-10). */
  lowestPool: number
  /** The side's own reserves at the start, as rolled if reserves are random (CH-11). */
  startingReserves: number
  converted: Conversions
  /** CH-5 bonus waiting for the next round, and the one in effect this round. */
  carriedBonus: number
  roundBonus: number
  horde?: HordeState
}

/** The bonus the ability itself gives now: a horde's shrinks as members fall (CH-9). */
function abilityBonus(ch: Challenger): number {
  return ch.horde ? ch.horde.memberBonus + hordeGroupBonus(ch.rating, ch.horde.standing) : ch.ability.bonus
}

/**
 * Recomputes bonus and resistance from their parts; pool and reserves are kept as they are.
 * @example withCurrentNumbers({ ...ch, roundBonus: 2 }).numbers.bonus // ability bonus + 2
 */
export function withCurrentNumbers(ch: Challenger): Challenger {
  return {
    ...ch,
    numbers: {
      ...ch.numbers,
      bonus: abilityBonus(ch) + ch.roundBonus + ch.converted.bonus,
      resistance: ch.ability.resistance + ch.converted.resistance,
    },
  }
}

/**
 * Every problem with a challenger's set-up.
 * @example challengerProblems({ rating: 3, firstRoundBonus: -1 }, 'Diana') // ['Diana: the first-round bonus …']
 */
export function challengerProblems(setup: ChallengerSetup, name: string): string[] {
  const problems = sideProblems(setup, name)
  const carried = setup.firstRoundBonus
  if (carried !== undefined && !(Number.isInteger(carried) && carried >= 0)) {
    problems.push(`${name}: the first-round bonus must be a whole number, 0 or more; got ${String(carried)}.`)
  }
  if (setup.horde) problems.push(...hordeProblems(setup.horde, name))
  return problems
}

/**
 * A challenger at the start of a challenge (CH-1). With dice at "pools" the pool is rolled; with
 * dice at "modifiers" the reserves are rolled, once (CH-11); the faces go to `log`.
 * @example createChallenger({ rating: 7, reserves: 6 }, 'Cecilie', undefined, []).numbers // { pool: 7, bonus: 0, reserves: 6, resistance: 0 }
 */
export function createChallenger(setup: ChallengerSetup, name: string, randomness: Randomness | undefined, log: ChallengeDiceRoll[]): Challenger {
  const group = setup.horde ? hordeNumbers(setup, setup.horde.members) : undefined
  const given = startingNumbers(group ? { ...group, pool: setup.pool } : setup)
  const pool = rollNumberAt(randomness, 'pools', 'pool', name, given.pool, log)
  const reserves = rollNumberAt(randomness, 'modifiers', 'reserves', name, given.reserves, log)
  const ch: Challenger = {
    name,
    rating: setup.rating,
    ability: { bonus: setup.bonus ?? 0, reserves: setup.reserves ?? 0, resistance: setup.resistance ?? 0 },
    numbers: { ...given, pool, reserves },
    startingPool: pool,
    lowestPool: pool,
    startingReserves: reserves,
    converted: { bonus: 0, reserves: 0, resistance: 0 },
    carriedBonus: setup.firstRoundBonus ?? 0,
    roundBonus: 0,
  }
  if (setup.horde && group) {
    ch.horde = {
      members: setup.horde.members,
      standing: setup.horde.members,
      memberBonus: setup.bonus ?? 0,
      memberReserves: setup.reserves ?? 0,
      extraReserves: group.extraReserves,
    }
  }
  return withCurrentNumbers(ch)
}

/**
 * The challenger's own reserves (not converted ones) lost so far: losses spend its own first, so
 * converted reserves are the ones left to turn back (CH-7).
 * @example ownReservesLost(ch) // 8 once the Seven Deaths' extra reserves are gone
 */
export function ownReservesLost(ch: Challenger): number {
  return ch.startingReserves - (ch.numbers.reserves - ch.converted.reserves)
}
