/** What every system's sheet module provides: its stored shape, its rules problems, its derived values. */
import type { z } from 'zod'
import type { CharacterKind, CharacterStatus, DerivedFact } from '../../../../shared/contract'

/** What the rules of a sheet may need beyond the sheet itself. */
export interface SheetContext {
  kind: CharacterKind
  status: CharacterStatus
  /** Ranks: the campaign's ability list (RK-1). */
  abilities: readonly string[]
  /** The character's ledger balances by currency (absent for a sheet not yet saved). */
  balances: Readonly<Record<string, number>>
  /** Old-school core: the XP at which levels 2, 3 … begin (OSR-6); the seed's guide when absent. */
  levelThresholds?: readonly number[]
}

export interface SheetRules<S> {
  /** The stored shape (shared with the screens); a value outside it is refused, naming the field. */
  shape: z.ZodType<S, unknown>
  /** Every rules problem, in plain words; empty for a complete sheet. */
  problems(sheet: S, context: SheetContext): string[]
  /** Values the rules derive from the sheet, for the GM to read at a glance. */
  facts(sheet: S, context: SheetContext): DerivedFact[]
}

/**
 * Names given twice in a list (ignoring case and spaces around), for a "named twice" problem.
 * @example namedTwice(['Strength', 'strength ', 'Wits']) // ['Strength']
 */
export function namedTwice(names: readonly string[]): string[] {
  const seen = new Map<string, string>()
  const twice = new Set<string>()
  for (const n of names) {
    const key = n.trim().toLowerCase()
    if (key === '') continue
    if (seen.has(key)) twice.add(seen.get(key)!)
    else seen.set(key, n.trim())
  }
  return [...twice]
}
