/**
 * A challenger's numbers (CH-1): rating, pool, bonus, reserves, resistance, and the checks that
 * refuse numbers the rules cannot use.
 */

/** A challenger as the GM sets it up (CH-1). `pool` defaults to `rating`; the others to 0. */
export interface Side {
  rating: number
  pool?: number
  bonus?: number
  reserves?: number
  resistance?: number
}

/** A challenger's numbers during a challenge. */
export interface SideState {
  pool: number
  bonus: number
  reserves: number
  resistance: number
}

function wholeProblem(what: string, value: unknown, min: number | null): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${what} must be a whole number; got ${String(value)}.`
  if (min !== null && value < min) return `${what} cannot be below ${min}; got ${value}.`
  return null
}

/**
 * Every problem with a side's set-up, in plain words; empty when it can be used. A pool may start
 * at 0 or below (a challenge carried over from one that went badly), a rating may not.
 * @example sideProblems({ rating: -2 }, 'Akane') // ['Akane: the rating cannot be below 0; got -2.']
 */
export function sideProblems(side: Side, name: string): string[] {
  const checks = [
    wholeProblem('the rating', side.rating, 0),
    side.pool === undefined ? null : wholeProblem('the pool', side.pool, null),
    side.bonus === undefined ? null : wholeProblem('the bonus', side.bonus, 0),
    side.reserves === undefined ? null : wholeProblem('the reserves', side.reserves, 0),
    side.resistance === undefined ? null : wholeProblem('the resistance', side.resistance, 0),
  ]
  return checks.filter((p): p is string => p !== null).map((p) => `${name}: ${p}`)
}

/**
 * Every problem with a side's numbers in the middle of a challenge.
 * @example sideStateProblems({ pool: 3, bonus: -1, reserves: 0, resistance: 0 }, 'a') // ['a: the bonus cannot be below 0; got -1.']
 */
export function sideStateProblems(state: SideState, name: string): string[] {
  return sideProblems({ rating: 0, ...state }, name)
}

/**
 * The numbers a side starts a challenge with (CH-1): its pool starts at its rating.
 * @example startingNumbers({ rating: 7, reserves: 6 }) // { pool: 7, bonus: 0, reserves: 6, resistance: 0 }
 */
export function startingNumbers(side: Side): SideState {
  return {
    pool: side.pool ?? side.rating,
    bonus: side.bonus ?? 0,
    reserves: side.reserves ?? 0,
    resistance: side.resistance ?? 0,
  }
}

/**
 * Throws one RangeError naming every problem, for the functions whose shape has no room for a refusal.
 * @example refuseProblems(sideProblems(side, 'a')) // throws only if there is a problem
 */
export function refuseProblems(problems: readonly string[]): void {
  if (problems.length > 0) throw new RangeError(problems.join(' '))
}
