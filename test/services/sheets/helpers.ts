/** Checks a sheet as the services do, for a PC in good standing with no ledger yet. */
import { checkSheet, type SheetContext } from '../../../src/main/services/characters/sheets'
import type { SystemId } from '../../../src/shared/contract'

export function check(system: SystemId, sheet: unknown, context: Partial<SheetContext> = {}) {
  return checkSheet(system, sheet, { kind: 'pc', status: 'active', abilities: [], balances: {}, ...context })
}
