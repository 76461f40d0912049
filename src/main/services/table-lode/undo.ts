/**
 * Taking back the last step of LODE play as a compensating change, inside the caller's unit of
 * work (the table's undo marks the entry undone and logs the undo): the points the step spent or
 * gained are reversed by correcting ledger entries, the roll returns to the state before the step
 * (or is removed when the step made it), and the scene to where it stood. The dice stay in the
 * log: a roll happened.
 */
import type { LogEntry } from '../../../shared/contract'
import { type Tx, AppError } from '../core'
import { writeLedgerEntry, ledgerHolder } from '../ledger'
import { saveScene, type StoredScene } from './scene'
import { loadRoll } from './store'

/** Reverses the ledger entries a step wrote; their own log entries are marked undone with it. */
async function reverseLedger(tx: Tx, ids: readonly number[], entry: LogEntry): Promise<void> {
  for (const id of [...ids].reverse()) {
    const row = await tx.trx.selectFrom('ledger_entry').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) continue
    const already = await tx.trx.selectFrom('ledger_entry').select('id').where('corrects_id', '=', id).executeTakeFirst()
    if (already) continue
    const holder = await ledgerHolder(tx.trx, row.campaign_id, row.character_id)
    await writeLedgerEntry(
      tx,
      holder,
      { currency: row.currency, amount: -row.amount, reason: `Undone: ${row.reason}`, sessionId: entry.sessionId, gameTime: entry.gameTime, correctsId: id },
      'correct',
    )
    if (row.log_entry_id !== null) await tx.trx.updateTable('log_entry').set({ undone: 1 }).where('id', '=', row.log_entry_id).execute()
  }
}

const STEP_WORDS: Record<string, string> = {
  'lode.roll': 'roll',
  'lode.reroll': 'Destiny re-roll',
  'lode.opposed': 'opposed roll',
  'lode.halfmagic.givenUp': 'Halfmagic given up',
  'lode.deliberate': 'deliberate Halfmagic attempt',
  'lode.deliberate.reroll': 'deliberate Halfmagic re-roll',
  'lode.deliberate.stop': 'deliberate Halfmagic stopped',
}

/**
 * Undoes a LODE log entry's step; null when the entry is not LODE's. Refused when a later step of
 * the same roll stands (undo that first), or when a point gained has since been spent.
 * @example const what = await undoLodeStep(tx, entry) // 'Brann’s Destiny re-roll'
 */
export async function undoLodeStep(tx: Tx, entry: LogEntry): Promise<string | null> {
  const p = entry.payload
  if (entry.kind === 'lode.scene') {
    await saveScene(tx, entry.campaignId, p.before as StoredScene)
    return `began scene ${String(p.number)}`
  }
  const words = STEP_WORDS[entry.kind]
  if (!words) return null
  const roll = await loadRoll(tx.trx, Number(p.rollId))
  if (roll.logEntryId !== entry.id) {
    throw new AppError('conflict', 'A later step of this roll stands: undo that first. Nothing was undone.', [{ field: 'rollId', problem: 'not the roll’s latest step' }])
  }
  await reverseLedger(tx, (p.ledgerEntryIds as number[] | undefined) ?? [], entry)
  if (p.sceneBefore) await saveScene(tx, entry.campaignId, p.sceneBefore as StoredScene)
  const earlier = roll.history.at(-1)
  if (!earlier) {
    await tx.trx.deleteFrom('lode_roll').where('id', '=', roll.id).execute()
  } else {
    await tx.trx
      .updateTable('lode_roll')
      .set({ state: JSON.stringify(earlier.state), history: JSON.stringify(roll.history.slice(0, -1)), log_entry_id: earlier.logEntryId, updated_at: tx.realTime })
      .where('id', '=', roll.id)
      .execute()
  }
  const who = entry.kind === 'lode.opposed' ? `${String((p.a as { name: string }).name)} against ${String((p.b as { name: string }).name)}` : String(p.name)
  return `${who}: ${words}`
}
