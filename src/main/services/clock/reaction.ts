/**
 * The reaction of a threat whose intent is unknown, rolled after an encounter with its odds first:
 * OSR-13's d6 + the closest member's S in an old-school campaign; in the other systems a plain d6
 * read with OSR-13's bands, which the campaign's settings can turn off (CLK-4).
 */
import { reactionOdds, rollReaction } from '../../engines/osr'
import { SYSTEMS } from '../../../shared/systems'
import { campaignDice, unitOfWork, type ServiceDeps, appendLog, requireCampaign, AppError } from '../core'
import { loadStoredClock } from './store'
import { reactionRoll } from './screen'

export type Reaction = 'hostile' | 'uncertain' | 'friendly'

/** Exact odds of each reaction for a spirit modifier (OSR-13). @example reactionChances(1).friendly // 0.5 */
export function reactionChances(spirit: number): Record<Reaction, number> {
  return reactionOdds({ spirit })
}

/**
 * Rolls the reaction with the campaign's dice, logs the face, and says the reaction: d6 + the
 * spirit of the party member closest to the threat (OSR-13), or a plain d6 outside `osr` (CLK-4).
 * @example await rollEncounterReaction(deps, { campaignId: 1, spirit: 1, who: 'Glam' })
 */
export async function rollEncounterReaction(
  deps: ServiceDeps,
  input: { campaignId: number; spirit?: number | undefined; who?: string | undefined },
): Promise<{ face: number; total: number; reaction: Reaction; odds: Record<Reaction, number>; roll: 'd6 + S' | 'd6' }> {
  return unitOfWork(deps, async (tx) => {
    const { system } = await requireCampaign(tx, input.campaignId)
    const roll = await reactionRoll(tx.trx, input.campaignId, system)
    const spirit = input.spirit ?? 0
    if (roll === 'off') {
      throw new AppError('refused', 'The reaction roll is off in this campaign’s settings (Reaction roll after an encounter): decide the threat’s intent yourself, or turn it on in Settings.')
    }
    if (roll === 'd6' && spirit !== 0) {
      throw new AppError(
        'refused',
        `The closest member’s S counts only in an old-school campaign (OSR-13); in ${SYSTEMS[system].name} the reaction is a plain d6 (CLK-4). Nothing was rolled.`,
        [{ field: 'spirit', problem: 'only old-school campaigns add S' }],
      )
    }
    const clock = await loadStoredClock(tx, input.campaignId)
    const dice = await campaignDice(tx, input.campaignId)
    const r = rollReaction(dice, { spirit })
    await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'encounter.reaction',
      gameTime: clock.time,
      payload: { face: r.face, spirit, total: r.total, reaction: r.reaction, who: input.who ?? null, roll },
      dice: dice.faces,
    })
    return { face: r.face, total: r.total, reaction: r.reaction, odds: reactionChances(spirit), roll }
  })
}
