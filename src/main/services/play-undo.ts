/**
 * Undo of the last action at the table, as a compensating change in one transaction: the clock
 * step is taken back exactly; a ledger entry is reversed by an opposite entry; a recorded injury
 * is removed; a roll or a note is marked undone (its dice stay in the log: a roll happened). The
 * last action's log entry is marked undone and the undo is logged too.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import * as clock from './clock'
import { unitOfWork, type ServiceDeps, type Tx } from './context'
import { AppError } from './errors'
import { appendLog, toLogEntry } from './log'
import { writeLedgerEntry } from './ledger'
import { ledgerHolder } from './ledger-holder'
import { recordChanged } from './records'
import type { LogEntry } from '../../shared/contract'

/** Entries that are bookkeeping, not actions: undoing "the last action" passes over them. */
const NOT_ACTIONS = new Set(['clock.undone', 'play.undone', 'campaign.created', 'session.created', 'session.closed'])
/** Kinds that record a fact with no state behind it: undoing marks them undone. */
const FACTS = /^(note|encounter\.rolled|encounter\.reaction|(ladder|osr|lode|challenge|ranks)\.(roll|check|save|task|pool|rank|odds)[\w.-]*)$/

async function lastAction(db: Kysely<Database>, campaignId: number): Promise<LogEntry | null> {
  const rows = await db
    .selectFrom('log_entry')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('undone', '=', 0)
    .orderBy('id', 'desc')
    .limit(50)
    .execute()
  // What an undo wrote to compensate (a correction, a deletion) is part of that undo, not an action.
  const compensations = new Set<number>()
  for (const r of rows) {
    if (r.kind === 'play.undone') for (const id of (JSON.parse(r.payload) as { compensations?: number[] }).compensations ?? []) compensations.add(id)
  }
  // A clock step writes its event entries after its own: the step is the action.
  for (const r of rows) {
    if (NOT_ACTIONS.has(r.kind) || r.kind.startsWith('clock.event.') || compensations.has(r.id)) continue
    return toLogEntry(r)
  }
  return null
}

async function markUndone(tx: Tx, entry: LogEntry, what: string, compensations: number[] = []): Promise<LogEntry> {
  await tx.trx.updateTable('log_entry').set({ undone: 1 }).where('id', '=', entry.id).execute()
  return appendLog(tx, { campaignId: entry.campaignId, kind: 'play.undone', payload: { entryId: entry.id, kind: entry.kind, what, compensations } })
}

/**
 * @example await undoLastAction(deps, 1) // { undone: 'Advanced 1 turn to Day 1 · 00:05', logEntryId: 41 }
 */
export async function undoLastAction(deps: ServiceDeps, campaignId: number): Promise<{ undone: string; logEntryId: number }> {
  const entry = await lastAction(deps.db, campaignId)
  if (!entry) throw new AppError('refused', 'There is nothing to undo in this campaign’s log.')
  if (entry.kind.startsWith('clock.')) {
    const r = await clock.undo(deps, campaignId)
    const [logged] = await deps.db.selectFrom('log_entry').select('id').where('campaign_id', '=', campaignId).orderBy('id', 'desc').limit(1).execute()
    return { undone: r.summary.replace(/^Undone: /, ''), logEntryId: logged!.id }
  }
  return unitOfWork(deps, async (tx) => {
    const p = entry.payload
    if (entry.kind === 'ledger.earned' || entry.kind === 'ledger.spent') {
      const holder = await ledgerHolder(tx.trx, campaignId, (p.characterId as number | null) ?? null)
      const amount = Number(p.amount)
      const correction = await writeLedgerEntry(
        tx,
        holder,
        { currency: p.currency as never, amount: -amount, reason: `Undone: ${String(p.reason)}`, sessionId: entry.sessionId, gameTime: entry.gameTime, correctsId: Number(p.id) },
        'correct',
      )
      const what = `${amount > 0 ? 'earned' : 'spent'} ${Math.abs(amount)} ${String(p.currency)}: ${String(p.reason)}`
      const logged = await markUndone(tx, entry, what, [correction.logEntryId].filter((id): id is number => typeof id === 'number'))
      return { undone: what, logEntryId: logged.id }
    }
    if (entry.kind === 'injury.recorded') {
      const id = Number(p.id)
      const row = await tx.trx.selectFrom('injury').select(['character_id']).where('id', '=', id).executeTakeFirst()
      if (!row) throw new AppError('conflict', 'That injury has already been removed; nothing was undone.')
      await tx.trx.deleteFrom('injury').where('id', '=', id).execute()
      const deleted = await recordChanged(tx, { campaignId, kind: 'injury', id, change: 'deleted', characterId: row.character_id }, { kind: 'injury.deleted', payload: { id, name: p.name, label: p.label, undo: true } })
      const what = `${String(p.name)}: ${String(p.label)} recorded`
      const logged = await markUndone(tx, entry, what, [deleted.id])
      return { undone: what, logEntryId: logged.id }
    }
    if (FACTS.test(entry.kind)) {
      const logged = await markUndone(tx, entry, entry.kind)
      return { undone: entry.kind, logEntryId: logged.id }
    }
    throw new AppError('refused', `The last action (${entry.kind}) cannot be undone from the log; change it where it was made.`, [{ field: 'campaignId', problem: entry.kind }])
  })
}
