/**
 * Where a Ladder injury lands: in the injury records for a character of the campaign (LAD-15 …
 * LAD-18, healing by LAD-20), and on the clock as timers — coming round and the hour for medical
 * attention after an Incapacitate (LAD-19), three rounds out after a Wound to the head (LAD-17).
 * Everything happens inside the caller's transaction, with the exchange that caused it.
 */
import type { Consequence } from '../../../shared/api/table-ladder.contract'
import { addTimer, incapacitationTimers, knockOutTimer, type TimerInput } from '../../engines/clock'
import { applyInjury, rollIncapacitation, woundLocation, type DamageLevel, type InjuryStatus, type WoundLocation } from '../../engines/ladder'
import type { Dice } from '../../engines/dice'
import { type Tx, currentGameTime } from '../core'
import { healsBetweenAdventures, injuryOwner, insertInjury, ladderStatusFrom, openInjuries } from '../injuries'
import { loadStoredClock, saveClock, StepRecorder, when } from '../clock'
import { getSetting } from '../campaigns'
import { refuse } from './refusal'

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
  const timers: TimerInput[] = []
  const id = `ladder-${victim.characterId ?? victim.name}-${now}`
  if (report.outcome === 'incapacitated') {
    // LAD-19: unconscious for 2d6 minutes, then hurt and at half speed; medical attention within the hour.
    const out = rollIncapacitation(dice, { at: now, ...(hit.attackFace === null ? {} : { attackFace: hit.attackFace }) })
    timers.push(...incapacitationTimers(out, { id, name: victim.name }))
  }
  if (report.outcome === 'wounded' && location === 'head') {
    // LAD-17: knocked out for 3 combat rounds, counted in the campaign's round length (LAD-12).
    const head = woundLocation(6)
    const ko = knockOutTimer(head, { id: `${id}:head`, name: victim.name })
    if (ko) timers.push({ id: ko.id, label: ko.label, at: now + (head.knockedOutRounds ?? 0) * hit.roundSeconds })
  }
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

/**
 * Puts timers on the clock as one clock step inside the caller's transaction, so the clock's own
 * undo takes them off again (CLK-6). Ids already taken get a suffix.
 * @example await putOnClock(tx, 1, [{ id: 'ladder-4-0:comes round', label: 'Tai comes round', at: 420 }], 'Tai is out')
 */
export async function putOnClock(tx: Tx, campaignId: number, timers: TimerInput[], summary: string): Promise<void> {
  if (timers.length === 0) return
  const stored = await loadStoredClock(tx, campaignId)
  let state = { ...stored }
  for (const t of timers) {
    let id = t.id
    for (let n = 2; state.timers.some((x) => x.id === id); n++) id = `${t.id}#${n}`
    const r = addTimer(state, { ...t, id })
    if (!r.ok) throw refuse('timers', r.reason)
    state = { ...stored, ...r.state }
  }
  const recorder = new StepRecorder(tx, campaignId, stored)
  await saveClock(tx, campaignId, state, { partyLocationId: stored.partyLocationId, resting: stored.resting })
  const text = `${summary}: ${timers.map((t) => `“${t.label}” at ${when(t.at ?? stored.time)}`).join('; ')}`
  await recorder.log({
    kind: 'clock.timer-set',
    gameTime: stored.time,
    payload: { summary: text, from: stored.time, to: stored.time, mode: stored.mode, checks: [], stopped: null },
  })
  await recorder.finish('timer-set', text)
  tx.emitAfterCommit('clock.moved', { campaignId, time: stored.time, mode: stored.mode })
}

/**
 * LAD-12: the campaign's combat round, for timers counted in rounds.
 * @example await ladderRoundSeconds(tx, 1) // 20
 */
export function ladderRoundSeconds(tx: Tx, campaignId: number): Promise<number> {
  return getSetting(tx.trx, campaignId, 'ladder.roundSeconds')
}
