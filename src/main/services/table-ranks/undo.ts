/**
 * Undo of the last change made at the Ranks table, as a compensating change inside the caller's
 * unit of work: the tracker, rolls and sheets go back to what the change's journal noted; the Harm
 * it recorded is removed and the Harm it healed is open again; its ledger entries (Threat, XP) are
 * reversed by opposite entries, never erased (LAD-21's "every change is a ledger entry").
 */
import type { LogEntry } from '../../../shared/contract'
import { type Tx, AppError, recordChanged } from '../core'
import { writeLedgerEntry, ledgerHolder } from '../ledger'
import { injuryById, injuryChanged } from '../injuries'
import type { Journal } from './journal'

async function restoreTracker(tx: Tx, campaignId: number, state: string | null): Promise<void> {
  if (state === null) await tx.trx.deleteFrom('ranks_table').where('campaign_id', '=', campaignId).execute()
  else await tx.trx.updateTable('ranks_table').set({ state, updated_at: tx.realTime }).where('campaign_id', '=', campaignId).execute()
}

async function restoreRolls(tx: Tx, rolls: Journal['rolls']): Promise<void> {
  for (const [id, before] of Object.entries(rolls)) {
    if (before === null) await tx.trx.updateTable('ranks_roll').set({ status: 'withdrawn', updated_at: tx.realTime }).where('id', '=', Number(id)).execute()
    else await tx.trx.updateTable('ranks_roll').set({ ...before, log_entry_id: before.log_entry_id }).where('id', '=', Number(id)).execute()
  }
}

async function restoreSheets(tx: Tx, campaignId: number, sheets: Journal['sheets']): Promise<void> {
  for (const [id, sheet] of Object.entries(sheets)) {
    await tx.trx.updateTable('character').set({ sheet, updated_at: tx.realTime }).where('id', '=', Number(id)).execute()
    tx.emitAfterCommit('record.changed', { campaignId, kind: 'character', id: Number(id), change: 'updated' })
  }
}

async function restoreInjuries(tx: Tx, campaignId: number, j: Journal): Promise<void> {
  for (const id of j.injuriesCreated) {
    const injury = await injuryById(tx.trx, id)
    await tx.trx.deleteFrom('injury').where('id', '=', id).execute()
    await recordChanged(tx, { campaignId, kind: 'injury', id, change: 'deleted', characterId: injury.characterId }, {
      kind: 'injury.deleted',
      payload: { id, characterId: injury.characterId, name: injury.characterName, label: injury.label, undo: true },
    })
  }
  for (const id of j.injuriesHealed) {
    await tx.trx.updateTable('injury').set({ healed: 0, healed_at: null, updated_at: tx.realTime }).where('id', '=', id).execute()
    await injuryChanged(tx, await injuryById(tx.trx, id), 'updated', { kind: 'injury.updated', payload: { from: { healed: true }, to: { healed: false }, undo: true } })
  }
}

async function reverseLedger(tx: Tx, entry: LogEntry, ids: number[]): Promise<void> {
  for (const id of ids) {
    const row = await tx.trx.selectFrom('ledger_entry').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    const holder = await ledgerHolder(tx.trx, row.campaign_id, row.character_id)
    await writeLedgerEntry(
      tx,
      holder,
      { currency: row.currency, amount: -row.amount, reason: `Undone: ${row.reason}`, sessionId: entry.sessionId, gameTime: entry.gameTime, correctsId: row.id },
      'correct',
    )
  }
}

/**
 * Undoes the change a `ranks.*` log entry records, inside the caller's transaction; the caller
 * marks the entry undone and logs the undo. Refused when the entry has no journal (a bare roll,
 * which is undone by marking it: a roll whose entry is undone is no longer in play) or was undone.
 * @example const what = await undoRanksStep(tx, entry) // 'Danger for Georgia: the cultist’s minions'
 */
export async function undoRanksStep(tx: Tx, entry: LogEntry): Promise<string> {
  const step = await tx.trx.selectFrom('ranks_step').selectAll().where('log_entry_id', '=', entry.id).executeTakeFirst()
  if (!step || step.undone === 1) {
    throw new AppError('refused', `This change (${entry.kind}) has nothing to take back at the Ranks table; change it where it was made.`, [
      { field: 'campaignId', problem: entry.kind },
    ])
  }
  const j = JSON.parse(step.journal) as Journal
  if (j.tracker !== undefined) await restoreTracker(tx, step.campaign_id, j.tracker)
  await restoreRolls(tx, j.rolls)
  await restoreSheets(tx, step.campaign_id, j.sheets)
  await restoreInjuries(tx, step.campaign_id, j)
  await reverseLedger(tx, entry, j.ledger)
  await tx.trx.updateTable('ranks_step').set({ undone: 1 }).where('id', '=', step.id).execute()
  return entry.kind
}
