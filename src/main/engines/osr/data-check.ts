/**
 * Checks for built-in and GM-edited content (light sources, spells) read from JSON: every problem
 * is collected with where it was found, so a broken file is explained in one go.
 */

/**
 * A JSON object (not an array, not null).
 * @example isRecord([]) // false
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== ''
export const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1
export const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0

/**
 * A test for one of the listed values.
 * @example isOneOf(['arcane', 'divine'])('psionic') // false
 */
export function isOneOf<T extends string>(values: readonly T[]): (v: unknown) => v is T {
  return (v: unknown): v is T => typeof v === 'string' && (values as readonly string[]).includes(v)
}

/**
 * Reads `record[key]`, noting a problem (and returning undefined) when it fails `test`.
 * @example readField(problems, 'candle', { radiusFt: -1 }, 'radiusFt', isAmount, 'a number above 0')
 */
export function readField<T>(
  problems: string[],
  where: string,
  record: Record<string, unknown>,
  key: string,
  test: (v: unknown) => v is T,
  expected: string,
): T | undefined {
  const value = record[key]
  if (test(value)) return value
  problems.push(`${where}: "${key}" must be ${expected}; found ${value === undefined ? 'nothing' : JSON.stringify(value)}.`)
  return undefined
}

/**
 * Throws every problem at once, or returns the value when there are none.
 * @example unlessProblems('The spells', [], spells) // spells
 */
export function unlessProblems<T>(what: string, problems: string[], value: T): T {
  if (problems.length > 0) throw new Error(`${what} cannot be used:\n- ${problems.join('\n- ')}`)
  return value
}
