/**
 * Before- and after-images of the rows a step changes (an inventory item, an injury, a character's
 * sheet), so the step can be undone exactly — and refused when something has changed those rows
 * since. The clock's steps and the table's steps (old-school, Challenge) all keep their undo this way,
 * with the range of log entries each step wrote.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { Tx } from './context'

export type SnapshotTable = 'inventory_item' | 'injury' | 'character' | 'journey' | 'journey_leg'
export type Row = Record<string, unknown>

export interface RowChange<T extends SnapshotTable = SnapshotTable> {
  table: T
  id: number
  before: Row | null
  after: Row | null
}

/** A row as stored now, or null when it is gone. */
export async function readRow(tx: Tx, table: SnapshotTable, id: number): Promise<Row | null> {
  // Literal queries keep Kysely's table typing; every snapshot table has an integer `id`.
  const row =
    table === 'inventory_item'
      ? await tx.trx.selectFrom('inventory_item').selectAll().where('id', '=', id).executeTakeFirst()
      : table === 'injury'
        ? await tx.trx.selectFrom('injury').selectAll().where('id', '=', id).executeTakeFirst()
        : table === 'journey'
          ? await tx.trx.selectFrom('journey').selectAll().where('id', '=', id).executeTakeFirst()
          : table === 'journey_leg'
            ? await tx.trx.selectFrom('journey_leg').selectAll().where('id', '=', id).executeTakeFirst()
            : await tx.trx.selectFrom('character').selectAll().where('id', '=', id).executeTakeFirst()
  return (row as Row | undefined) ?? null
}

/** Rows as stored now, by id (those gone are left out), read in one query. */
export async function readRows(tx: Tx, table: SnapshotTable, ids: readonly number[]): Promise<Row[]> {
  if (ids.length === 0) return []
  const rows =
    table === 'inventory_item'
      ? await tx.trx.selectFrom('inventory_item').selectAll().where('id', 'in', ids).execute()
      : table === 'injury'
        ? await tx.trx.selectFrom('injury').selectAll().where('id', 'in', ids).execute()
        : table === 'journey'
          ? await tx.trx.selectFrom('journey').selectAll().where('id', 'in', ids).execute()
          : table === 'journey_leg'
            ? await tx.trx.selectFrom('journey_leg').selectAll().where('id', 'in', ids).execute()
            : await tx.trx.selectFrom('character').selectAll().where('id', 'in', ids).execute()
  return rows as Row[]
}

/**
 * The rows one step changes: call `touching` before changing a row (its before-image is taken
 * once per step), `created` for a row the step made, and `changes` at the end.
 * @example const rows = new RowSnapshots(tx); await rows.touching('injury', 4); …; await rows.changes()
 */
export class RowSnapshots<T extends SnapshotTable = SnapshotTable> {
  private readonly befores = new Map<string, { table: T; id: number; before: Row | null }>()

  constructor(private readonly tx: Tx) {}

  async touching(table: T, id: number): Promise<void> {
    const key = `${table}:${id}`
    if (!this.befores.has(key)) this.befores.set(key, { table, id, before: await readRow(this.tx, table, id) })
  }

  /** Remembers a row as it was, already read by the caller (in a batch), once per step. */
  touchingAs(table: T, id: number, before: Row | null): void {
    const key = `${table}:${id}`
    if (!this.befores.has(key)) this.befores.set(key, { table, id, before })
  }

  /** A row the step created: undoing the step deletes it. */
  created(table: T, id: number): void {
    this.befores.set(`${table}:${id}`, { table, id, before: null })
  }

  /** Each touched row, before and as it is now. */
  async changes(): Promise<RowChange<T>[]> {
    // The rows as they are now, read one query per table.
    const now = new Map<string, Row>()
    const ids = new Map<T, number[]>()
    for (const { table, id } of this.befores.values()) ids.set(table, [...(ids.get(table) ?? []), id])
    for (const [table, list] of ids) for (const row of await readRows(this.tx, table, list)) now.set(`${table}:${String(row.id)}`, row)
    const changes: RowChange<T>[] = []
    for (const [key, { table, id, before }] of this.befores) changes.push({ table, id, before, after: now.get(key) ?? null })
    return changes
  }
}

/** The first row that is no longer as the step left it (a GM edit since), or null. */
export async function changedSince<T extends SnapshotTable>(tx: Tx, changes: readonly RowChange<T>[]): Promise<RowChange<T> | null> {
  for (const change of changes) {
    if (JSON.stringify(await readRow(tx, change.table, change.id)) !== JSON.stringify(change.after)) return change
  }
  return null
}

/** What a changed row is, in a GM's words: "the item “Torches”", "Glam’s sheet", "an injury". */
export function rowWords(change: RowChange): string {
  const name = String((change.after ?? change.before)?.name ?? change.id)
  if (change.table === 'journey') return `the journey “${name}”`
  if (change.table === 'journey_leg') return 'a leg of the journey'
  return change.table === 'inventory_item' ? `the item “${name}”` : change.table === 'character' ? `${name}’s sheet` : 'an injury'
}

/** Puts a row back as it was before the step: updated, re-inserted, or deleted if the step made it. */
export async function restoreRow(tx: Tx, change: RowChange): Promise<void> {
  const { table, id, before } = change
  if (before === null) {
    await tx.trx.deleteFrom(table).where('id', '=', id).execute()
    return
  }
  const { id: _id, ...rest } = before
  // The row is restored column for column as it was read; its shape is the table's own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  if (await readRow(tx, table, id)) await tx.trx.updateTable(table).set(rest as any).where('id', '=', id).execute()
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  else await tx.trx.insertInto(table).values(before as any).execute()
}

/** The log entries a step wrote, by their id range (a step's entries are consecutive). */
export interface StepLogRange {
  first_log_id: number
  last_log_id: number
}

/** The step tables that keep their log entries as a range. */
export type StepTableName = 'clock_step' | 'osr_step' | 'challenge_step'

/**
 * Marks a step's log entries undone, as its rows are restored.
 * @example await markStepLogUndone(tx, 1, { first_log_id: 40, last_log_id: 43 })
 */
export async function markStepLogUndone(tx: Tx, campaignId: number, step: StepLogRange): Promise<void> {
  await tx.trx
    .updateTable('log_entry')
    .set({ undone: 1 })
    .where('campaign_id', '=', campaignId)
    .where('id', '>=', step.first_log_id)
    .where('id', '<=', step.last_log_id)
    .execute()
}

/**
 * Whether a log entry was written by the campaign's last step in `table` not yet undone: the table's
 * general undo then takes that whole step back, not the entry alone.
 * @example await lastStepWrote(db, 'osr_step', 1, 41) // true: entry 41 is the strike's injury
 */
export async function lastStepWrote(db: Kysely<Database>, table: StepTableName, campaignId: number, logEntryId: number): Promise<boolean> {
  const step = await db
    .selectFrom(table)
    .select(['first_log_id', 'last_log_id'])
    .where('campaign_id', '=', campaignId)
    .where('undone', '=', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return step !== undefined && logEntryId >= step.first_log_id && logEntryId <= step.last_log_id
}
