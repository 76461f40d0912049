/**
 * The clock timers a Ladder injury sets by itself (CLK-6): coming round after 2d6 minutes and the
 * hour for medical attention after an Incapacitate (LAD-19), three combat rounds out after a Wound
 * to the head (LAD-17). Every path that records such an injury — the table's damage and combat,
 * the injuries form — puts them on the clock in the same transaction, as a clock step the clock's
 * undo takes back.
 */
import { addTimer, incapacitationTimers, knockOutTimer, type TimerInput } from '../../engines/clock'
import { rollIncapacitation, woundLocation, type WoundLocation } from '../../engines/ladder'
import type { Dice, RolledFace } from '../../engines/dice'
import { type Tx, AppError, campaignDice } from '../core'
import { loadStoredClock, saveClock, StepRecorder, when } from '../clock'
import { getSetting } from '../campaigns'

/** What the injury came to (LAD-18), and where a Wound or an Incapacitate landed (LAD-17). */
export interface LadderHurt {
  characterId: number | null
  name: string
  outcome: 'no effect' | 'subdued' | 'wounded' | 'incapacitated' | 'killed'
  location: WoundLocation | null
  /** The attack's first face, when a die chose the location. */
  attackFace: number | null
  /** When it was taken (CLK-8). */
  at: number
}

/**
 * The timers an injury sets: LAD-19's two after an Incapacitate (rolling the 2d6 minutes with the
 * dice given), LAD-17's knock-out after a Wound to the head, counted in the campaign's round length.
 * @example ladderInjuryTimers(dice, { characterId: 4, name: 'Tai', outcome: 'incapacitated', location: null, attackFace: null, at: 0 }, 20) // comes round, medical attention
 */
export function ladderInjuryTimers(dice: Dice, hurt: LadderHurt, roundSeconds: number): TimerInput[] {
  const id = `ladder-${hurt.characterId ?? hurt.name}-${hurt.at}`
  if (hurt.outcome === 'incapacitated') {
    const out = rollIncapacitation(dice, { at: hurt.at, ...(hurt.attackFace === null ? {} : { attackFace: hurt.attackFace }) })
    return incapacitationTimers(out, { id, name: hurt.name })
  }
  if (hurt.outcome === 'wounded' && hurt.location === 'head') {
    const head = woundLocation(6)
    const ko = knockOutTimer(head, { id: `${id}:head`, name: hurt.name })
    if (ko) return [{ id: ko.id, label: ko.label, at: hurt.at + (head.knockedOutRounds ?? 0) * roundSeconds }]
  }
  return []
}

/** Whether an injury that came to this sets timers on the clock (LAD-17, LAD-19). */
export function setsTimers(outcome: LadderHurt['outcome'], location: WoundLocation | null): boolean {
  return outcome === 'incapacitated' || (outcome === 'wounded' && location === 'head')
}

/**
 * LAD-12: the campaign's combat round, for timers counted in rounds.
 * @example await ladderRoundSeconds(tx, 1) // 20
 */
export function ladderRoundSeconds(tx: Tx, campaignId: number): Promise<number> {
  return getSetting(tx.trx, campaignId, 'ladder.roundSeconds')
}

/**
 * Puts timers on the clock as one clock step inside the caller's transaction, so the clock's own
 * undo takes them off again (CLK-6). Ids already taken get a suffix; a timer whose time has already
 * passed (an injury recorded after the fact) is left off. The dice rolled for them are logged with
 * the step (DICE-3).
 * @example await putOnClock(tx, 1, [{ id: 'ladder-4-0:comes round', label: 'Tai comes round', at: 420 }], 'Tai is out')
 */
export async function putOnClock(tx: Tx, campaignId: number, timers: TimerInput[], summary: string, dice: readonly RolledFace[] = []): Promise<TimerInput[]> {
  const stored = await loadStoredClock(tx, campaignId)
  const due = timers.filter((t) => t.at === undefined || t.at > stored.time)
  if (due.length === 0) return []
  let state = { ...stored }
  for (const t of due) {
    let id = t.id
    for (let n = 2; state.timers.some((x) => x.id === id); n++) id = `${t.id}#${n}`
    const r = addTimer(state, { ...t, id })
    if (!r.ok) throw new AppError('refused', `${r.reason} Nothing was written.`, [{ field: 'timers', problem: r.reason }])
    state = { ...stored, ...r.state }
  }
  const recorder = new StepRecorder(tx, campaignId, stored)
  await saveClock(tx, campaignId, state, { partyLocationId: stored.partyLocationId, resting: stored.resting })
  const text = `${summary}: ${due.map((t) => `“${t.label}” at ${when(t.at ?? stored.time)}`).join('; ')}`
  await recorder.log({
    kind: 'clock.timer-set',
    gameTime: stored.time,
    payload: { summary: text, from: stored.time, to: stored.time, mode: stored.mode, checks: [], stopped: null },
    ...(dice.length > 0 ? { dice } : {}),
  })
  await recorder.finish('timer-set', text)
  tx.emitAfterCommit('clock.moved', { campaignId, time: stored.time, mode: stored.mode })
  return due
}

/**
 * An injury recorded by hand (the injuries form): its LAD-17 or LAD-19 timers go on the clock by
 * themselves, the 2d6 minutes rolled with the campaign's dice, in the caller's transaction.
 * @example await setLadderInjuryTimers(tx, 1, { characterId: 4, name: 'Tai', outcome: 'incapacitated', location: 'leg', attackFace: null, at: 0 })
 */
export async function setLadderInjuryTimers(tx: Tx, campaignId: number, hurt: LadderHurt): Promise<TimerInput[]> {
  if (!setsTimers(hurt.outcome, hurt.location)) return []
  const dice = await campaignDice(tx, campaignId)
  const timers = ladderInjuryTimers(dice, hurt, await ladderRoundSeconds(tx, campaignId))
  return putOnClock(tx, campaignId, timers, `${hurt.name} is ${hurt.outcome}`, dice.faces)
}
