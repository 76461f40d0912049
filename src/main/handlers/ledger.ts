import type { LedgerMethod } from '../../shared/api/ledger.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { correctEntry, earn, giveReason, ledgerBalances, listLedger, spend } from '../services/ledger'

export function ledgerHandlers(deps: ServiceDeps): ModuleHandlers<LedgerMethod> {
  return {
    'ledger.list': (i) => listLedger(deps.db, i),
    'ledger.balances': (i) => ledgerBalances(deps.db, i),
    'ledger.earn': (i) => earn(deps, i),
    'ledger.spend': (i) => spend(deps, i),
    'ledger.correct': (i) => correctEntry(deps, i),
    'ledger.giveReason': (i) => giveReason(deps, i),
  }
}
