/** What every campaign-record service shares: announcing a change, and the log entry that goes with it. */
import type { EventPayload, LogEntry } from '../../../shared/contract'
import type { Tx } from './context'
import { appendLog, type NewLogEntry } from './log'
import { touchCampaign } from './campaign-row'

export type RecordChange = EventPayload<'record.changed'>

/**
 * Writes the change's log entry, marks the campaign as changed and announces the change once the
 * transaction commits. Call it inside the change's unit of work, after the change itself. Returns the
 * log entry, for records that link to it (a ledger entry's `log_entry_id`).
 * @example await recordChanged(tx, { campaignId, kind: 'adventure', id, change: 'created' }, { kind: 'adventure.created', payload: { title } })
 */
export async function recordChanged(
  tx: Tx,
  change: RecordChange,
  log: Omit<NewLogEntry, 'campaignId'>,
): Promise<LogEntry> {
  const logged = await appendLog(tx, { ...log, campaignId: change.campaignId })
  await touchCampaign(tx, change.campaignId)
  tx.emitAfterCommit('record.changed', change)
  return logged
}
