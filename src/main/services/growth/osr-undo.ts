/**
 * Undo of an old-school growth entry that changed no sheet: an XP share has nothing of its own to
 * take back (its ledger entry is reversed beside it), and gear bought or sold puts the pack's rows
 * back as they were, refused in words when the item has been changed since (used, moved, edited).
 * Levels and spells are sheet changes, undone by `undoSheetChange`.
 */
import type { LogEntry } from '../../../shared/contract'
import { type Tx, AppError, changedSince, restoreRow, rowWords, type RowChange } from '../core'

/**
 * Takes back a `growth.osr.*` entry that changed no sheet; null for any other entry.
 * @example await undoOsrGrowthEntry(tx, boughtEntry) // true: the dagger is out of the pack again
 */
export async function undoOsrGrowthEntry(tx: Tx, entry: LogEntry): Promise<true | null> {
  if (entry.kind === 'growth.osr.xp') return true
  if (entry.kind !== 'growth.osr.bought' && entry.kind !== 'growth.osr.sold') return null
  const rows = (entry.payload.rows ?? []) as RowChange<'inventory_item'>[]
  const changed = await changedSince(tx, rows)
  if (changed) {
    const what = String(entry.payload.text).replace(/\.$/, '')
    throw new AppError('conflict', `“${what}” cannot be undone: ${rowWords(changed)} has been changed since. Nothing was undone.`, [
      { field: 'campaignId', problem: 'the item has been changed since' },
    ])
  }
  for (const change of [...rows].reverse()) {
    await restoreRow(tx, change)
    const characterId = Number((change.before ?? change.after)?.character_id)
    tx.emitAfterCommit('record.changed', { campaignId: entry.campaignId, kind: 'inventory', id: change.id, change: change.before === null ? 'deleted' : change.after === null ? 'created' : 'updated', characterId })
  }
  return true
}
