/**
 * LODE at the table: odds, rolls, re-rolls, opposed rolls, deliberate Halfmagic and
 * giving it up, and the scene LODE-11 counts against. Each step is one transaction with its log
 * entry and faces; points go through the ledger.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { BASE_DICE_TABLE } from '../../engines/lode'
import type { MethodOutput } from '../../../shared/contract'
import { lodeWeb } from './rollers'
import { currentScene, sceneView } from './scene'
import { loadRoll, rollView } from './store'

export { lodeOdds, rollLode, rerollLode } from './pool'
export { lodeOpposedOdds, rollOpposed } from './opposed'
export { startDeliberate, rerollDeliberateAttempt, stopDeliberateAttempt } from './deliberate'
export { giveUpHalfmagicAt } from './give-up'
export { newScene } from './scene'
export { undoLodeStep } from './undo'

/**
 * What the LODE table opens with: the Web, the Base Dice table (LODE-12), the scene, and the
 * latest roll (so a reload shows where play stood).
 * @example await lodeTable(db, { campaignId: 1 }) // { web: 9, baseDiceTable: [...], scene: { number: 1, … }, last: null }
 */
export async function lodeTable(db: Kysely<Database>, input: { campaignId: number }): Promise<MethodOutput<'lode.table'>> {
  const web = await lodeWeb(db, input.campaignId)
  const latest = await db.selectFrom('lode_roll').select('id').where('campaign_id', '=', input.campaignId).orderBy('id', 'desc').limit(1).executeTakeFirst()
  return {
    web,
    baseDiceTable: BASE_DICE_TABLE.map((row) => ({ ...row })),
    scene: await sceneView(db, await currentScene(db, input.campaignId)),
    last: latest ? await rollView(db, await loadRoll(db, latest.id)) : null,
  }
}
