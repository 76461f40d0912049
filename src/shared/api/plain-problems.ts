/**
 * Zod's own wording for a value a schema refuses ("Too big: expected string to have <=120
 * characters") put in the words the contracts use for theirs ("must be at most 120 characters"),
 * for every check that has no message of its own. Installed once by `api/common.ts`.
 */
import type { z } from 'zod'

const TYPES: Record<string, string> = {
  number: 'must be a number',
  int: 'must be a whole number',
  string: 'must be text',
  boolean: 'must be yes or no',
  array: 'must be a list',
  object: 'must be filled in',
  date: 'must be a date',
}

const count = (n: number | bigint): string => Number(n).toLocaleString('en')

/**
 * The problem of one issue, in plain words; undefined leaves Zod's own (a check with a message).
 * @example plainProblem({ code: 'too_big', origin: 'number', maximum: 30, inclusive: true, … }) // 'must be at most 30'
 */
export function plainProblem(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is missing'
      return TYPES[issue.expected] ?? `must be ${issue.expected}`
    case 'too_big': {
      const max = count(issue.maximum)
      if (issue.origin === 'string') return `must be at most ${max} characters`
      if (issue.origin === 'array' || issue.origin === 'set') return `may hold at most ${max}`
      return issue.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`
    }
    case 'too_small': {
      const min = count(issue.minimum)
      if (issue.origin === 'string') return Number(issue.minimum) === 1 ? 'must not be empty' : `must be at least ${min} characters`
      if (issue.origin === 'array' || issue.origin === 'set') return `needs at least ${min}`
      return issue.inclusive === false ? `must be more than ${min}` : `must be ${min} or more`
    }
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${String(issue.values[0])}` : `must be one of: ${issue.values.map(String).join(', ')}`
    case 'not_multiple_of':
      return `must be a multiple of ${count(issue.divisor as number)}`
    case 'invalid_format':
      return `is not a valid ${issue.format}`
    case 'invalid_union':
      return 'is not one of the values this field takes'
    case 'unrecognized_keys':
      return `has fields it does not take: ${issue.keys.join(', ')}`
    default:
      return undefined
  }
}
