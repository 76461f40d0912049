/** Method names of the meta-currency ledger (no schemas: the preload imports this). */
export const LEDGER_METHODS = ['ledger.list', 'ledger.balances', 'ledger.earn', 'ledger.spend', 'ledger.correct', 'ledger.giveReason'] as const
export type LedgerMethod = (typeof LEDGER_METHODS)[number]
