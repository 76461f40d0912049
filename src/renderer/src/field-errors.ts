/** Turning a refused call into words beside the fields it names. */
import { ApiCallError } from './api'

/** "session 3 already exists" → "Session 3 already exists." */
export function sentence(problem: string): string {
  const s = problem.trim()
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}`
}

/**
 * A field's problem said with its label, for a message that does not sit right beside the field.
 * @example labelled('Amount', 'Must be 1 or more.') // 'Amount: must be 1 or more.'
 */
export function labelled(label: string, problem: string): string {
  const s = sentence(problem)
  return `${label}: ${/^[A-Z][A-Z]/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1)}`
}

/**
 * The problems of a refused call by field (`rows.2.max` …), as sentences; anything that names no
 * field of the form goes under `form` with the call's whole message.
 * @example fieldErrors(err, ['number', 'title']) // { number: 'Session 3 already exists; 4 is free.' }
 */
export function fieldErrors(err: unknown, isField: (field: string) => boolean): Record<string, string> {
  if (!(err instanceof ApiCallError)) return { form: (err as Error).message }
  const known = err.details.filter((d) => isField(d.field))
  if (known.length === 0) return { form: err.message }
  const out: Record<string, string> = {}
  for (const d of known) out[d.field] = out[d.field] ? `${out[d.field]} ${sentence(d.problem)}` : sentence(d.problem)
  return out
}
