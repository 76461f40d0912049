/** The meta-currency ledger: earn, spend (never past the balance), corrections, balances derived from entries. */
export { type LedgerHolder, ledgerHolder, standingLedger } from './holder'
export { balanceOf, correctEntry, earn, ledgerBalances, listLedger, spend, writeLedgerEntry } from './ledger'
export { holderEntries, keptSums } from './queries'
export { giveReason, undoReasonGiven, REASON_GIVEN } from './reason'
