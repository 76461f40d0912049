/**
 * Undoing the last action at the table when it was a Ladder tracker's (a start, an exchange, a
 * neutralisation, a combat round, an end), as a compensating change inside the caller's
 * transaction: the tracker goes back to the state its log entry kept. What the action also wrote
 * (injuries, timers, Plot Points) are log entries of their own, undone one by one before it.
 * Rolls (`ladder.roll…`) are facts: the table's undo marks them undone.
 */
import type { LogEntry } from '../../../shared/contract'
import { type Tx, AppError } from '../core'
import type { UndoPoint } from './conflict-store'

const TRACKER_KINDS = /^ladder\.(conflict\.(started|exchange|neutralised|ended)|combat\.round)$/

/**
 * Restores the tracker a Ladder log entry changed, and says what was undone; null for an entry that
 * is not a tracker's (the caller handles it, or refuses).
 * @example await undoLadderEntry(tx, entry) // '“Rooftop chase”, exchange 3: …'
 */
export async function undoLadderEntry(tx: Tx, entry: LogEntry): Promise<string | null> {
  if (!TRACKER_KINDS.test(entry.kind)) return null
  const p = entry.payload as { conflictId?: number; text?: string; undo?: UndoPoint }
  const what = p.text ?? entry.kind
  const row = await tx.trx.selectFrom('ladder_conflict').select(['id', 'updated_at']).where('id', '=', p.conflictId ?? -1).executeTakeFirst()
  if (!row) throw new AppError('conflict', 'That conflict is no longer there; nothing was undone.')
  if (entry.kind === 'ladder.conflict.started') {
    await tx.trx.deleteFrom('ladder_conflict').where('id', '=', row.id).execute()
    return what
  }
  if (!p.undo) throw new AppError('refused', `“${what}” kept no state to go back to; nothing was undone.`)
  await tx.trx
    .updateTable('ladder_conflict')
    .set({ state: JSON.stringify(p.undo.state), last: p.undo.last === null ? null : JSON.stringify(p.undo.last), status: p.undo.status, updated_at: tx.realTime })
    .where('id', '=', row.id)
    .execute()
  return what
}
