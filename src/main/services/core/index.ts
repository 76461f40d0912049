/**
 * What every service stands on: the unit of work (one transaction with its events after commit),
 * refusals, the campaign's dice, game time, the log, record-change announcements and the row
 * snapshots that make exact undo possible.
 */
export { type ServiceDeps, type Tx, unitOfWork } from './context'
export { type AudienceDecision, type AudienceGate, type EntryToDecide, isBookkeeping, markBookkeeping } from './audience'
export { type CampaignDice, campaignDice } from './dice'
export { AppError, notFound } from './errors'
export { EventBus } from './events'
export { currentGameTime, openSessionId } from './game-time'
export { type NewLogEntry, appendLog, appendLogs, listLog, sessionOfChange, stepEntries, toLogEntry } from './log'
export { recordChanged } from './record-changed'
export * as Rows from './row-snapshots'
export { type RowChange, type StepLogRange, RowSnapshots, changedSince, lastStepWrote, markStepLogUndone, restoreRow, rowWords } from './row-snapshots'
export { requireCampaign, touchCampaign } from './campaign-row'
export { type ActionScope, type UnitWrites, inActionScope } from './action-scope'
export { type ActionRow, markActionUndone, newestStandingAction, stepUndoGate, stepUndoable } from './actions'
export { storageError } from './storage-errors'
export { jsonArrayLength, jsonArrayValues, jsonNumber, likeNoCase, noCase } from './dialect-sql'
export { shareEvents, type Listener, type SharedState } from './shared-events'
export { type LockTarget, takeIndexLock, takeWriterLock } from './writer-lock'
export { inCall, lockTargetOf } from './change-scope'
