/**
 * Recording the GM's actions: each call of an action method (action-methods.ts) runs in an action
 * scope, and the unit of work that writes its log entries writes its `action` row too, in the same
 * transaction: the log range, the dice it took, the ids it created, and the method and input that
 * make it again on redo. A new action clears the redo stack; a redo does not.
 */
import { sql } from 'kysely'
import { dialectOf } from '../../db/connection'
import type { LogEntry } from '../../../shared/contract'
import { describeLogEntry } from '../../../shared/log-text'
import { type ActionRow, type ActionScope, type Tx, type UnitWrites, inActionScope } from '../core'
import { isActionMethod, REMAPPED_TABLES } from './action-methods'

/**
 * Ids created, by table: [first, last] where no other change can take an id in between (SQLite's
 * one writer), or exactly which on PostgreSQL, where other campaigns' changes take ids from the
 * same sequences at the same time.
 */
export type CreatedIds = Partial<Record<string, [number, number] | { ids: number[] }>>

/** The ids of one table's entry, in the order made. */
export function createdIds(entry: [number, number] | { ids: number[] } | undefined): number[] {
  if (!entry) return []
  if (!Array.isArray(entry)) return entry.ids
  return Array.from({ length: Math.max(0, entry[1] - entry[0] + 1) }, (_, i) => entry[0] + i)
}

/** The last id given in each table whose new rows a redo remaps (SQLite's AUTOINCREMENT counters, PostgreSQL's sequences). */
async function sequences(tx: Tx): Promise<Record<string, number>> {
  const rows =
    dialectOf(tx.trx) === 'postgres'
      ? await sql<{ name: string; seq: number }>`select t.name, coalesce(pg_sequence_last_value(pg_get_serial_sequence(t.name, 'id')), 0) as seq
          from unnest(${[...REMAPPED_TABLES]}::text[]) as t(name)`.execute(tx.trx)
      : await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence where name in (${sql.join([...REMAPPED_TABLES])})`.execute(tx.trx)
  return Object.fromEntries(rows.rows.map((r) => [r.name, Number(r.seq)]))
}

/**
 * What this unit created between the two readings of the sequences. On PostgreSQL, of the ids
 * given meanwhile, those of rows this transaction wrote (`xmin`), found by primary key.
 */
async function createdBetween(tx: Tx, before: Record<string, number>, after: Record<string, number>): Promise<CreatedIds> {
  const into: CreatedIds = {}
  const grown = Object.entries(after).filter(([table, seq]) => seq > (before[table] ?? 0))
  if (dialectOf(tx.trx) !== 'postgres') {
    for (const [table, seq] of grown) into[table] = [(before[table] ?? 0) + 1, seq]
    return into
  }
  if (grown.length === 0) return into
  const parts = grown.map(
    ([table, seq]) =>
      sql`select ${table}::text as t, id from ${sql.table(table)} where id > ${before[table] ?? 0} and id <= ${seq} and xmin = pg_current_xact_id()::xid`,
  )
  const { rows } = await sql<{ t: string; id: number }>`${sql.join(parts, sql` union all `)} order by 1, 2`.execute(tx.trx)
  for (const r of rows) ((into[r.t] ??= { ids: [] }) as { ids: number[] }).ids.push(r.id)
  return into
}

function mergeCreated(earlier: CreatedIds, later: CreatedIds): CreatedIds {
  const merged = { ...earlier }
  for (const [table, made] of Object.entries(later)) {
    if (!made) continue
    const was = earlier[table]
    merged[table] = Array.isArray(made) && (was === undefined || Array.isArray(was)) ? [was?.[0] ?? made[0], made[1]] : { ids: [...createdIds(was), ...createdIds(made)] }
  }
  return merged
}

/** Consequences an action wrote beside its own entry: the action is named by its own. */
const CONSEQUENCE = /^(injury|ledger|character|inventory)\.|^clock\.(event\.|timer-set$)/

/**
 * The entry that names an action: its first of the method's own module, else its first that is
 * not a consequence, else its first.
 * @example headEntry('ladder.combat.round', logs).kind // 'ladder.combat.round', not the 'injury.recorded' or clock timers beside it
 */
export function headEntry(method: string, logs: readonly LogEntry[]): LogEntry {
  const own = `${method.split('.')[0]!}.`
  return logs.find((e) => e.kind.startsWith(own)) ?? logs.find((e) => !CONSEQUENCE.test(e.kind)) ?? logs[0]!
}

/** What a recorder does once its action's row is written (a redo links it to the action it made again). */
export type OnRecorded = (tx: Tx, made: ActionRow) => Promise<void>

/**
 * The scope that records one call of `method` as an action. With `onRecorded`, the call is a redo:
 * the redo stack stays, and the callback links the new row.
 */
export function actionRecorder(method: string, input: unknown, redo?: { dice: (tx: Tx, campaignId: number) => Promise<void>; onRecorded: OnRecorded }): ActionScope<Tx> {
  const seqs = new WeakMap<Tx, Record<string, number>>()
  let actionId: number | null = null
  return {
    async begin(tx) {
      seqs.set(tx, await sequences(tx))
    },
    async beforeDice(tx, campaignId) {
      if (redo) await redo.dice(tx, campaignId)
    },
    async finish(tx, writes: UnitWrites) {
      const logs = writes.logs
      const campaignId = logs[0]!.campaignId
      const ids = logs.map((e) => e.id)
      const created = await createdBetween(tx, seqs.get(tx) ?? {}, await sequences(tx))
      if (actionId !== null) {
        // A later unit of the same call extends its action.
        const row = await tx.trx.selectFrom('action').selectAll().where('id', '=', actionId).executeTakeFirstOrThrow()
        await tx.trx
          .updateTable('action')
          .set({
            last_log_id: ids.reduce((a, b) => Math.max(a, b), row.last_log_id),
            dice_before: row.dice_before ?? writes.dice?.before ?? null,
            dice_after: writes.dice?.after ?? row.dice_after,
            created: JSON.stringify(mergeCreated(JSON.parse(row.created) as CreatedIds, created)),
          })
          .where('id', '=', actionId)
          .execute()
        return
      }
      const head = headEntry(method, logs)
      const made = await tx.trx
        .insertInto('action')
        .values({
          campaign_id: campaignId,
          method,
          input: JSON.stringify(input ?? {}),
          kind: head.kind,
          summary: describeLogEntry(head),
          first_log_id: ids.reduce((a, b) => Math.min(a, b)),
          last_log_id: ids.reduce((a, b) => Math.max(a, b)),
          dice_before: writes.dice?.before ?? null,
          dice_after: writes.dice?.after ?? null,
          created: JSON.stringify(created),
          made_by: tx.gm,
          created_at: tx.realTime,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      actionId = made.id
      if (redo) await redo.onRecorded(tx, made)
      // Something new was done: what was undone before it can no longer be redone. Only an undone
      // action is ever redoable; asking for redoable alone lets the redo stack's partial index find
      // them, where asking for 'undone' too read every undone action the campaign ever had.
      else await tx.trx.updateTable('action').set({ redoable: 0 }).where('campaign_id', '=', campaignId).where('redoable', '=', 1).execute()
    },
  }
}

type Handler = (input: never, ctx: never) => unknown

/**
 * The handlers with every action method recorded as it is called.
 * @example const handlers = recordingActions({ ...clockHandlers(deps), … })
 */
export function recordingActions<H extends Record<string, Handler>>(handlers: H): H {
  const wrapped: Record<string, Handler> = { ...handlers }
  for (const [method, handler] of Object.entries(handlers) as [string, (input: unknown, ctx: unknown) => unknown][]) {
    if (!isActionMethod(method)) continue
    wrapped[method] = ((input: unknown, ctx: unknown) => inActionScope(actionRecorder(method, input), async () => handler(input, ctx))) as Handler
  }
  return wrapped as H
}
