/**
 * The clock service: every GM action on the clock (advance, rounds, lights, timers, encounter
 * settings) is one step in one transaction — the new clock, the inventory and injuries it changed,
 * its log entries — recorded so the last step can be undone exactly.
 */
import * as engine from '../../engines/clock'
import type { ClockReport } from '../../../shared/contract'
import { appendLog, markBookkeeping, unitOfWork, type ServiceDeps, AppError, requireCampaign } from '../core'
import { loadStoredClock, saveClock, type StoredClock } from './store'
import { lastStepWords, undoLastStep, type RowChange } from './steps'
import { lanternLightId, when } from './view'
import { loadClockView } from './screen'
import { combatFollower } from './combat-followers'
import { announce, clockStep, orRefuse, restingAfter, roundSeconds, type StepContext } from './run-step'

/**
 * OSR-20: marks a character as resting (each full day of rest from now heals 1d2 H) or not
 * (the day in progress is lost).
 */
export async function rest(deps: ServiceDeps, input: { campaignId: number; characterId: number; resting: boolean }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'rest', async (ctx) => {
    const name = (await ctx.names.need([input.characterId])).get(String(input.characterId)) ?? `character ${input.characterId}`
    const r = engine.setResting(ctx.state, String(input.characterId), input.resting)
    if (!r.ok) {
      throw new AppError('refused', `${name} has no lost hardiness that rest would heal (only old-school PCs below their maximum H rest to heal, OSR-20).`, [
        { field: 'characterId', problem: 'nothing to heal' },
      ])
    }
    return {
      state: r.state,
      resting: restingAfter(r.state),
      summary: input.resting ? `${name} rests: 1d2 H per full day (OSR-20)` : `${name} stops resting`,
    }
  })
}

/** The clock as it stands. @example await getClock(deps, 1) */
export async function getClock(deps: ServiceDeps, campaignId: number): Promise<ClockReport['clock']> {
  return unitOfWork(deps, async (tx) => {
    const { system } = await requireCampaign(tx, campaignId)
    const state = await loadStoredClock(tx, campaignId)
    return loadClockView(tx, campaignId, system, state, await lastStepWords(tx.trx, campaignId))
  })
}

/** Starts a combat; `setup` goes to the system's tracker, which starts in the same step. */
export async function startCombat(deps: ServiceDeps, campaignId: number, setup?: unknown): Promise<ClockReport> {
  return clockStep(deps, campaignId, 'combat-started', async (ctx) => {
    const seconds = await roundSeconds(ctx.tx.trx, campaignId, ctx.system)
    const r = orRefuse(engine.startCombat(ctx.state, { roundSeconds: seconds }))
    await combatFollower(ctx.system)?.follow(ctx, { kind: 'started', clock: r.state, round: 0, setup })
    return { state: r.state, summary: `Combat started at ${when(ctx.state.time)} (${seconds}-second rounds)` }
  })
}

/** Plays the next round; the system's tracker plays it too, in the same step (`setup`: what its screen planned). */
export async function nextRound(deps: ServiceDeps, campaignId: number, setup?: unknown): Promise<ClockReport> {
  return clockStep(deps, campaignId, 'round', async (ctx) => {
    const r = orRefuse(engine.nextRound(ctx.state, await ctx.dice()))
    const followed = await combatFollower(ctx.system)?.follow(ctx, { kind: 'round', clock: r.state, round: r.round, setup })
    return { state: followed ?? r.state, events: r.events, summary: `Round ${r.round}` }
  })
}

/** Ends the combat, and the system's tracker with it, in the same step. */
export async function endCombat(deps: ServiceDeps, campaignId: number, setup?: unknown): Promise<ClockReport> {
  return clockStep(deps, campaignId, 'combat-ended', async (ctx) => {
    const r = orRefuse(engine.endCombat(ctx.state))
    await combatFollower(ctx.system)?.follow(ctx, { kind: 'ended', clock: r.state, round: r.rounds, setup })
    return { state: r.state, summary: `Combat ended after ${r.rounds} round${r.rounds === 1 ? '' : 's'} (${r.seconds} s)` }
  })
}

export async function setMode(deps: ServiceDeps, campaignId: number, mode: 'exploration' | 'downtime'): Promise<ClockReport> {
  return clockStep(deps, campaignId, 'mode', async (ctx) => ({
    state: orRefuse(engine.setMode(ctx.state, mode)).state,
    summary: mode === 'exploration' ? 'Exploring: turns with encounter checks' : 'Downtime: no encounter checks',
  }))
}

/**
 * Sets the encounter check (OSR-9) and where the party is: a location's kind sets the place for
 * the distance roll (OSR-12) unless a place is given, and its encounter tables are offered on an
 * encounter.
 */
export async function setEncounter(
  deps: ServiceDeps,
  input: {
    campaignId: number
    threshold?: number | undefined
    modifiers?: { reason: string; amount: number }[] | undefined
    place?: 'open' | 'enclosed' | undefined
    locationId?: number | null | undefined
  },
): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'encounter-check', async (ctx) => {
    const { campaignId: _c, locationId, ...settings } = input
    const defined: Parameters<typeof engine.setEncounterCheck>[1] = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined))
    let where = ''
    if (locationId !== undefined && locationId !== null) {
      const location = await ctx.tx.trx
        .selectFrom('location')
        .select(['name', 'kind'])
        .where('id', '=', locationId)
        .where('campaign_id', '=', input.campaignId)
        .executeTakeFirst()
      if (!location) throw new AppError('not_found', `There is no location with id ${locationId} in this campaign.`, [{ field: 'locationId', problem: 'not in this campaign' }])
      defined.place ??= location.kind
      where = ` in ${location.name}`
    }
    const r = orRefuse(engine.setEncounterCheck(ctx.state, defined))
    const face = engine.effectiveThreshold(r.state.encounters)
    return {
      state: r.state,
      ...(locationId !== undefined ? { partyLocationId: locationId } : {}),
      summary: `Encounter on ${face < 20 ? `${face}–20` : '20'}${where}, ${r.state.encounters.place} place`,
    }
  })
}

/** Undoes the last clock step exactly (time, lights, inventory, injuries), marking its log entries undone. */
export async function undo(deps: ServiceDeps, campaignId: number): Promise<ClockReport> {
  let changes: RowChange[] = []
  const report = await unitOfWork(deps, async (tx) => {
    // What an undo writes is its own bookkeeping, no part of the story.
    markBookkeeping(tx)
    const { system } = await requireCampaign(tx, campaignId)
    const undone = await undoLastStep(tx, campaignId)
    await combatFollower(system)?.undo(tx, campaignId, undone.logs)
    changes = undone.changes
    const restored = undone.clock as StoredClock
    await saveClock(tx, campaignId, undone.clock, { partyLocationId: restored.partyLocationId ?? null, resting: restored.resting ?? {}, goOn: restored.goOn ?? null })
    await appendLog(tx, {
      campaignId,
      kind: 'clock.undone',
      gameTime: undone.clock.time,
      payload: { action: undone.action, summary: undone.summary },
    })
    const next = await lastStepWords(tx.trx, campaignId)
    return {
      clock: await loadClockView(
        tx,
        campaignId,
        system,
        { ...undone.clock, partyLocationId: restored.partyLocationId ?? null, resting: restored.resting ?? {}, goOn: restored.goOn ?? null },
        next,
      ),
      summary: `Undone: ${undone.summary}`,
      encounter: null,
      lines: [],
      stopped: null,
      left: null,
    }
  })
  announce(deps, campaignId, report.clock.time, report.clock.mode, changes)
  return report
}
export { advance, goOn, setTime } from './advance'
export { light, douse, refill, handOver, addTimer, removeTimer } from './lights'
export { roundSeconds }
export { lanternLightId }
export type { StepContext }
export { combatFollower, followCombat, roundDice, type CombatChange, type CombatFollower } from './combat-followers'
export { reactionChances, rollEncounterReaction } from './reaction'
export { StepRecorder, undoClockStepRow } from './steps'
export { loadStoredClock, saveClock } from './store'
export { when } from './view'
export { daylightNow, partyInDarkness } from './daylight'
export { clockStep, orRefuse } from './run-step'
export { loadRoad, roadRules, whereOnRoad, legOf, type Road } from './journey-road'
export type { JourneyOnClock } from './store'
export { travelStep, type TravelAsk } from './journey-step'
