/**
 * Undo of the last action at the table, as a compensating change in one transaction: the clock
 * step is taken back exactly; a ledger entry is reversed by an opposite entry; a recorded injury
 * is removed; a roll or a note is marked undone (its dice stay in the log: a roll happened). The
 * last action's log entry is marked undone and the undo is logged too.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { unitOfWork, type ServiceDeps, type Tx, AppError, appendLog, toLogEntry, recordChanged, lastStepWrote } from '../core'
import { writeLedgerEntry, ledgerHolder } from '../ledger'
import type { LogEntry } from '../../../shared/contract'
import { undoLodeStep } from '../table-lode'
import { undoLadderEntry } from '../table-ladder'
import { undoRanksStep } from '../table-ranks'
import { undoChallengeStepIn } from '../table-challenge'
import { undoLastTableStep } from '../table-osr'
import * as clock from '../clock'

/**
 * Each system's table undoes its own steps exactly (a roll's spends refunded, a tracker's state
 * restored): a handler returns what it undid, or null when the entry is not its own.
 */
type SystemUndo = (tx: Tx, entry: LogEntry) => Promise<string | null>
const SYSTEM_UNDO: SystemUndo[] = [
  // A challenge step writes several entries (its round, injuries, sheets): any of them undoes the step.
  async (tx, entry) =>
    (await lastStepWrote(tx.trx, 'challenge_step', entry.campaignId, entry.id)) ? (await undoChallengeStepIn(tx, entry.campaignId)).summary : null,
  // An old-school table step (a strike with its harm and injuries …) is undone whole.
  async (tx, entry) => {
    if (!(await lastStepWrote(tx.trx, 'osr_step', entry.campaignId, entry.id))) return null
    const undone = await undoLastTableStep(tx, entry.campaignId)
    for (const c of undone.changes) {
      const row = c.after ?? c.before
      const characterId = c.table === 'character' ? c.id : typeof row?.character_id === 'number' ? row.character_id : null
      tx.emitAfterCommit('record.changed', { campaignId: entry.campaignId, kind: c.table, id: c.id, change: c.before === null ? 'deleted' : 'updated', characterId })
    }
    return undone.summary
  },
  undoLadderEntry,
  undoLodeStep,
  // Ranks journals every change but a bare roll, which is undone by marking it (FACTS below).
  (tx, entry) => (entry.kind.startsWith('ranks.') && entry.kind !== 'ranks.roll' ? undoRanksStep(tx, entry) : Promise.resolve(null)),
]

/** Entries that are bookkeeping, not actions: undoing "the last action" passes over them. */
const NOT_ACTIONS = new Set(['clock.undone', 'play.undone', 'challenge.undone', 'osr.undone', 'campaign.created', 'session.created', 'session.closed'])
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

/** The newest log entry id before the undo began: what the undo writes comes after it. */
async function newestLogId(tx: Tx, campaignId: number): Promise<number> {
  const row = await tx.trx.selectFrom('log_entry').select((eb) => eb.fn.max('id').as('id')).where('campaign_id', '=', campaignId).executeTakeFirst()
  return Number(row?.id ?? 0)
}

/**
 * Marks the action undone and logs the undo. Every entry the undo wrote to compensate (ledger
 * corrections, a deletion) is listed, so a later undo passes over them.
 */
async function markUndone(tx: Tx, entry: LogEntry, what: string, since: number): Promise<LogEntry> {
  await tx.trx.updateTable('log_entry').set({ undone: 1 }).where('id', '=', entry.id).execute()
  const written = await tx.trx.selectFrom('log_entry').select('id').where('campaign_id', '=', entry.campaignId).where('id', '>', since).execute()
  return appendLog(tx, {
    campaignId: entry.campaignId,
    kind: 'play.undone',
    payload: { entryId: entry.id, kind: entry.kind, what, compensations: written.map((r) => r.id) },
  })
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
    const since = await newestLogId(tx, campaignId)
    const p = entry.payload
    if (entry.kind === 'ledger.earned' || entry.kind === 'ledger.spent') {
      const holder = await ledgerHolder(tx.trx, campaignId, (p.characterId as number | null) ?? null)
      const amount = Number(p.amount)
      await writeLedgerEntry(
        tx,
        holder,
        { currency: p.currency as never, amount: -amount, reason: `Undone: ${String(p.reason)}`, sessionId: entry.sessionId, gameTime: entry.gameTime, correctsId: Number(p.id) },
        'correct',
      )
      const what = `${amount > 0 ? 'earned' : 'spent'} ${Math.abs(amount)} ${String(p.currency)}: ${String(p.reason)}`
      const logged = await markUndone(tx, entry, what, since)
      return { undone: what, logEntryId: logged.id }
    }
    if (entry.kind === 'injury.recorded') {
      const id = Number(p.id)
      const row = await tx.trx.selectFrom('injury').select(['character_id']).where('id', '=', id).executeTakeFirst()
      if (!row) throw new AppError('conflict', 'That injury has already been removed; nothing was undone.')
      await tx.trx.deleteFrom('injury').where('id', '=', id).execute()
      await recordChanged(tx, { campaignId, kind: 'injury', id, change: 'deleted', characterId: row.character_id }, { kind: 'injury.deleted', payload: { id, name: p.name, label: p.label, undo: true } })
      const what = `${String(p.name)}: ${String(p.label)} recorded`
      const logged = await markUndone(tx, entry, what, since)
      return { undone: what, logEntryId: logged.id }
    }
    for (const handler of SYSTEM_UNDO) {
      const what = await handler(tx, entry)
      if (what !== null) {
        const logged = await markUndone(tx, entry, what, since)
        return { undone: what, logEntryId: logged.id }
      }
    }
    if (FACTS.test(entry.kind)) {
      const logged = await markUndone(tx, entry, entry.kind, since)
      return { undone: entry.kind, logEntryId: logged.id }
    }
    throw new AppError('refused', `The last action (${entry.kind}) cannot be undone from the log; change it where it was made.`, [{ field: 'campaignId', problem: entry.kind }])
  })
}
