/** Game time is counted in seconds from the campaign's start (CLK-1). */
export const MINUTE = 60
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/**
 * Checks a game time and says plainly what is wrong.
 * @example requireGameTime(3600, 'Taken at') // 3600
 */
export function requireGameTime(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} is a game time in whole seconds, 0 or more; got ${value}.`)
  return value
}
