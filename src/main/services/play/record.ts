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

/** Ids created, by table, as [first, last]. */
export type CreatedIds = Partial<Record<string, [number, number]>>

/** The last id given in each table whose new rows a redo remaps (SQLite's AUTOINCREMENT counters, PostgreSQL's sequences). */
async function sequences(tx: Tx): Promise<Record<string, number>> {
  const rows =
    dialectOf(tx.trx) === 'postgres'
      ? await sql<{ name: string; seq: number }>`select t.name, coalesce(pg_sequence_last_value(pg_get_serial_sequence(t.name, 'id')), 0) as seq
          from unnest(${[...REMAPPED_TABLES]}::text[]) as t(name)`.execute(tx.trx)
      : await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence where name in (${sql.join([...REMAPPED_TABLES])})`.execute(tx.trx)
  return Object.fromEntries(rows.rows.map((r) => [r.name, Number(r.seq)]))
}

function createdBetween(before: Record<string, number>, after: Record<string, number>, into: CreatedIds): CreatedIds {
  for (const [table, seq] of Object.entries(after)) {
    const from = before[table] ?? 0
    if (seq > from) into[table] = [into[table]?.[0] ?? from + 1, seq]
  }
  return into
}

function mergeCreated(earlier: CreatedIds, later: CreatedIds): CreatedIds {
  const merged = { ...earlier }
  for (const [table, range] of Object.entries(later)) if (range) merged[table] = [earlier[table]?.[0] ?? range[0], range[1]]
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
      const created = createdBetween(seqs.get(tx) ?? {}, await sequences(tx), {})
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
      // Something new was done: what was undone before it can no longer be redone.
      else await tx.trx.updateTable('action').set({ redoable: 0 }).where('campaign_id', '=', campaignId).where('status', '=', 'undone').where('redoable', '=', 1).execute()
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
