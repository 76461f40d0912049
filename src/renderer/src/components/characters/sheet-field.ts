/** Reading the check's per-field problems inside a sheet editor. */
import type { CheckResult } from '../../../../shared/contract'

export type FieldProblems = CheckResult['fields']

/** The problem with one field of the sheet (`assets.0.rating`), if any. */
export function problemAt(fields: FieldProblems, path: string): string | undefined {
  return fields.find((f) => f.field === path)?.problem
}
