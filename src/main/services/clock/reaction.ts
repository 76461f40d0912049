/** OSR-13: the reaction of a threat whose intent is unknown, rolled after an encounter, with its odds first. */
import { reactionOdds, rollReaction } from '../../engines/osr'
import { campaignDice, unitOfWork, type ServiceDeps, appendLog, requireCampaign } from '../core'
import { loadStoredClock } from './store'

export type Reaction = 'hostile' | 'uncertain' | 'friendly'

/** Exact odds of each reaction for a spirit modifier (OSR-13). @example reactionChances(1).friendly // 0.5 */
export function reactionChances(spirit: number): Record<Reaction, number> {
  return reactionOdds({ spirit })
}

/**
 * Rolls d6 + the spirit of the party member closest to the threat, logs the face, and says the reaction.
 * @example await rollEncounterReaction(deps, { campaignId: 1, spirit: 1, who: 'Glam' })
 */
export async function rollEncounterReaction(
  deps: ServiceDeps,
  input: { campaignId: number; spirit: number; who?: string | undefined },
): Promise<{ face: number; total: number; reaction: Reaction; odds: Record<Reaction, number> }> {
  return unitOfWork(deps, async (tx) => {
    await requireCampaign(tx, input.campaignId)
    const clock = await loadStoredClock(tx, input.campaignId)
    const dice = await campaignDice(tx, input.campaignId)
    const r = rollReaction(dice, { spirit: input.spirit })
    await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'encounter.reaction',
      gameTime: clock.time,
      payload: { face: r.face, spirit: input.spirit, total: r.total, reaction: r.reaction, who: input.who ?? null },
      dice: dice.faces,
    })
    return { face: r.face, total: r.total, reaction: r.reaction, odds: reactionChances(input.spirit) }
  })
}
