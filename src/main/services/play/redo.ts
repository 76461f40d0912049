/**
 * Redo of what was just undone: the action on top of the redo stack is made again by calling its
 * method with its input, at the dice counter it first rolled at, so every die shows the same face
 * (campaign dice are seeded by `${seed}#${counter}`, and the undo gave the counter back). The new
 * action takes the old one's place on the undo stack; the rest of the redo stack stays, with the
 * ids it names brought up to date (remap.ts). A new action of any other kind clears the redo stack.
 */
import { type ActionRow, type ServiceDeps, type Tx, AppError, appendLog, inActionScope } from '../core'
import { actionRecorder } from './record'
import { remapRedoStack } from './remap'
import { actionWords } from './undo'

/** Calls an API method as the GM, without recording it again (the redo records it). */
export type Rerun = (method: string, input: unknown) => Promise<unknown>

export interface Redone {
  redone: string
  actionId: number
}

/** The action on top of the redo stack: the one undone last, while nothing new has been done since. */
export async function nextRedo(deps: ServiceDeps, campaignId: number): Promise<ActionRow | null> {
  const row = await deps.db
    .selectFrom('action')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'undone')
    .where('redoable', '=', 1)
    .orderBy('undone_seq', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ?? null
}

/**
 * @example await redoLastUndone(deps, 1, rerun) // { redone: 'Advanced 1 turn to Day 1 · 00:05', actionId: 12 }
 */
export async function redoLastUndone(deps: ServiceDeps, campaignId: number, rerun: Rerun): Promise<Redone> {
  const target = await nextRedo(deps, campaignId)
  if (!target) {
    throw new AppError('refused', 'There is nothing to redo: redo makes again what undo just took back, until something new is done.', [
      { field: 'campaignId', problem: 'nothing to redo' },
    ])
  }
  let made: ActionRow | null = null
  let counterNow: number | null = null
  // The first roll of the redo takes the counter the action first rolled at.
  const dice = async (tx: Tx, id: number): Promise<void> => {
    if (counterNow !== null || target.dice_before === null || id !== campaignId) return
    counterNow = (await tx.trx.selectFrom('campaign').select('dice_counter').where('id', '=', id).executeTakeFirstOrThrow()).dice_counter
    await tx.trx.updateTable('campaign').set({ dice_counter: target.dice_before }).where('id', '=', id).execute()
  }
  const onRecorded = async (tx: Tx, row: ActionRow): Promise<void> => {
    const still = await tx.trx.selectFrom('action').select('redoable').where('id', '=', target.id).executeTakeFirstOrThrow()
    if (still.redoable !== 1) throw new AppError('conflict', `“${actionWords(target)}” was redone or cleared meanwhile; nothing was redone.`)
    await tx.trx.updateTable('action').set({ status: 'redone', redoable: 0 }).where('id', '=', target.id).execute()
    await tx.trx.updateTable('action').set({ redo_of: target.id }).where('id', '=', row.id).execute()
    await remapRedoStack(tx, target, row)
    // Rolls made since the undo (outside any action) keep their counters: the sequence goes on after the highest.
    if (counterNow !== null) {
      const after = (await tx.trx.selectFrom('campaign').select('dice_counter').where('id', '=', campaignId).executeTakeFirstOrThrow()).dice_counter
      if (counterNow > after) await tx.trx.updateTable('campaign').set({ dice_counter: counterNow }).where('id', '=', campaignId).execute()
    }
    await appendLog(tx, { campaignId, kind: 'play.redone', bookkeeping: true, payload: { actionId: row.id, redoOf: target.id, kind: row.kind, what: actionWords(row) } })
    made = row
  }
  const input = JSON.parse(target.input) as unknown
  await inActionScope(actionRecorder(target.method, input, { dice, onRecorded }), () => rerun(target.method, input))
  const redone = made as ActionRow | null
  if (!redone) throw new AppError('refused', `Making “${actionWords(target)}” again wrote nothing, so there is nothing to redo.`)
  return { redone: actionWords(redone), actionId: redone.id }
}
