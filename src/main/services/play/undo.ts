/**
 * Undo of the last action at the table, whatever it was and however many log entries it wrote:
 * the campaign's newest standing action (its own row, written with it) is taken back whole, as a
 * compensating change in one transaction, and goes on top of the redo stack. Pressed again, undo
 * walks further back, one action at a time, newest first, across every kind of action.
 */
import type { ActionRow } from '../../db/schema-actions'
import { unitOfWork, type ServiceDeps, AppError, appendLog, markActionUndone, markBookkeeping, newestStandingAction } from '../core'
import { undoActionEffects } from './units'

export interface Undone {
  /** What was undone, in the log's words. */
  undone: string
  /** The log entry that says so. */
  logEntryId: number
  actionId: number
}

/** The action's words without the sentence's full stop, for "Undone: …". */
export function actionWords(a: Pick<ActionRow, 'summary'>): string {
  return a.summary.replace(/\.$/, '')
}

/**
 * @example await undoLastAction(deps, 1) // { undone: 'Advanced 1 turn to Day 1 · 00:05', logEntryId: 41, actionId: 7 }
 */
export async function undoLastAction(deps: ServiceDeps, campaignId: number): Promise<Undone> {
  return unitOfWork(deps, async (tx) => {
    // What an undo writes (the entries that take the action back, and its own) is bookkeeping, no part of the story.
    markBookkeeping(tx)
    const action = await newestStandingAction(tx.trx, campaignId)
    if (!action) throw new AppError('refused', 'There is nothing to undo in this campaign’s log.', [{ field: 'campaignId', problem: 'nothing to undo' }])
    await undoActionEffects(tx, action)
    await markActionUndone(tx, action)
    const what = actionWords(action)
    const logged = await appendLog(tx, { campaignId, kind: 'play.undone', payload: { actionId: action.id, kind: action.kind, what } })
    return { undone: what, logEntryId: logged.id, actionId: action.id }
  })
}
