/**
 * RK-8 at the table, outside a roll: the GM marks Harm (beyond Doomed, the character is out of the
 * scene with Courage to roll) or recovers it. The Harm is an injury record, logged as one.
 */
import type { HarmBox } from '../../engines/ranks'
import { unitOfWork, type ServiceDeps, AppError } from '../core'
import { requireRanksCampaign } from './campaign'
import { markHarm, recoverHarmBox } from './harm'
import { characterOf, logRanks } from './people'
import { readTracker, writeTracker } from './state'

/**
 * Marks the lowest free Harm box. With every box marked the Harm goes beyond Doomed: nothing is
 * marked, and the character is out of the scene until their Courage roll (RK-8).
 * @example await takeHarmNow(deps, { characterId: 4, description: 'fell from the bridge' })
 */
export function takeHarmNow(deps: ServiceDeps, input: { characterId: number; description: string }): Promise<number> {
  return unitOfWork(deps, async (tx) => {
    const character = await characterOf(tx.trx, null, input.characterId)
    await requireRanksCampaign(tx.trx, character.campaign_id)
    const tracker = await readTracker(tx.trx, character.campaign_id)
    if (tracker.courageDue.includes(character.id)) {
      const problem = `${character.name} is already beyond Doomed and out of the scene: roll their Courage first (RK-8)`
      throw new AppError('refused', `${problem}. Nothing was changed.`, [{ field: 'characterId', problem }])
    }
    const marked = await markHarm(tx, character.id, input.description)
    if (marked.beyondDoomed) {
      await writeTracker(tx, character.campaign_id, { ...tracker, courageDue: [...tracker.courageDue, character.id] })
      await logRanks(tx, character.campaign_id, 'ranks.beyondDoomed', { characterId: character.id, name: character.name, description: input.description })
    }
    return character.id
  })
}

/**
 * Recovers one Harm box: the one named, or the highest marked.
 * @example await recoverHarmNow(deps, { characterId: 4 }) // 'hurt'
 */
export function recoverHarmNow(deps: ServiceDeps, input: { characterId: number; box?: HarmBox | undefined }): Promise<HarmBox> {
  return unitOfWork(deps, async (tx) => {
    const character = await characterOf(tx.trx, null, input.characterId)
    await requireRanksCampaign(tx.trx, character.campaign_id)
    return recoverHarmBox(tx, character.id, input.box)
  })
}
