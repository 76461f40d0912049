/**
 * Risk and caution (CH-7): at the start of a round a side converts pool points into bonus,
 * reserves or resistance, after last round's conversions come back.
 */
import { atMostHalf } from './rounding'
import { withCurrentNumbers, type Challenger } from './challenger'

/** CH-7 rates: pool points per unit of each quantity. */
export const CONVERSION_RATES = {
  /** 1 pool point → 2 bonus. */
  bonusPerPoint: 2,
  /** 1 pool point → 3 reserves. */
  reservesPerPoint: 3,
  /** 2 pool points → 1 resistance. */
  pointsPerResistance: 2,
} as const

/** What a side chooses at the start of a round, in pool points. */
export interface ConversionChoice {
  /** Pool points to take back from last round's unspent converted reserves, 3 reserves each. */
  turnBack?: number
  /** Pool points to convert: to bonus (1 → 2), to reserves (1 → 3), to resistance (2 → 1, so even). */
  toBonus?: number
  toReserves?: number
  toResistance?: number
}

/** What the start of a round did to a side's numbers, for the log. */
export interface ConversionReport {
  side: string
  /** Automatic reversal (CH-7): last round's converted bonus and resistance back as pool points. */
  bonusBack: number
  resistanceBack: number
  /** Converted reserves turned back, and the pool points they gave. */
  reservesTurnedBack: number
  poolFromReserves: number
  /** Pool points spent this round and what they became. */
  poolSpent: number
  bonusGained: number
  reservesGained: number
  resistanceGained: number
}

/**
 * Converts last round's conversions back (CH-7): bonus 2 → 1 pool point and resistance 1 → 2,
 * automatically; converted reserves still unspent stay unless the side turns them back.
 * @example revertConversions(gene).challenger.numbers.pool // 2 + 4/2 = 4 after Gené's 4 bonus
 */
export function revertConversions(ch: Challenger): { challenger: Challenger; bonusBack: number; resistanceBack: number } {
  const bonusBack = ch.converted.bonus / CONVERSION_RATES.bonusPerPoint
  const resistanceBack = ch.converted.resistance * CONVERSION_RATES.pointsPerResistance
  const challenger = withCurrentNumbers({
    ...ch,
    numbers: { ...ch.numbers, pool: ch.numbers.pool + bonusBack + resistanceBack },
    converted: { ...ch.converted, bonus: 0, resistance: 0 },
  })
  return { challenger, bonusBack, resistanceBack }
}

/**
 * The most pool points a side may convert now (CH-7): at most half its pool, rounded down; a pool
 * of exactly 1 may convert its 1.
 * @example conversionLimit(4) // 2
 */
export function conversionLimit(pool: number): number {
  return pool === 1 ? 1 : Math.max(0, atMostHalf(pool))
}

function countProblem(what: string, value: number | undefined): string | null {
  if (value === undefined) return null
  return Number.isInteger(value) && value >= 0 ? null : `${what} must be a whole number of pool points, 0 or more; got ${String(value)}.`
}

/**
 * Every reason a side cannot make this choice, in plain words (CH-7); empty when it can.
 * `ch` is the side after the automatic reversal.
 * @example conversionProblems(gene, { toBonus: 3 }) // ['Gené can convert at most 2 of her 4 pool points …']
 */
export function conversionProblems(ch: Challenger, choice: ConversionChoice): string[] {
  const problems = [
    countProblem(`${ch.name}: turning back`, choice.turnBack),
    countProblem(`${ch.name}: converting to bonus`, choice.toBonus),
    countProblem(`${ch.name}: converting to reserves`, choice.toReserves),
    countProblem(`${ch.name}: converting to resistance`, choice.toResistance),
  ].filter((p): p is string => p !== null)
  if (problems.length > 0) return problems
  const turnBack = choice.turnBack ?? 0
  const unspent = ch.converted.reserves
  if (turnBack * CONVERSION_RATES.reservesPerPoint > unspent) {
    problems.push(
      `${ch.name} cannot turn back ${turnBack} pool point(s): that needs ${turnBack * CONVERSION_RATES.reservesPerPoint} converted reserves, and only ${unspent} converted last round are left.`,
    )
  }
  const toResistance = choice.toResistance ?? 0
  if (toResistance % CONVERSION_RATES.pointsPerResistance !== 0) {
    problems.push(`${ch.name}: resistance costs 2 pool points each, so ${toResistance} pool points cannot all become resistance; give an even number.`)
  }
  const spend = (choice.toBonus ?? 0) + (choice.toReserves ?? 0) + toResistance
  const pool = ch.numbers.pool + turnBack
  const limit = conversionLimit(pool)
  if (spend > limit) {
    problems.push(
      `${ch.name} cannot convert ${spend} pool points: at most half the pool (rounded down) may be converted, and with ${pool} in the pool that is ${limit}.`,
    )
  }
  return problems
}

/**
 * Applies a side's start-of-round choice after the automatic reversal (CH-7): turn converted
 * reserves back, then convert again. Returns the problems instead when the choice breaks a limit.
 * @example startOfRoundConversion(gene, { toBonus: 2 }) // pool 2, bonus 4
 */
export function startOfRoundConversion(
  ch: Challenger,
  choice: ConversionChoice = {},
): { ok: true; challenger: Challenger; report: ConversionReport } | { ok: false; problems: string[] } {
  const reverted = revertConversions(ch)
  const problems = conversionProblems(reverted.challenger, choice)
  if (problems.length > 0) return { ok: false, problems }
  const turnBack = choice.turnBack ?? 0
  const toBonus = choice.toBonus ?? 0
  const toReserves = choice.toReserves ?? 0
  const toResistance = choice.toResistance ?? 0
  const base = reverted.challenger
  const reservesTurnedBack = turnBack * CONVERSION_RATES.reservesPerPoint
  const bonusGained = toBonus * CONVERSION_RATES.bonusPerPoint
  const reservesGained = toReserves * CONVERSION_RATES.reservesPerPoint
  const resistanceGained = toResistance / CONVERSION_RATES.pointsPerResistance
  const poolSpent = toBonus + toReserves + toResistance
  const challenger = withCurrentNumbers({
    ...base,
    numbers: {
      ...base.numbers,
      pool: base.numbers.pool + turnBack - poolSpent,
      reserves: base.numbers.reserves - reservesTurnedBack + reservesGained,
    },
    converted: {
      bonus: bonusGained,
      reserves: base.converted.reserves - reservesTurnedBack + reservesGained,
      resistance: resistanceGained,
    },
  })
  return {
    ok: true,
    challenger,
    report: {
      side: ch.name,
      bonusBack: reverted.bonusBack,
      resistanceBack: reverted.resistanceBack,
      reservesTurnedBack,
      poolFromReserves: turnBack,
      poolSpent,
      bonusGained,
      reservesGained,
      resistanceGained,
    },
  }
}
