/**
 * The campaign between sessions: how characters grow by the rules of each system (a level, an asset
 * bought, gear bought, a spell learnt, what a session earned). Every growth is an action, undone like
 * any other (sheet-change.ts), with its ledger entries in the same transaction.
 */
export { growthOverview } from './overview'
export { changeSheet, undoSheetChange, type SheetChange } from './sheet-change'
