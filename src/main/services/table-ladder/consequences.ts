/**
 * Where a Ladder injury lands: in the injury records for a character of the campaign (LAD-15 …
 * LAD-18, healing by LAD-20), and on the clock as timers — coming round and the hour for medical
 * attention after an Incapacitate (LAD-19), three rounds out after a Wound to the head (LAD-17).
 * Everything happens inside the caller's transaction, with the exchange that caused it.
 */
import type { Consequence } from '../../../shared/api/table-ladder.contract'
import { applyInjury, woundLocation, type DamageLevel, type InjuryStatus, type WoundLocation } from '../../engines/ladder'
import type { TimerInput } from '../../engines/clock'
import type { Dice } from '../../engines/dice'
import { type Tx, currentGameTime } from '../core'
import { healsBetweenAdventures, injuryOwner, insertInjury, ladderInjuryTimers, ladderRoundSeconds, ladderStatusFrom, openInjuries, putOnClock } from '../injuries'

export { ladderRoundSeconds, putOnClock }

/** Someone hurt: a character of the campaign, or a name the tracker alone keeps a status for. */
export interface Victim {
  characterId: number | null
  name: string
  /** The tracker's status for someone without a sheet; a character's comes from their injuries. */
  status: InjuryStatus
}

export interface Suffered {
  consequence: Consequence
  status: InjuryStatus
  timers: TimerInput[]
}

/** LAD-17: the location the GM picked, or the one the attack's first face gives; only a Wound or an Incapacitate has one. */
function locationFor(outcome: Consequence['outcome'], picked: WoundLocation | null, attackFace: number | null): WoundLocation | null {
  if (outcome !== 'wounded' && outcome !== 'incapacitated') return null
  return picked ?? (attackFace === null ? null : woundLocation(attackFace).location)
}

/**
 * Applies damage to someone (LAD-18) and records it: an injury row for a character (a third Wound
 * recorded as the Incapacitate it becomes; a Wound on the Incapacitated as death), and the timers
 * LAD-17 and LAD-19 set. Rolls the 2d6 minutes of unconsciousness with the caller's dice.
 * @example await sufferInjury(tx, dice, { characterId: 4, name: 'Tai', status: UNHURT }, { taken: 'wounded', location: null, attackFace: 6, roundSeconds: 20 })
 */
export async function sufferInjury(
  tx: Tx,
  dice: Dice,
  victim: Victim,
  hit: { taken: DamageLevel | 'none'; location: WoundLocation | null; attackFace: number | null; roundSeconds: number; campaignId: number },
): Promise<Suffered> {
  const before = victim.characterId === null ? victim.status : ladderStatusFrom(await openInjuries(tx, victim.characterId, 'ladder.damage'))
  const { status, report } = applyInjury(before, hit.taken)
  const location = locationFor(report.outcome, hit.location, hit.attackFace)
  const now = await currentGameTime(tx.trx, hit.campaignId)
  let injury: Consequence['injury'] = null
  if (victim.characterId !== null && report.outcome !== 'no effect') {
    const owner = await injuryOwner(tx, victim.characterId, 'ladder.damage')
    const thirdWound = report.outcome === 'incapacitated' && hit.taken === 'wounded' && status.incapacitated === 'third wound'
    const what = { kind: 'ladder.damage' as const, level: report.outcome, location, thirdWound }
    const healBetweenAdventures = await healsBetweenAdventures(tx, owner.campaign_id)
    injury = await insertInjury(tx, owner, { characterId: victim.characterId, what, description: '', takenAt: now, healBetweenAdventures })
  }
  // LAD-17, LAD-19: the timers the injury sets, the 2d6 minutes rolled with the caller's dice.
  const timers: TimerInput[] = ladderInjuryTimers(dice, { characterId: victim.characterId, name: victim.name, outcome: report.outcome, location, attackFace: hit.attackFace, at: now }, hit.roundSeconds)
  return {
    status,
    timers,
    consequence: {
      name: victim.name,
      characterId: victim.characterId,
      taken: report.taken,
      outcome: report.outcome,
      location,
      injury,
      timers: timers.map((t) => ({ label: t.label, at: t.at ?? now })),
      losesNextAttack: report.losesNextAttack,
    },
  }
}
