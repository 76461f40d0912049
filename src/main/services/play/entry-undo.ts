/**
 * Taking back one log entry of an action that no step record covers, as a compensating change: a
 * ledger entry is reversed by an opposite one (never erased, LAD-21), an injury recorded is removed
 * and one healed is open again, a Ladder tracker or a LODE roll goes back to the state its entry
 * kept; a roll, a check or a note is a fact, and is only marked undone (its dice stay in the log).
 */
import type { LogEntry } from '../../../shared/contract'
import { describeLogEntry } from '../../../shared/log-text'
import { type Tx, AppError, recordChanged } from '../core'
import { writeLedgerEntry, ledgerHolder, undoReasonGiven } from '../ledger'
import { undoLodeStep } from '../table-lode'
import { undoLadderEntry } from '../table-ladder'
import { undoSceneEntry } from '../table-scene'
import { undoRevealEntry } from '../players'
import { undoGrowthTelling, undoOsrGrowthEntry, undoSheetChange } from '../growth'

/** Kinds that record a fact with no state behind it: undoing marks them undone. */
const FACTS = /^(note|encounter\.rolled|encounter\.reaction|(ladder|osr|lode|challenge|ranks)\.(roll|check|save|task|pool|rank|odds|courage|beyondDoomed)[\w.-]*)$/

function refusal(action: string, message: string): AppError {
  return new AppError('conflict', `“${action.replace(/\.$/, '')}” cannot be undone: ${message} Nothing was undone.`, [{ field: 'campaignId', problem: message }])
}

async function reverseLedger(tx: Tx, entry: LogEntry, action: string): Promise<void> {
  const p = entry.payload
  const id = Number(p.id)
  const corrected = await tx.trx.selectFrom('ledger_entry').select('id').where('corrects_id', '=', id).executeTakeFirst()
  if (corrected) throw refusal(action, `its ledger entry (${String(p.reason)}) has been corrected since.`)
  const holder = await ledgerHolder(tx.trx, entry.campaignId, (p.characterId as number | null) ?? null)
  await writeLedgerEntry(
    tx,
    holder,
    { currency: p.currency as never, amount: -Number(p.amount), reason: `Undone: ${String(p.reason)}`, sessionId: entry.sessionId, gameTime: entry.gameTime, correctsId: id },
    'correct',
  )
}

async function removeInjury(tx: Tx, entry: LogEntry, action: string): Promise<void> {
  const p = entry.payload
  const id = Number(p.id)
  const row = await tx.trx.selectFrom('injury').select(['character_id']).where('id', '=', id).executeTakeFirst()
  if (!row) throw refusal(action, `the injury it recorded (${String(p.label)}) has been removed since.`)
  await tx.trx.deleteFrom('injury').where('id', '=', id).execute()
  await recordChanged(
    tx,
    { campaignId: entry.campaignId, kind: 'injury', id, change: 'deleted', characterId: row.character_id },
    { kind: 'injury.deleted', payload: { id, name: p.name, label: p.label, undo: true } },
  )
}

/** An injury healed by the action (a Ranks "recover Harm", RK-8) is open again, as it was. */
async function reopenInjury(tx: Tx, entry: LogEntry, action: string): Promise<void> {
  const p = entry.payload as { id?: number; name?: string; label?: string; from?: { healed?: boolean; healedAt?: number | null }; to?: { healed?: boolean; healedAt?: number | null } }
  if (p.to?.healed !== true || p.from?.healed !== false) throw refusal(action, `“${describeLogEntry(entry)}” has to be changed on the injuries page.`)
  const id = Number(p.id)
  const row = await tx.trx.selectFrom('injury').select(['character_id', 'healed', 'healed_at']).where('id', '=', id).executeTakeFirst()
  if (!row || row.healed !== 1 || row.healed_at !== (p.to.healedAt ?? null)) throw refusal(action, `the injury it healed (${String(p.label)}) has been changed since.`)
  await tx.trx.updateTable('injury').set({ healed: 0, healed_at: p.from.healedAt ?? null, updated_at: tx.realTime }).where('id', '=', id).execute()
  await recordChanged(
    tx,
    { campaignId: entry.campaignId, kind: 'injury', id, change: 'updated', characterId: row.character_id },
    { kind: 'injury.updated', payload: { id, name: p.name, label: p.label, from: { healed: true }, to: { healed: false }, undo: true } },
  )
}

/**
 * Takes back one entry of the action named `action`; the caller marks it undone. Refused, naming
 * the entry in the log's words, when it is of a kind that is changed where it was made.
 * @example await undoEntry(tx, entry, 'Tai gained 2 Plot Points: bravery (now 2).')
 */
export async function undoEntry(tx: Tx, entry: LogEntry, action: string): Promise<void> {
  if (entry.kind === 'ledger.earned' || entry.kind === 'ledger.spent') return reverseLedger(tx, entry, action)
  if (await undoReasonGiven(tx, entry)) return
  if (entry.kind === 'injury.recorded') return removeInjury(tx, entry, action)
  if (entry.kind === 'injury.updated') return reopenInjury(tx, entry, action)
  if ((await undoLadderEntry(tx, entry)) !== null) return
  if ((await undoLodeStep(tx, entry)) !== null) return
  if ((await undoSceneEntry(tx, entry)) !== null) return
  if ((await undoRevealEntry(tx, entry)) !== null) return
  if ((await undoSheetChange(tx, entry)) !== null) return
  if (undoGrowthTelling(entry) !== null) return
  if ((await undoOsrGrowthEntry(tx, entry)) !== null) return
  if (FACTS.test(entry.kind)) return
  throw refusal(action, `it also wrote “${describeLogEntry(entry)}”, which has to be changed where it was made.`)
}
