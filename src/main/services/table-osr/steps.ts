/**
 * Each GM action at the old-school table is a step: the table's state as it was, and every
 * character sheet and injury it changed, before and after, with the range of log entries it wrote.
 * The last step can then be undone exactly as a compensating change — and is refused, naming what,
 * when something else has changed those rows since.
 */
import type { LogEntry } from '../../../shared/contract'
import type { OsrStepRow } from '../../db/schema-osr'
import { type Tx, AppError, appendLog, type NewLogEntry, markActionUndone, stepUndoGate, stepUndoable, touchCampaign, Rows } from '../core'
import { storedTableJson } from './state'

type StepTable = 'character' | 'injury'
export type RowChange = Rows.RowChange<StepTable>

async function lastLogId(tx: Tx, campaignId: number): Promise<number> {
  const row = await tx.trx
    .selectFrom('log_entry')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst()
  return Number(row?.id ?? 0)
}

/** Collects what one action at the table changes; `finish` writes the step. */
export class TableStep {
  private readonly rows: Rows.RowSnapshots<StepTable>

  private constructor(
    private readonly tx: Tx,
    readonly campaignId: number,
    private readonly stateBefore: string | null,
    private readonly logsAfter: number,
  ) {
    this.rows = new Rows.RowSnapshots<StepTable>(tx)
  }

  /** Starts a step inside the caller's unit of work, remembering the table as it is. */
  static async begin(tx: Tx, campaignId: number): Promise<TableStep> {
    return new TableStep(tx, campaignId, await storedTableJson(tx.trx, campaignId), await lastLogId(tx, campaignId))
  }

  /** Call before changing a row: remembers it as it was, once per step. */
  touching(table: StepTable, id: number): Promise<void> {
    return this.rows.touching(table, id)
  }

  /** A row this step created: undoing the step deletes it. */
  created(table: StepTable, id: number): void {
    this.rows.created(table, id)
  }

  /** Writes a log entry of this step (undone with it). */
  log(entry: Omit<NewLogEntry, 'campaignId'>): Promise<LogEntry> {
    return appendLog(this.tx, { ...entry, campaignId: this.campaignId })
  }

  /** Saves the step with every log entry written since it began (its own and the injuries'). */
  async finish(action: string, summary: string): Promise<RowChange[]> {
    const last = await lastLogId(this.tx, this.campaignId)
    if (last <= this.logsAfter) throw new Error(`A step at the table (${action}) must write at least one log entry.`)
    const changes = await this.rows.changes()
    await this.tx.trx
      .insertInto('osr_step')
      .values({
        campaign_id: this.campaignId,
        action,
        summary,
        state_before: this.stateBefore,
        rows: JSON.stringify(changes),
        first_log_id: this.logsAfter + 1,
        last_log_id: last,
        created_at: this.tx.realTime,
      })
      .execute()
    await touchCampaign(this.tx, this.campaignId)
    return changes
  }
}

/** Steps whose log entries were all undone already (a roll undone from the log) are passed over. */
async function stillStanding(tx: Tx, campaignId: number, step: Rows.StepLogRange): Promise<boolean> {
  const row = await tx.trx
    .selectFrom('log_entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('id', '>=', step.first_log_id)
    .where('id', '<=', step.last_log_id)
    .where('undone', '=', 0)
    .executeTakeFirst()
  return Number(row?.n ?? 0) > 0
}

async function lastStandingStep(tx: Tx, campaignId: number) {
  const steps = await tx.trx.selectFrom('osr_step').selectAll().where('campaign_id', '=', campaignId).where('undone', '=', 0).orderBy('id', 'desc').limit(20).execute()
  for (const step of steps) if (await stillStanding(tx, campaignId, step)) return step
  return null
}

/** The last step that can be undone, for the screen's undo button: only while it is the newest action. */
export async function lastTableStep(tx: Tx, campaignId: number): Promise<{ action: string; summary: string } | null> {
  const step = await lastStandingStep(tx, campaignId)
  return step && (await stepUndoable(tx.trx, campaignId, step)) ? { action: step.action, summary: step.summary } : null
}

/**
 * Undoes one step at the table: the table's state, every sheet and injury as they were, and its
 * log entries marked undone. Refused, naming what, when one of those rows has been changed since.
 * @example await undoOsrStepRow(tx, step) // { action: 'strike', summary: 'Glam struck the chief: 2 H', changes: [...] }
 */
export async function undoOsrStepRow(tx: Tx, step: OsrStepRow): Promise<{ action: string; summary: string; changes: RowChange[] }> {
  const campaignId = step.campaign_id
  const changes = JSON.parse(step.rows) as RowChange[]
  const changed = await Rows.changedSince(tx, changes)
  if (changed) {
    const what = changed.table === 'injury' ? 'an injury it recorded' : Rows.rowWords(changed)
    throw new AppError('conflict', `“${step.summary}” cannot be undone: ${what} has been changed since. Change it back by hand if you need to; nothing was undone.`)
  }
  // Injuries first: an injury created by the step goes before anything it belongs to changes back.
  for (const change of [...changes].sort((a, b) => (a.table === b.table ? 0 : a.table === 'injury' ? -1 : 1))) await Rows.restoreRow(tx, change)
  if (step.state_before === null) await tx.trx.deleteFrom('osr_table').where('campaign_id', '=', campaignId).execute()
  else
    await tx.trx
      .insertInto('osr_table')
      .values({ campaign_id: campaignId, state: step.state_before, updated_at: tx.realTime })
      .onConflict((oc) => oc.column('campaign_id').doUpdateSet({ state: step.state_before!, updated_at: tx.realTime }))
      .execute()
  await Rows.markStepLogUndone(tx, campaignId, step)
  await tx.trx.updateTable('osr_step').set({ undone: 1 }).where('id', '=', step.id).execute()
  return { action: step.action, summary: step.summary, changes }
}

/**
 * Undoes the campaign's last step at the table when it is the newest action (refused, naming the
 * newer one, otherwise). The caller logs the undo.
 * @example await undoLastTableStep(tx, 1) // { action: 'strike', summary: 'Glam struck the chief: 2 H', changes: [...] }
 */
export async function undoLastTableStep(tx: Tx, campaignId: number): Promise<{ action: string; summary: string; changes: RowChange[] }> {
  const step = await lastStandingStep(tx, campaignId)
  if (!step) throw new AppError('refused', 'There is nothing at the table to undo.')
  const action = await stepUndoGate(tx.trx, campaignId, step)
  const undone = await undoOsrStepRow(tx, step)
  if (action) await markActionUndone(tx, action)
  return undone
}
