/**
 * A clock step (an advance, a round, lighting a torch …) records the clock as it was and every
 * inventory item and injury it changed, before and after, so that the last step can be undone
 * exactly — and refused when something has changed those rows since.
 */
import type { Kysely, Selectable } from 'kysely'
import type { ClockStepTable, Database } from '../../db/schema'
import type { ClockState } from '../../engines/clock'
import type { LogEntry } from '../../../shared/contract'
import { type Tx, AppError, appendLog, appendLogs, type NewLogEntry, changedSince, markActionUndone, markStepLogUndone, restoreRow, rowWords, RowSnapshots, type RowChange, stepUndoGate, stepUndoable, touchCampaign } from '../core'

type StepTable = 'inventory_item' | 'injury' | 'character' | 'journey' | 'journey_leg'
export type { RowChange } from '../core'

/** Collects what one clock step changes; `finish` writes the step. */
export class StepRecorder {
  private readonly rows: RowSnapshots<StepTable>
  private readonly logIds: number[] = []
  readonly logs: LogEntry[] = []

  constructor(
    private readonly tx: Tx,
    readonly campaignId: number,
    private readonly clockBefore: ClockState,
  ) {
    this.rows = new RowSnapshots<StepTable>(tx)
  }

  /** Call before changing a row: remembers it as it was, once per step. */
  touching(table: StepTable, id: number): Promise<void> {
    return this.rows.touching(table, id)
  }

  /** A row the step made: undoing the step deletes it. */
  created(table: StepTable, id: number): void {
    this.rows.created(table, id)
  }

  /** Remembers a row already read (in a batch) as it was, once per step. */
  touchingAs(table: StepTable, id: number, before: Record<string, unknown> | null): void {
    this.rows.touchingAs(table, id, before)
  }

  /** Writes a log entry that belongs to this step (undone with it). */
  async log(entry: Omit<NewLogEntry, 'campaignId'>): Promise<LogEntry> {
    const logged = await appendLog(this.tx, { ...entry, campaignId: this.campaignId })
    this.logIds.push(logged.id)
    this.logs.push(logged)
    return logged
  }

  /** Writes the step's entries in one batch, in order (a long advance's hundreds of events). */
  async logAll(entries: readonly Omit<NewLogEntry, 'campaignId'>[]): Promise<LogEntry[]> {
    const logged = await appendLogs(this.tx, this.campaignId, entries)
    for (const e of logged) {
      this.logIds.push(e.id)
      this.logs.push(e)
    }
    return logged
  }

  /** Saves the step; returns the inventory items' characters and injuries it touched, for events. */
  async finish(action: string, summary: string): Promise<RowChange[]> {
    if (this.logIds.length === 0) throw new Error(`A clock step (${action}) must write at least one log entry.`)
    const changes = await this.rows.changes()
    await this.tx.trx
      .insertInto('clock_step')
      .values({
        campaign_id: this.campaignId,
        action,
        summary,
        clock_before: JSON.stringify({ ...this.clockBefore, provisions: [], injuries: [] }),
        rows: JSON.stringify(changes),
        first_log_id: this.logIds.reduce((a, b) => Math.min(a, b)),
        last_log_id: this.logIds.reduce((a, b) => Math.max(a, b)),
        created_at: this.tx.realTime,
      })
      .execute()
    await touchCampaign(this.tx, this.campaignId)
    return changes
  }
}

/** What undoing the last step gave back. */
export interface UndoneStep {
  action: string
  summary: string
  clock: ClockState
  changes: RowChange[]
  /** The step's log entries, now marked undone. */
  logs: { first: number; last: number }
}

/** The campaign's last clock step not yet undone. */
function lastStep(db: Kysely<Database>, campaignId: number) {
  return db.selectFrom('clock_step').selectAll().where('campaign_id', '=', campaignId).where('undone', '=', 0).orderBy('id', 'desc').limit(1).executeTakeFirst()
}

/**
 * What the campaign's last clock step still standing was, for the clock bar's undo button: null
 * when it is not the newest action (undo is always newest first; Ctrl+Z takes back the newer one).
 * @example await lastStepWords(db, 1) // { action: 'advance', summary: '+1 turn' }
 */
export async function lastStepWords(db: Kysely<Database>, campaignId: number): Promise<{ action: string; summary: string } | null> {
  const step = await lastStep(db, campaignId)
  return step && (await stepUndoable(db, campaignId, step)) ? { action: step.action, summary: step.summary } : null
}

/**
 * Undoes one clock step: every item, injury and sheet as it was, its log entries marked undone;
 * returns the clock as it was, for the caller to save. Refused when a row it changed has been
 * changed since by something else (a GM edit), naming it, so nothing is silently overwritten.
 */
export async function undoClockStepRow(tx: Tx, step: Selectable<ClockStepTable>): Promise<UndoneStep> {
  const changes = JSON.parse(step.rows) as RowChange[]
  const changed = await changedSince(tx, changes)
  if (changed) {
    throw new AppError(
      'conflict',
      `“${step.summary}” cannot be undone: ${rowWords(changed)} has been changed since. Change it back by hand if you need to; nothing was undone.`,
    )
  }
  for (const change of changes) await restoreRow(tx, change)
  await markStepLogUndone(tx, step.campaign_id, step)
  await tx.trx.updateTable('clock_step').set({ undone: 1 }).where('id', '=', step.id).execute()
  return { action: step.action, summary: step.summary, clock: JSON.parse(step.clock_before) as ClockState, changes, logs: { first: step.first_log_id, last: step.last_log_id } }
}

/**
 * Undoes the campaign's last clock step that is not undone yet, when it is the newest action
 * (refused, naming the newer one, otherwise): the clock, every item and injury as they were.
 */
export async function undoLastStep(tx: Tx, campaignId: number): Promise<UndoneStep> {
  const step = await lastStep(tx.trx, campaignId)
  if (!step) throw new AppError('refused', 'There is nothing on the clock to undo.')
  const action = await stepUndoGate(tx.trx, campaignId, step)
  const undone = await undoClockStepRow(tx, step)
  if (action) await markActionUndone(tx, action)
  return undone
}
