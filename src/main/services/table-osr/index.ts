/**
 * The old-school core at the table: the roll panel's odds and rolls, harm, spells and
 * the combat tracker, each action one undoable step. Other systems' tables live beside it.
 */
import type { OsrHarmReport, OsrFighter, OsrTableView } from '../../../shared/contract'
import { unitOfWork, type ServiceDeps, appendLog, markBookkeeping } from '../core'
import { tableAction } from './action'
import { loadFighter, requireOsrCampaign } from './fighters'
import { harmPayload, landHarm, prepareHarm } from './harm'
import { undoLastTableStep } from './steps'
import { tableView } from './view'
import { followCombat } from '../clock'
import { osrCombatFollower } from './follow'

// The tracker follows the clock's combat: started, played and ended in the clock's own steps.
followCombat('osr', osrCombatFollower)

export { rollOdds, initiativeOddsFor } from './odds'
export { rollAtTable } from './rolls'
export { prepareOsrSpells } from './spells'
export { actInOsrCombat, endOsrCombat, joinOsrCombat, leaveOsrCombat, playOsrRound, reloadOsrWeapon, rollOsrInitiative, startOsrCombat } from './combat'
export { editOsrFoe, saveOsrFoe, typeOsrFoe } from './foe-actions'
export { undoLastTableStep, lastTableStep, undoOsrStepRow } from './steps'

/**
 * A character's numbers at the table.
 * @example await osrFighter(deps, { characterId: 4 }) // { name: 'Glam', B: -1, armour: { modifier: 0, item: null }, … }
 */
export function osrFighter(deps: ServiceDeps, input: { characterId: number }): Promise<OsrFighter> {
  return loadFighter(deps.db, input.characterId)
}

/**
 * The table as it stands.
 * @example await osrTable(deps, { campaignId: 1 }) // { dark: true, combat: null, preparations: [], … }
 */
export async function osrTable(deps: ServiceDeps, input: { campaignId: number }): Promise<OsrTableView> {
  await requireOsrCampaign(deps.db, input.campaignId)
  return unitOfWork(deps, (tx) => tableView(tx, input.campaignId))
}

/**
 * Harm from anything the table did not roll — a fall, a spell's blast, a trap (OSR-19). A blow can
 * break or sever a limb; H lost otherwise cannot.
 * @example await harmAtTable(deps, { campaignId: 1, characterId: 7, harm: 4, blow: true, cause: 'Smite Foe' })
 */
export async function harmAtTable(
  deps: ServiceDeps,
  input: { campaignId: number; characterId: number; harm: number; blow: boolean; part?: string | undefined; cause: string },
): Promise<OsrHarmReport> {
  return tableAction(deps, input.campaignId, 'harm', async (ctx) => {
    const prepared = await prepareHarm(ctx.tx, { campaignId: input.campaignId, characterId: input.characterId, blows: [input.harm], paid: !input.blow, part: input.part, cause: input.cause })
    await ctx.step.log({ kind: 'osr.harm', payload: { ...harmPayload(prepared), cause: input.cause, blow: input.blow } })
    const report = await landHarm(ctx.tx, ctx.step, prepared)
    return { summary: `${report.name} took ${input.harm} H`, result: report }
  })
}

/**
 * Undoes the last action at the table as a compensating change: the sheets, injuries and table as
 * they were, its log entries marked undone, and an entry saying so.
 * @example await undoAtTable(deps, { campaignId: 1 }) // { undone: 'Glam struck at the Brigand Chief: 2 H', view }
 */
export async function undoAtTable(deps: ServiceDeps, input: { campaignId: number }): Promise<{ undone: string; view: OsrTableView }> {
  await requireOsrCampaign(deps.db, input.campaignId)
  return unitOfWork(deps, async (tx) => {
    // What an undo writes is its own bookkeeping, no part of the story.
    markBookkeeping(tx)
    const undone = await undoLastTableStep(tx, input.campaignId)
    await appendLog(tx, { campaignId: input.campaignId, kind: 'osr.undone', payload: { action: undone.action, summary: undone.summary } })
    for (const c of undone.changes) {
      const row = c.after ?? c.before
      const characterId = c.table === 'character' ? c.id : typeof row?.character_id === 'number' ? row.character_id : null
      tx.emitAfterCommit('record.changed', { campaignId: input.campaignId, kind: c.table, id: c.id, change: c.before === null ? 'deleted' : 'updated', characterId })
    }
    return { undone: undone.summary, view: await tableView(tx, input.campaignId) }
  })
}
