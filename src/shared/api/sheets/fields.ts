/** Building blocks of the sheet shapes: whole numbers with plain-words limits, trimmed text, lists. */
import { z } from 'zod'

/** A whole number within `min`..`max`, refused in plain words otherwise. */
export function whole(min: number, max: number) {
  return z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
}

/** A line of text on a sheet: trimmed, bounded; may be empty (a draft is still being written). */
export function line(max = 200) {
  return z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`)
}

/** A list with a plain-words upper bound. */
export function list<T extends z.ZodType>(item: T, max: number) {
  return z.array(item, { error: 'must be a list' }).max(max, `may hold at most ${max} entries`)
}

/** One of a fixed set of words, refused with the set spelled out. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, rule = '') {
  return z.enum(values, { error: () => `must be one of ${values.join(', ')}${rule ? ` (${rule})` : ''}` })
}
