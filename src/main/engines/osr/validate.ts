/**
 * Plain-words guards for the numbers a GM types in. Every engine function checks its input with
 * these, so a wrong value is refused with a message naming what was wrong instead of giving a
 * silently wrong result.
 */

/**
 * Throws unless `value` is a whole number (optionally within `min`..`max`).
 * @example requireWhole('The level', 0, { min: 1 }) // throws "The level must be at least 1; got 0."
 */
export function requireWhole(what: string, value: number, range: { min?: number; max?: number } = {}): void {
  if (!Number.isInteger(value)) {
    throw new RangeError(`${what} must be a whole number; got ${value}.`)
  }
  if (range.min !== undefined && value < range.min) {
    throw new RangeError(`${what} must be at least ${range.min}; got ${value}.`)
  }
  if (range.max !== undefined && value > range.max) {
    throw new RangeError(`${what} must be at most ${range.max}; got ${value}.`)
  }
}

/**
 * Throws unless `value` is a finite number of at least `min` (fractions allowed: loads, distances).
 * @example requireAmount('The load', -5) // throws "The load must be a number of at least 0; got -5."
 */
export function requireAmount(what: string, value: number, min = 0): void {
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(`${what} must be a number of at least ${min}; got ${value}.`)
  }
}

/**
 * The error for a value that is not one of the game's named choices (a weapon class, a place …).
 * @example throw notOneOf('a weapon class', 'halberd', WEAPON_CLASSES)
 */
export function notOneOf(what: string, value: unknown, choices: readonly string[]): RangeError {
  return new RangeError(`"${String(value)}" is not ${what}; use one of ${choices.join(', ')}.`)
}
