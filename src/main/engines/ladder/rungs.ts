/**
 * The rungs of The Ladder and the two ladders built from them (LAD-1, LAD-3).
 */

/** LAD-1: rungs, low to high. The standard ladder ends at `superb`; the extended one at `improbable`. */
export const RUNGS = ['terrible', 'poor', 'good', 'expert', 'superb', 'unprecedented', 'improbable'] as const
export type Rung = (typeof RUNGS)[number]

/** LAD-5: a wonky ladder leans one way: `good` steps up on 5 or 6, `bad` steps down on 1 or 2. */
export type Wonky = 'good' | 'bad'

/** Each rung's position, `terrible` = 0; anything else is not a rung. */
const RUNG_INDEX = new Map<unknown, number>(RUNGS.map((r, i) => [r, i]))

/** The two sides of a two-sided conflict. */
export type Side = 'a' | 'b'

/** How the seed writes each rung, for messages and the log. */
export const RUNG_LABELS: Record<Rung, string> = {
  terrible: 'Terrible!',
  poor: 'Poor/Fail',
  good: 'Good',
  expert: 'Expert',
  superb: 'Superb!',
  unprecedented: 'Unprecedented!',
  improbable: 'Improbable!',
}

/**
 * The highest rung of the ladder in use (LAD-1, LAD-3).
 * @example topRung() // 'superb'; topRung(true) // 'improbable'
 */
export function topRung(extended = false): Rung {
  return extended ? 'improbable' : 'superb'
}

/**
 * Position of a rung on the ladder, `terrible` = 0.
 * @example rungIndex('good') // 2
 */
export function rungIndex(rung: Rung): number {
  return RUNG_INDEX.get(rung) ?? -1
}


/**
 * The rung at a position, clamped to the ladder in use (LAD-3).
 * @example rungAt(9, false) // 'superb'
 */
export function rungAt(index: number, extended = false): Rung {
  const top = rungIndex(topRung(extended))
  return RUNGS[Math.max(0, Math.min(top, index))] as Rung
}

/**
 * Moves a rung up (positive) or down (negative), never off the ladder in use (LAD-3).
 * @example stepRung('expert', 2) // 'superb' on the standard ladder
 */
export function stepRung(rung: Rung, steps: number, extended = false): Rung {
  return rungAt(rungIndex(rung) + steps, extended)
}

function extremeRung(rungs: readonly Rung[], sign: 1 | -1): Rung {
  if (rungs.length === 0) throw new RangeError('There is no best or worst of no rungs: give at least one.')
  return rungs.reduce((pick, r) => (sign * (rungIndex(r) - rungIndex(pick)) > 0 ? r : pick))
}

/**
 * The lowest of some rungs: combined assets roll against it (LAD-26).
 * @example lowestRung(['expert', 'good']) // 'good'
 */
export function lowestRung(rungs: readonly Rung[]): Rung {
  return extremeRung(rungs, -1)
}

/**
 * The highest of some rungs: a team scores with its best result (LAD-10).
 * @example highestRung(['poor', 'expert', 'good']) // 'expert'
 */
export function highestRung(rungs: readonly Rung[]): Rung {
  return extremeRung(rungs, 1)
}

/**
 * Checks that a value is a rung on the ladder in use, and says plainly what is wrong if not.
 * @example requireRung('expert', 'The difficulty') // 'expert'
 */
export function requireRung(value: unknown, what: string, extended = false): Rung {
  const at = RUNG_INDEX.get(value)
  if (at === undefined) {
    throw new RangeError(`${what} must be one of the rungs ${RUNGS.join(', ')}; got ${JSON.stringify(value)}.`)
  }
  const rung = value as Rung
  if (at > rungIndex(topRung(extended))) {
    throw new RangeError(
      `${what} "${rung}" is only on the extended ladder (Ladder Magic, The Superhero); the standard ladder ends at superb.`,
    )
  }
  return rung
}

const STANDARD_ASSETS: readonly Rung[] = ['poor', 'good', 'expert']
const EXTENDED_ASSETS: readonly Rung[] = [...STANDARD_ASSETS, 'superb', 'unprecedented']

/**
 * LAD-1: what an asset may be rated on each ladder.
 * @example assetRungs() // ['poor', 'good', 'expert']
 */
export function assetRungs(extended = false): readonly Rung[] {
  return extended ? EXTENDED_ASSETS : STANDARD_ASSETS
}

/**
 * Checks an asset's rating (LAD-1): `poor` (no matching asset), `good`, `expert`; `superb` and `unprecedented`
 * only on the extended ladder.
 * @example requireAsset('good') // 'good'
 */
export function requireAsset(value: unknown, extended = false): Rung {
  const rung = requireRung(value, 'An asset', true)
  if (!assetRungs(extended).includes(rung)) {
    const allowed = assetRungs(extended).join(', ')
    const hint = extended ? '' : ' (superb and unprecedented assets need the extended ladder: set extended)'
    throw new RangeError(`An asset is rated ${allowed}${hint}; got "${rung}". A task with no matching asset is rolled at poor.`)
  }
  return rung
}

/**
 * Checks a wonky ladder setting (LAD-5).
 * @example requireWonky(undefined) // undefined
 */
export function requireWonky(value: unknown): Wonky | undefined {
  if (value === undefined || value === 'good' || value === 'bad') return value
  throw new RangeError(`A wonky ladder is "good" or "bad" (or none); got ${JSON.stringify(value)}.`)
}
