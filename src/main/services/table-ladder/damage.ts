/**
 * Arbitrary damage (LAD-16): a falling tree, a grenade. The GM picks a level, the victim rolls one
 * d6 (1 steps it down, 6 up; a toughness asset steps down on 1 or 2), and what is left lands as an
 * injury (LAD-18) with its timers on the clock (LAD-17, LAD-19).
 */
import type { ParsedInput } from '../../../shared/contract'
import { UNHURT, rollDamage } from '../../engines/ladder'
import { unitOfWork, type ServiceDeps, campaignDice, appendLog } from '../core'
import { byTheRules, requireLadderCampaign } from './refusal'
import { resolveRoller } from './who'
import { ladderRoundSeconds, putOnClock, sufferInjury } from './consequences'
import { damageLine } from './lines'

/**
 * Rolls arbitrary damage for someone and records what it does.
 * @example await arbitraryDamage(deps, { campaignId: 1, characterId: 4, name: 'Tai', level: 'incapacitated', tough: false, location: null, gmOnly: false }) // a grenade
 */
export async function arbitraryDamage(deps: ServiceDeps, input: ParsedInput<'ladder.damage'>) {
  return unitOfWork(deps, async (tx) => {
    await requireLadderCampaign(tx.trx, input.campaignId)
    const who = await resolveRoller(tx.trx, input.campaignId, input)
    const dice = await campaignDice(tx, input.campaignId)
    const rolled = byTheRules('level', () => rollDamage(dice, { level: input.level, tough: input.tough }))
    const suffered = await sufferInjury(
      tx,
      dice,
      { characterId: who.characterId, name: who.name, status: { ...UNHURT } },
      { taken: rolled.result, location: input.location, attackFace: null, roundSeconds: await ladderRoundSeconds(tx, input.campaignId), campaignId: input.campaignId },
    )
    const c = suffered.consequence
    const text = damageLine({ name: who.name, level: input.level, tough: input.tough, face: rolled.faces[0]!, taken: rolled.result, outcome: c.outcome, location: c.location })
    await putOnClock(tx, input.campaignId, suffered.timers, `${who.name} is ${c.outcome}`)
    const logged = await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'ladder.roll.damage',
      payload: { characterId: who.characterId, name: who.name, level: input.level, tough: input.tough, face: rolled.faces[0], taken: rolled.result, outcome: c.outcome, location: c.location, injuryId: c.injury?.id ?? null, text },
      dice: dice.faces,
      gmOnly: input.gmOnly,
    })
    return { logEntryId: logged.id, text, faces: dice.faces.map((f) => f.face), consequences: [c] }
  })
}
