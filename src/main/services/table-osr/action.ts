/**
 * Every GM action at the old-school table runs here: one transaction holding the change, its log
 * entries and the step that lets it be undone.
 */
import { unitOfWork, type ServiceDeps, type Tx } from '../core'
import { requireOsrCampaign } from './fighters'
import { loadTableState, saveTableState, type OsrTableState } from './state'
import { TableStep } from './steps'
import { foeHarmOf } from './harm'
import { withFoeHarm } from './foes'

export interface ActionContext {
  tx: Tx
  campaignId: number
  step: TableStep
  /** The table as it was when the action began. */
  state: OsrTableState
}

export interface ActionOutcome<T> {
  /** The table's new state; unchanged when absent. */
  state?: OsrTableState
  /** One line for the undo button: "Glam struck the Brigand Chief: 2 H". */
  summary: string
  result: T
}

/**
 * Runs one action at the table in one unit of work; `fn` writes its log entries through `step`.
 * @example await tableAction(deps, 1, 'harm', async ({ step }) => { …; return { summary: 'Glam took 2 H', result } })
 */
export async function tableAction<T>(deps: ServiceDeps, campaignId: number, action: string, fn: (ctx: ActionContext) => Promise<ActionOutcome<T>>): Promise<T> {
  await requireOsrCampaign(deps.db, campaignId)
  return unitOfWork(deps, async (tx) => {
    const step = await TableStep.begin(tx, campaignId)
    const state = await loadTableState(tx.trx, campaignId)
    const outcome = await fn({ tx, campaignId, step, state })
    const harmed = foeHarmOf(tx)
    if (outcome.state || harmed.size > 0) await saveTableState(tx, campaignId, withFoeHarm(outcome.state ?? state, harmed))
    await step.finish(action, outcome.summary)
    return outcome.result
  })
}

/**
 * The state with a combatant marked as having acted this round (OSR-14: one action a round).
 * @example markActed(state, 4).combat?.acted // [4]
 */
export function markActed(state: OsrTableState, characterId: number): OsrTableState {
  const combat = state.combat
  if (!combat || !combat.combatants.some((c) => c.characterId === characterId) || combat.acted.includes(characterId)) return state
  return { ...state, combat: { ...combat, acted: [...combat.acted, characterId] } }
}
