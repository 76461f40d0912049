/**
 * What a change at the Ranks table overwrote, noted as it happens: the tracker, rolls and sheets as
 * they were, the injuries and ledger entries it wrote or healed. Stored with the change's log entry,
 * so the last change can be undone exactly (undo.ts).
 */
import type { RanksRollRow } from '../../db/schema-ranks'
import type { Tx } from '../core'

export interface Journal {
  /** The tracker's stored JSON before, or null when it had none. */
  tracker?: string | null
  /** Rolls before the change; null for a roll it made. */
  rolls: Record<number, RanksRollRow | null>
  /** Sheets' JSON before the change, by character. */
  sheets: Record<number, string>
  injuriesCreated: number[]
  injuriesHealed: number[]
  ledger: number[]
}

const journals = new WeakMap<Tx, Journal>()

/**
 * The journal of this unit of work, started on first use.
 * @example journalOf(tx).ledger.push(entry.id)
 */
export function journalOf(tx: Tx): Journal {
  let j = journals.get(tx)
  if (!j) {
    j = { rolls: {}, sheets: {}, injuriesCreated: [], injuriesHealed: [], ledger: [] }
    journals.set(tx, j)
  }
  return j
}

/**
 * Notes the tracker as it stands, once per change.
 * @example await noteTracker(tx, 1)
 */
export async function noteTracker(tx: Tx, campaignId: number): Promise<void> {
  const j = journalOf(tx)
  if (j.tracker !== undefined) return
  const row = await tx.trx.selectFrom('ranks_table').select('state').where('campaign_id', '=', campaignId).executeTakeFirst()
  j.tracker = row?.state ?? null
}

/**
 * Notes a roll as it stands before its first change, or as made by this change.
 * @example await noteRoll(tx, 7)
 */
export async function noteRoll(tx: Tx, id: number, made = false): Promise<void> {
  const j = journalOf(tx)
  if (id in j.rolls) return
  j.rolls[id] = made ? null : ((await tx.trx.selectFrom('ranks_roll').selectAll().where('id', '=', id).executeTakeFirst()) ?? null)
}

/**
 * Writes the journal beside the change's log entry, when the change overwrote anything.
 * @example await keepJournal(tx, 1, entry.id)
 */
export async function keepJournal(tx: Tx, campaignId: number, logEntryId: number): Promise<void> {
  const j = journals.get(tx)
  if (!j) return
  await tx.trx.insertInto('ranks_step').values({ campaign_id: campaignId, log_entry_id: logEntryId, journal: JSON.stringify(j), created_at: tx.realTime }).execute()
  journals.delete(tx)
}
