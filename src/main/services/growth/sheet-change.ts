/**
 * A character growing between sessions (a level, an asset bought, a spell learnt) is an action like
 * any other: its change to the sheet is written with its log entry, which keeps the sheet before and
 * after, so that undo puts the sheet back exactly, and refuses, in words, when it has been changed
 * since (on the character's page, or by a later action already undone).
 */
import { type Tx, AppError, appendLog, recordChanged } from '../core'
import type { LogEntry } from '../../../shared/contract'

export interface SheetChange {
  campaignId: number
  characterId: number
  /** The character's name, for the log's sentence and the players' gate (a PC's growth is the table's). */
  name: string
  before: Record<string, unknown>
  after: Record<string, unknown>
  /** The entry's kind: `growth.<system>.<what>`. */
  kind: `growth.${string}`
  /** The sentence the log, the recaps and the History panel tell. */
  text: string
  /** What else the entry says (the rule, the dice's outcome, the cost). */
  payload?: Record<string, unknown>
  dice?: Parameters<typeof appendLog>[1]['dice']
}

/**
 * Writes the new sheet and its entry, in the caller's unit of work.
 * @example await changeSheet(tx, { campaignId: 1, characterId: 4, name: 'Tai', before, after, kind: 'growth.ladder.asset', text: 'Tai bought “Lockpicking” (Good) for 2 Plot Points (LAD-23).' })
 */
export async function changeSheet(tx: Tx, c: SheetChange): Promise<LogEntry> {
  await tx.trx.updateTable('character').set({ sheet: JSON.stringify(c.after), updated_at: tx.realTime }).where('id', '=', c.characterId).execute()
  return recordChanged(
    tx,
    { campaignId: c.campaignId, kind: 'character', id: c.characterId, change: 'updated', characterId: c.characterId },
    // Growth between sessions belongs to no session, even while one is being played.
    { kind: c.kind, sessionId: null, payload: { ...(c.payload ?? {}), characterId: c.characterId, name: c.name, text: c.text, sheet: { before: c.before, after: c.after } }, ...(c.dice ? { dice: c.dice } : {}) },
  )
}

/**
 * Takes back a growth entry's change to a sheet (undo); null for an entry that changed no sheet.
 * @example await undoSheetChange(tx, entry) // true: the sheet is as it was
 */
export async function undoSheetChange(tx: Tx, entry: LogEntry): Promise<true | null> {
  const sheet = entry.payload.sheet as { before?: unknown; after?: unknown } | undefined
  if (!entry.kind.startsWith('growth.') || !sheet || sheet.before === undefined) return null
  const id = Number(entry.payload.characterId)
  const row = await tx.trx.selectFrom('character').select('sheet').where('id', '=', id).where('campaign_id', '=', entry.campaignId).executeTakeFirst()
  if (!row || JSON.stringify(JSON.parse(row.sheet)) !== JSON.stringify(sheet.after)) {
    throw new AppError('conflict', `“${String(entry.payload.text).replace(/\.$/, '')}” cannot be undone: ${String(entry.payload.name)}’s sheet has been changed since. Nothing was undone.`, [
      { field: 'campaignId', problem: 'the sheet has been changed since' },
    ])
  }
  await tx.trx.updateTable('character').set({ sheet: JSON.stringify(sheet.before), updated_at: tx.realTime }).where('id', '=', id).execute()
  tx.emitAfterCommit('record.changed', { campaignId: entry.campaignId, kind: 'character', id, change: 'updated', characterId: id })
  return true
}
