/**
 * The clock service: every GM action on the clock (advance, rounds, lights, timers, encounter
 * settings) is one step in one transaction — the new clock, the inventory and injuries it changed,
 * its log entries — recorded so the last step can be undone exactly.
 */
import * as engine from '../../engines/clock'
import type { StopKind } from '../../engines/clock'
import type { ClockReport, Span } from '../../../shared/contract'
import { appendLog, unitOfWork, type ServiceDeps, AppError, requireCampaign } from '../core'
import { loadProvisions, loadStoredClock, saveClock, type StoredClock } from './store'
import { lastStepWords, undoLastStep, type RowChange } from './steps'
import { characterNames, clockView, lanternLightId, partyWhereabouts, when } from './view'
import { announce, clockStep, orRefuse, restingAfter, restView, roundSeconds, suppliesFor, type StepContext } from './run-step'

/**
 * OSR-20: marks a character as resting (each full day of rest from now heals 1d2 H) or not
 * (the day in progress is lost).
 */
export async function rest(deps: ServiceDeps, input: { campaignId: number; characterId: number; resting: boolean }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'rest', async (ctx) => {
    const name = ctx.names.get(String(input.characterId)) ?? `character ${input.characterId}`
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
    const last = await lastStepWords(tx.trx, campaignId)
    return clockView(
      campaignId,
      state,
      await loadProvisions(tx, campaignId),
      await characterNames(tx.trx, campaignId),
      await roundSeconds(tx.trx, campaignId, system),
      last,
      await suppliesFor(tx, campaignId, state),
      await partyWhereabouts(tx.trx, campaignId, state.partyLocationId),
      await restView(tx, campaignId, state.resting),
    )
  })
}

function spanText(span: Span): string {
  const [unit, n] = Object.entries(span)[0] as [string, number]
  return `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`
}

/**
 * Moves game time on by a span, or until one of `until` happens (CLK-3 … CLK-8).
 * @example await advance(deps, { campaignId: 1, span: { turns: 12 } })
 * @example await advance(deps, { campaignId: 1, until: ['encounter', 'light out', 'timer', 'new day'] })
 */
export async function advance(
  deps: ServiceDeps,
  input: { campaignId: number; span?: Span | undefined; until?: StopKind[] | undefined; within?: Span | undefined },
): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'advanced', async (ctx) => {
    const request: engine.AdvanceRequest = input.until
      ? { until: input.until, ...(input.within ? { within: input.within } : {}) }
      : (input.span as engine.Span)
    const moved = orRefuse(engine.advanceClock(ctx.state, request, await ctx.dice()))
    const summary = input.until
      ? moved.stopped
        ? `Advanced until ${moved.stopped.kind} at ${when(moved.stopped.at)}`
        : `Advanced ${when(ctx.state.time)} → ${when(moved.state.time)}: nothing happened`
      : `Advanced ${spanText(input.span!)} to ${when(moved.state.time)}`
    return { state: moved.state, events: moved.events, summary, stopped: moved.stopped }
  })
}

export async function startCombat(deps: ServiceDeps, campaignId: number): Promise<ClockReport> {
  return clockStep(deps, campaignId, 'combat-started', async (ctx) => {
    const seconds = await roundSeconds(ctx.tx.trx, campaignId, ctx.system)
    const r = orRefuse(engine.startCombat(ctx.state, { roundSeconds: seconds }))
    return { state: r.state, summary: `Combat started at ${when(ctx.state.time)} (${seconds}-second rounds)` }
  })
}

export async function nextRound(deps: ServiceDeps, campaignId: number): Promise<ClockReport> {
  return clockStep(deps, campaignId, 'round', async (ctx) => {
    const r = orRefuse(engine.nextRound(ctx.state, await ctx.dice()))
    return { state: r.state, events: r.events, summary: `Round ${r.round}` }
  })
}

export async function endCombat(deps: ServiceDeps, campaignId: number): Promise<ClockReport> {
  return clockStep(deps, campaignId, 'combat-ended', async (ctx) => {
    const r = orRefuse(engine.endCombat(ctx.state))
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
    const { system } = await requireCampaign(tx, campaignId)
    const undone = await undoLastStep(tx, campaignId)
    changes = undone.changes
    const restored = undone.clock as StoredClock
    await saveClock(tx, campaignId, undone.clock, { partyLocationId: restored.partyLocationId ?? null, resting: restored.resting ?? {} })
    await appendLog(tx, {
      campaignId,
      kind: 'clock.undone',
      gameTime: undone.clock.time,
      payload: { action: undone.action, summary: undone.summary },
    })
    const next = await lastStepWords(tx.trx, campaignId)
    const names = await characterNames(tx.trx, campaignId)
    return {
      clock: clockView(
        campaignId,
        undone.clock,
        await loadProvisions(tx, campaignId),
        names,
        await roundSeconds(tx.trx, campaignId, system),
        next,
        await suppliesFor(tx, campaignId, undone.clock),
        await partyWhereabouts(tx.trx, campaignId, restored.partyLocationId ?? null),
        await restView(tx, campaignId, restored.resting ?? {}),
      ),
      summary: `Undone: ${undone.summary}`,
      encounter: null,
      lines: [],
      stopped: null,
    }
  })
  announce(deps, campaignId, report.clock.time, report.clock.mode, changes)
  return report
}
export { light, douse, refill, handOver, addTimer, removeTimer } from './lights'
export { roundSeconds }
export { lanternLightId }
export type { StepContext }
export { reactionChances, rollEncounterReaction } from './reaction'
export { StepRecorder } from './steps'
export { loadStoredClock, saveClock } from './store'
export { when } from './view'
