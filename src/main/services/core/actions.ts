/**
 * The GM's actions as rows (migration 0012): the newest standing one is what undo takes back,
 * newest first, across every kind of action. Each system's own undo button (the clock bar's, the
 * old-school and Challenge tables') goes through `stepUndoGate`, so it too undoes only the newest.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ActionRow } from '../../db/schema-actions'
import type { Tx } from './context'
import { AppError } from './errors'
import type { StepLogRange } from './row-snapshots'

export type { ActionRow }

/**
 * The campaign's newest action that stands (not undone).
 * @example await newestStandingAction(db, 1) // { id: 9, summary: 'Advanced 1 turn to Day 1 · 00:05.', … }
 */
export async function newestStandingAction(db: Kysely<Database>, campaignId: number): Promise<ActionRow | null> {
  const row = await db
    .selectFrom('action')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'done')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ?? null
}

/**
 * Marks an action undone, on top of the redo stack, and gives its rolls back to the campaign's
 * dice when nothing has rolled since (a redo, or the next roll, takes the same counter again).
 * @example await markActionUndone(tx, action)
 */
export async function markActionUndone(tx: Tx, action: ActionRow): Promise<void> {
  // On top of the redo stack as it stands: the actions still redoable (their partial index, so an
  // undo reads a few rows however many actions the campaign has made).
  const last = await tx.trx
    .selectFrom('action')
    .select((eb) => eb.fn.max('undone_seq').as('seq'))
    .where('campaign_id', '=', action.campaign_id)
    .where('redoable', '=', 1)
    .executeTakeFirst()
  await tx.trx
    .updateTable('action')
    .set({ status: 'undone', redoable: 1, undone_seq: Number(last?.seq ?? 0) + 1 })
    .where('id', '=', action.id)
    .execute()
  // The foes the players met in it are met no longer: a redo meets them again.
  await tx.trx
    .deleteFrom('players_foe')
    .where('campaign_id', '=', action.campaign_id)
    .where('log_entry_id', '>=', action.first_log_id)
    .where('log_entry_id', '<=', action.last_log_id)
    .execute()
  if (action.dice_before !== null && action.dice_after !== null) {
    await tx.trx
      .updateTable('campaign')
      .set({ dice_counter: action.dice_before })
      .where('id', '=', action.campaign_id)
      .where('dice_counter', '=', action.dice_after)
      .execute()
  }
}

/** Log entries of an action outside a step's range that still stand. */
async function standingOutside(db: Kysely<Database>, action: ActionRow, step: StepLogRange): Promise<number> {
  const row = await db
    .selectFrom('log_entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', action.campaign_id)
    .where('id', '>=', action.first_log_id)
    .where('id', '<=', action.last_log_id)
    .where('undone', '=', 0)
    .where((eb) => eb.or([eb('id', '<', step.first_log_id), eb('id', '>', step.last_log_id)]))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * Whether a system's own undo may take back its last step: only when the step is all that stands
 * of the campaign's newest action. Returns that action (to mark undone with the step), null when
 * the step is newer than every recorded action, or why not.
 * @example const action = await stepUndoGate(tx.trx, 1, step) // throws while a newer roll stands
 */
export async function stepUndoGate(db: Kysely<Database>, campaignId: number, step: StepLogRange): Promise<ActionRow | null> {
  const newest = await newestStandingAction(db, campaignId)
  if (!newest || newest.last_log_id < step.first_log_id) return null
  const inside = newest.first_log_id <= step.first_log_id && step.last_log_id <= newest.last_log_id
  if (inside && (await standingOutside(db, newest, step)) === 0) return newest
  const what = newest.summary.replace(/\.$/, '')
  throw new AppError('refused', `The last action is “${what}”: undo that first (Ctrl+Z undoes the last action, whatever it was). Nothing was undone.`, [
    { field: 'campaignId', problem: `“${what}” is the last action` },
  ])
}

/**
 * Whether a system's last step can be undone by its own button now, without refusing.
 * @example await stepUndoable(db, 1, step) // false while a newer roll stands
 */
export async function stepUndoable(db: Kysely<Database>, campaignId: number, step: StepLogRange): Promise<boolean> {
  try {
    await stepUndoGate(db, campaignId, step)
    return true
  } catch (err) {
    if (err instanceof AppError) return false
    throw err
  }
}
