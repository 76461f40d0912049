/**
 * A ledger entry's reason given after the change: the party column earns or spends in one click
 * (the entry says no reason was given) and the GM says why afterwards. The new words are written
 * over the entry's reason with a log entry that keeps the old words, so the change is an action
 * like any other: undo puts the old words back. The amount, the balance and the time never change.
 */
import type { LedgerEntry, LogEntry } from '../../../shared/contract'
import { unitOfWork, type ServiceDeps, type Tx, AppError, notFound, recordChanged } from '../core'
import { ledgerHolder } from './holder'
import { entryById } from './queries'

/** The log kind of a reason given or changed after the entry was made. */
export const REASON_GIVEN = 'ledger.reasoned'

async function entryLogStands(tx: Tx, logEntryId: number | null): Promise<boolean> {
  if (logEntryId === null) return true
  const row = await tx.trx.selectFrom('log_entry').select(['undone', 'audience']).where('id', '=', logEntryId).executeTakeFirst()
  return !row || (row.undone === 0 && row.audience !== 'book')
}

/**
 * Gives (or changes) the reason of a ledger entry. Refused, in words, for an entry that was undone
 * or is itself a correction, and for the same words again.
 * @example await giveReason(deps, { ledgerEntryId: 12, reason: 'bribed the gate guard' })
 */
export async function giveReason(deps: ServiceDeps, input: { ledgerEntryId: number; reason: string }): Promise<LedgerEntry> {
  return unitOfWork(deps, async (tx) => {
    const row = await tx.trx.selectFrom('ledger_entry').selectAll().where('id', '=', input.ledgerEntryId).executeTakeFirst()
    if (!row) throw notFound('ledger entry', input.ledgerEntryId)
    const refuse = (problem: string) => new AppError('refused', `${problem} Nothing was changed.`, [{ field: 'reason', problem }])
    if (!(await entryLogStands(tx, row.log_entry_id))) throw refuse('That change was undone, so it has no reason to give.')
    if (row.corrects_id !== null) throw refuse('That entry is a correction; its reason names the entry it reverses.')
    const reason = input.reason.trim()
    if (reason === row.reason) throw refuse(`The reason is already “${reason}”.`)
    const holder = await ledgerHolder(tx.trx, row.campaign_id, row.character_id)
    await tx.trx.updateTable('ledger_entry').set({ reason }).where('id', '=', row.id).execute()
    await recordChanged(
      tx,
      { campaignId: row.campaign_id, kind: 'ledger', id: row.id, change: 'updated', characterId: row.character_id },
      {
        kind: 'ledger.reasoned',
        payload: { id: row.id, characterId: row.character_id, name: holder.name, currency: row.currency, amount: row.amount, from: row.reason, to: reason },
      },
    )
    return entryById(tx.trx, holder, row.id)
  })
}

/**
 * Undo of a reason given: the old words back, unless the reason has been changed again since
 * (then the later change is undone first, as undo walks newest first).
 * @example await undoReasonGiven(tx, entry) // true
 */
export async function undoReasonGiven(tx: Tx, entry: LogEntry): Promise<boolean> {
  if (entry.kind !== REASON_GIVEN) return false
  const p = entry.payload as { id: number; characterId: number | null; from: string; to: string }
  const row = await tx.trx.selectFrom('ledger_entry').select(['reason']).where('id', '=', Number(p.id)).executeTakeFirst()
  if (!row || row.reason !== p.to) {
    throw new AppError('conflict', `The reason “${p.to}” has been changed since. Nothing was undone.`, [{ field: 'campaignId', problem: 'reason changed since' }])
  }
  await tx.trx.updateTable('ledger_entry').set({ reason: p.from }).where('id', '=', Number(p.id)).execute()
  tx.emitAfterCommit('record.changed', { campaignId: entry.campaignId, kind: 'ledger', id: Number(p.id), change: 'updated', characterId: p.characterId ?? null })
  return true
}
