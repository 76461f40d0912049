/**
 * A clock step (an advance, a round, lighting a torch …) records the clock as it was and every
 * inventory item and injury it changed, before and after, so that the last step can be undone
 * exactly — and refused when something has changed those rows since.
 */
import type { ClockState } from '../../engines/clock'
import type { LogEntry } from '../../../shared/contract'
import type { Tx } from '../context'
import { AppError } from '../errors'
import { appendLog, type NewLogEntry } from '../log'
import { touchCampaign } from '../campaigns'

type StepTable = 'inventory_item' | 'injury' | 'character'
type Row = Record<string, unknown>

export interface RowChange {
  table: StepTable
  id: number
  before: Row | null
  after: Row | null
}

async function readRow(tx: Tx, table: StepTable, id: number): Promise<Row | null> {
  // Literal queries keep Kysely's table typing; every step table has an integer `id`.
  const row =
    table === 'inventory_item'
      ? await tx.trx.selectFrom('inventory_item').selectAll().where('id', '=', id).executeTakeFirst()
      : table === 'injury'
        ? await tx.trx.selectFrom('injury').selectAll().where('id', '=', id).executeTakeFirst()
        : await tx.trx.selectFrom('character').selectAll().where('id', '=', id).executeTakeFirst()
  return (row as Row | undefined) ?? null
}

/** Collects what one clock step changes; `finish` writes the step. */
export class StepRecorder {
  private readonly befores = new Map<string, { table: StepTable; id: number; before: Row | null }>()
  private readonly logIds: number[] = []
  readonly logs: LogEntry[] = []

  constructor(
    private readonly tx: Tx,
    readonly campaignId: number,
    private readonly clockBefore: ClockState,
  ) {}

  /** Call before changing a row: remembers it as it was, once per step. */
  async touching(table: StepTable, id: number): Promise<void> {
    const key = `${table}:${id}`
    if (!this.befores.has(key)) this.befores.set(key, { table, id, before: await readRow(this.tx, table, id) })
  }

  /** Writes a log entry that belongs to this step (undone with it). */
  async log(entry: Omit<NewLogEntry, 'campaignId'>): Promise<LogEntry> {
    const logged = await appendLog(this.tx, { ...entry, campaignId: this.campaignId })
    this.logIds.push(logged.id)
    this.logs.push(logged)
    return logged
  }

  /** Saves the step; returns the inventory items' characters and injuries it touched, for events. */
  async finish(action: string, summary: string): Promise<RowChange[]> {
    if (this.logIds.length === 0) throw new Error(`A clock step (${action}) must write at least one log entry.`)
    const changes: RowChange[] = []
    for (const { table, id, before } of this.befores.values()) {
      changes.push({ table, id, before, after: await readRow(this.tx, table, id) })
    }
    await this.tx.trx
      .insertInto('clock_step')
      .values({
        campaign_id: this.campaignId,
        action,
        summary,
        clock_before: JSON.stringify({ ...this.clockBefore, provisions: [], injuries: [] }),
        rows: JSON.stringify(changes),
        first_log_id: Math.min(...this.logIds),
        last_log_id: Math.max(...this.logIds),
        created_at: this.tx.realTime,
      })
      .execute()
    await touchCampaign(this.tx, this.campaignId)
    return changes
  }
}

function sameRow(a: Row | null, b: Row | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

async function restoreRow(tx: Tx, change: RowChange): Promise<void> {
  const { table, id, before } = change
  if (before === null) {
    await tx.trx.deleteFrom(table).where('id', '=', id).execute()
    return
  }
  const exists = await readRow(tx, table, id)
  if (exists) {
    const { id: _id, ...rest } = before
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await tx.trx.updateTable(table).set(rest as any).where('id', '=', id).execute()
  } else {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await tx.trx.insertInto(table).values(before as any).execute()
  }
}

/** What undoing the last step gave back. */
export interface UndoneStep {
  action: string
  summary: string
  clock: ClockState
  changes: RowChange[]
}

/**
 * Undoes the campaign's last clock step that is not undone yet: the clock, every item and injury
 * as they were, and its log entries marked undone. Refused when a row it changed has been changed
 * since by something else (a GM edit), naming it, so nothing is silently overwritten.
 */
export async function undoLastStep(tx: Tx, campaignId: number): Promise<UndoneStep> {
  const step = await tx.trx
    .selectFrom('clock_step')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('undone', '=', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!step) throw new AppError('refused', 'There is nothing on the clock to undo.')
  const changes = JSON.parse(step.rows) as RowChange[]
  for (const change of changes) {
    const now = await readRow(tx, change.table, change.id)
    if (!sameRow(now, change.after)) {
      const name = String((change.after ?? change.before)?.name ?? change.id)
      const what = change.table === 'inventory_item' ? `the item “${name}”` : change.table === 'character' ? `${name}’s sheet` : 'an injury'
      throw new AppError(
        'conflict',
        `“${step.summary}” cannot be undone: ${what} has been changed since. Change it back by hand if you need to; nothing was undone.`,
      )
    }
  }
  for (const change of changes) await restoreRow(tx, change)
  await tx.trx
    .updateTable('log_entry')
    .set({ undone: 1 })
    .where('campaign_id', '=', campaignId)
    .where('id', '>=', step.first_log_id)
    .where('id', '<=', step.last_log_id)
    .execute()
  await tx.trx.updateTable('clock_step').set({ undone: 1 }).where('id', '=', step.id).execute()
  return { action: step.action, summary: step.summary, clock: JSON.parse(step.clock_before) as ClockState, changes }
}
