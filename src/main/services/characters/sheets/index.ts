/**
 * The sheet of each rules system: its stored shape, its rules problems and its derived values, and
 * the one check every save and every "check as you type" goes through.
 */
import type { z } from 'zod'
import type { CheckResult, SystemId } from '../../../../shared/contract'
import type { SheetOf } from '../../../../shared/api/sheets'
import { fieldLabel } from '../../../../shared/api/field-labels'
import { challengeSheet } from './challenge'
import { ladderSheet } from './ladder'
import { lodeSheet } from './lode'
import { osrSheet } from './osr'
import { ranksSheet } from './ranks'
import type { SheetContext, SheetRules } from './types'

export type { SheetContext } from './types'

export const SHEET_RULES: { [S in SystemId]: SheetRules<SheetOf[S]> } = {
  ladder: ladderSheet,
  osr: osrSheet,
  lode: lodeSheet,
  challenge: challengeSheet,
  ranks: ranksSheet,
}

/**
 * A sheet field's label as the sheet editors show it, from its path: never the key.
 * @example sheetFieldLabel('maxH') // 'Maximum H'
 * @example sheetFieldLabel('assets.1.rating') // 'Rating (asset 2)'
 */
export function sheetFieldLabel(path: string): string {
  return fieldLabel(path, 'sheet') || 'The sheet'
}

export type ParsedSheet<S extends SystemId> = { ok: true; sheet: SheetOf[S] } | { ok: false; fields: CheckResult['fields'] }

/**
 * Reads a sheet against its system's shape, filling defaults; every value that cannot be is named.
 * @example parseSheet('osr', { maxH: -1 }) // { ok: false, fields: [{ field: 'maxH', problem: 'must be at least 0' }] }
 */
export function parseSheet<S extends SystemId>(system: S, raw: unknown): ParsedSheet<S> {
  const parsed = (SHEET_RULES[system].shape as z.ZodType<SheetOf[S]>).safeParse(raw)
  if (parsed.success) return { ok: true, sheet: parsed.data }
  return { ok: false, fields: parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.'), problem: i.message })) }
}

/**
 * Checks a sheet for a system: values that cannot be (by field), rules problems and derived values.
 * @example checkSheet('ladder', sheet, { kind: 'pc', abilities: [], balances: {} }).problems
 */
export function checkSheet<S extends SystemId>(system: S, raw: unknown, context: SheetContext): CheckResult & { sheet?: SheetOf[S] } {
  const parsed = parseSheet(system, raw)
  if (!parsed.ok) {
    const problems = parsed.fields.map((f) => `${sheetFieldLabel(f.field)}: ${f.problem}.`)
    return { problems, fields: parsed.fields, facts: [] }
  }
  const rules = SHEET_RULES[system] as SheetRules<SheetOf[S]>
  return { problems: rules.problems(parsed.sheet, context), fields: [], facts: rules.facts(parsed.sheet, context), sheet: parsed.sheet }
}
