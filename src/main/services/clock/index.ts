/**
 * The clock service: every GM action on the clock (advance, rounds, lights, timers, encounter
 * settings) is one step in one transaction — the new clock, the inventory and injuries it changed,
 * its log entries — recorded so the last step can be undone exactly.
 */
import type { Kysely } from 'kysely'
import * as engine from '../../engines/clock'
import type { ClockEvent, ClockState, Refusable, StopKind } from '../../engines/clock'
import type { Database } from '../../db/schema'
import type { ClockReport, Span, SystemId } from '../../../shared/contract'
import { getSetting } from '../settings'
import { appendLog } from '../log'
import { campaignDice, type CampaignDice } from '../dice'
import { unitOfWork, type ServiceDeps, type Tx } from '../context'
import { AppError } from '../errors'
import { requireCampaign } from '../campaigns'
import { loadProvisions, loadRestRecords, loadStoredClock, loadTimedInjuries, saveClock, type StoredClock } from './store'
import { StepRecorder, lastStepWords, undoLastStep, type RowChange } from './steps'
import { characterNames, clockView, itemIdOfLight, lanternLightId, loadSupplies, partyWhereabouts, when } from './view'
import { applyInventoryEffects, lightFromItem, oilFrom } from './inventory'
import { describeEvent } from './lines'

/** CLK-2: the combat round's length in this campaign. */
export async function roundSeconds(db: Kysely<Database>, campaignId: number, system: SystemId): Promise<number> {
  if (system === 'osr') return engine.OSR_ROUND_SECONDS // OSR-14: 5-second rounds
  if (system === 'ladder') return getSetting(db, campaignId, 'ladder.roundSeconds') // LAD-12
  return getSetting(db, campaignId, 'combat.roundSeconds')
}

function suppliesFor(tx: Tx, campaignId: number, state: ClockState) {
  return loadSupplies(tx.trx, campaignId, new Set(state.lights.map((l) => l.id)))
}

/** OSR-20: who is still resting after a step, and since when their day of rest in progress began. */
function restingAfter(state: ClockState): Record<string, number> {
  const resting: Record<string, number> = {}
  for (const i of state.injuries) {
    if (i.recovery.kind === 'rest' && i.recovery.restDayStartedAt !== null) resting[i.characterId] = i.recovery.restDayStartedAt
  }
  return resting
}

/** OSR-20: H healed by a day of rest goes into the character's sheet. */
async function writeHealing(tx: Tx, recorder: StepRecorder, events: ClockEvent[]): Promise<void> {
  const healed = new Map<number, number>()
  for (const e of events) if (e.kind === 'natural healing') healed.set(Number(e.characterId), e.h)
  for (const [characterId, h] of healed) {
    const row = await tx.trx.selectFrom('character').select('sheet').where('id', '=', characterId).executeTakeFirst()
    if (!row) continue
    await recorder.touching('character', characterId)
    const sheet = JSON.parse(row.sheet) as Record<string, unknown>
    await tx.trx.updateTable('character').set({ sheet: JSON.stringify({ ...sheet, h }), updated_at: tx.realTime }).where('id', '=', characterId).execute()
  }
}

/** The old-school PCs below maximum H, with whether they rest (OSR-20). */
async function restView(tx: Tx, campaignId: number, resting: Record<string, number>): Promise<ClockReport['clock']['rest']> {
  const records = await loadRestRecords(tx, campaignId, resting)
  const names = await characterNames(tx.trx, campaignId)
  return records.map((r) => {
    const rec = r.recovery as { h: number; maxH: number; restDayStartedAt: number | null }
    return { characterId: Number(r.characterId), name: names.get(r.characterId) ?? '?', h: rec.h, maxH: rec.maxH, restingSince: rec.restDayStartedAt }
  })
}

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

function orRefuse<T extends object>(r: Refusable<T>): T {
  if (!r.ok) throw new AppError('refused', r.reason)
  return r
}

interface StepResult {
  state: ClockState
  /** Where the party is after the step; unchanged when absent. */
  partyLocationId?: number | null
  /** Who rests after the step (OSR-20); otherwise read from the rest records the engine returns. */
  resting?: Record<string, number>
  /** The step's own entry is for the GM only (a hidden timer: OSR-22's secret cast window). */
  gmOnly?: boolean
  summary: string
  events?: ClockEvent[]
  stopped?: { kind: string; at: number } | null
}

interface StepContext {
  tx: Tx
  campaignId: number
  system: SystemId
  /** The clock with provisions and injuries read from their tables. */
  state: ClockState
  partyLocationId: number | null
  recorder: StepRecorder
  names: Map<string, string>
  /** The campaign's dice for this step, taken on first use (a step that rolls nothing takes none). */
  dice: () => Promise<CampaignDice>
}

/**
 * Runs one clock step in one transaction and returns what the screen shows. `fn` returns the new
 * clock; this writes it, the inventory and injuries its events change, the log, and the step.
 */
async function clockStep(
  deps: ServiceDeps,
  campaignId: number,
  action: string,
  fn: (ctx: StepContext) => Promise<StepResult>,
): Promise<ClockReport> {
  let changes: RowChange[] = []
  const report = await unitOfWork(deps, async (tx) => {
    const { system } = await requireCampaign(tx, campaignId)
    const stored = await loadStoredClock(tx, campaignId)
    const state: ClockState = {
      ...stored,
      provisions: await loadProvisions(tx, campaignId),
      injuries: [...(await loadTimedInjuries(tx, campaignId)), ...(await loadRestRecords(tx, campaignId, stored.resting))],
    }
    const names = await characterNames(tx.trx, campaignId)
    const recorder = new StepRecorder(tx, campaignId, stored)
    // Held in an object: TypeScript does not follow assignments made inside the closure below.
    const rolled: { dice: CampaignDice | null } = { dice: null }
    const result = await fn({
      tx,
      campaignId,
      system,
      state,
      partyLocationId: stored.partyLocationId,
      recorder,
      names,
      dice: async () => (rolled.dice ??= await campaignDice(tx, campaignId)),
    })
    const events = result.events ?? []
    await applyInventoryEffects(tx, recorder, result.state, events)
    await writeHealing(tx, recorder, events)
    const partyLocationId = result.partyLocationId === undefined ? stored.partyLocationId : result.partyLocationId
    const resting = result.resting ?? restingAfter(result.state)
    await saveClock(tx, campaignId, result.state, { partyLocationId, resting })

    // One entry for the step, with every face it rolled (DICE-3) …
    const lines = events.map((e) => ({ at: e.at, kind: e.kind, text: describeEvent(e, names) }))
    const checks = events.filter((e): e is Extract<ClockEvent, { kind: 'encounter check' }> => e.kind === 'encounter check')
    await recorder.log({
      kind: `clock.${action}`,
      gameTime: result.state.time,
      payload: {
        summary: result.summary,
        from: stored.time,
        to: result.state.time,
        mode: result.state.mode,
        checks: checks.map((c) => ({ at: c.at, face: c.face, threshold: c.threshold, encounter: c.encounter })),
        stopped: result.stopped ?? null,
      },
      dice: rolled.dice?.faces ?? null,
      gmOnly: result.gmOnly ?? false,
    })
    // … and one for each thing that happened on the way (checks that found nothing are in the step's entry).
    for (const e of events) {
      if (e.kind === 'encounter check' && !e.encounter) continue
      await recorder.log({
        kind: `clock.event.${e.kind.replaceAll(' ', '-')}`,
        gameTime: e.at,
        payload: { ...e, text: describeEvent(e, names) },
        gmOnly: e.kind === 'timer' && e.hiddenFromPlayers,
      })
    }
    changes = await recorder.finish(action, result.summary)
    const found = checks.find((c) => c.encounter)
    const provisions = await loadProvisions(tx, campaignId)
    return {
      clock: clockView(
        campaignId,
        result.state,
        provisions,
        names,
        await roundSeconds(tx.trx, campaignId, system),
        { action, summary: result.summary },
        await suppliesFor(tx, campaignId, result.state),
        await partyWhereabouts(tx.trx, campaignId, partyLocationId),
        await restView(tx, campaignId, resting),
      ),
      summary: result.summary,
      encounter: found?.distance ? { at: found.at, face: found.face, distanceFeet: found.distance.feet, place: found.distance.place } : null,
      lines,
      stopped: result.stopped ?? null,
    }
  })
  announce(deps, campaignId, report.clock.time, report.clock.mode, changes)
  return report
}

function announce(deps: ServiceDeps, campaignId: number, time: number, mode: ClockReport['clock']['mode'], changes: RowChange[]): void {
  deps.events.emit('clock.moved', { campaignId, time, mode })
  for (const c of changes) {
    const row = c.after ?? c.before
    const characterId = typeof row?.character_id === 'number' ? row.character_id : null
    deps.events.emit('record.changed', {
      campaignId,
      kind: c.table === 'inventory_item' ? 'inventory' : 'injury',
      id: c.id,
      change: c.after === null ? 'deleted' : c.before === null ? 'created' : 'updated',
      characterId,
    })
  }
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

/**
 * Lights a light source: an item from a character's inventory (a torch or candle is used up from
 * the stack; a lantern goes on the clock with the oil it holds), or a light already on the clock.
 */
export async function light(deps: ServiceDeps, input: { campaignId: number; itemId?: number | undefined; lightId?: string | undefined }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'light', async (ctx) => {
    let state = ctx.state
    let lightId = input.lightId
    if (input.itemId !== undefined) {
      const placed = await lightFromItem(ctx, input.itemId)
      state = placed.state
      lightId = placed.lightId
    }
    const lit = orRefuse(engine.lightUp(state, lightId!))
    const l = lit.state.lights.find((x) => x.id === lightId)!
    const holder = 'character' in l.holder ? (ctx.names.get(l.holder.character) ?? '?') : l.holder.location
    return { state: lit.state, events: lit.events, summary: `${holder} lit a ${l.type}` }
  })
}

export async function douse(deps: ServiceDeps, input: { campaignId: number; lightId: string }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'douse', async (ctx) => {
    const r = orRefuse(engine.douse(ctx.state, input.lightId))
    const l = r.state.lights.find((x) => x.id === input.lightId)!
    return { state: r.state, summary: `The ${l.type} was put out` }
  })
}

/** Pours one pint from an oil item (a lantern's oil, or a flask) of the carrier into a lantern. */
export async function refill(deps: ServiceDeps, input: { campaignId: number; lightId: string; fromItemId: number }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'refill', async (ctx) => {
    await oilFrom(ctx, input.fromItemId, input.lightId)
    const r = orRefuse(engine.refillLantern(ctx.state, input.lightId, { pints: 1 }))
    return { state: r.state, summary: 'A lantern was refilled with a pint of oil' }
  })
}

export async function handOver(deps: ServiceDeps, input: { campaignId: number; lightId: string; toCharacterId: number }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'hand-over', async (ctx) => {
    const to = ctx.names.get(String(input.toCharacterId))
    if (to === undefined) throw new AppError('not_found', `There is no character with id ${input.toCharacterId} in this campaign.`, [{ field: 'toCharacterId', problem: 'not in this campaign' }])
    const r = orRefuse(engine.handOver(ctx.state, input.lightId, { character: String(input.toCharacterId) }))
    // A lantern is an inventory item: it changes hands too.
    const itemId = itemIdOfLight(input.lightId)
    if (itemId !== null) {
      await ctx.recorder.touching('inventory_item', itemId)
      await ctx.tx.trx.updateTable('inventory_item').set({ character_id: input.toCharacterId, updated_at: ctx.tx.realTime }).where('id', '=', itemId).execute()
    }
    const l = r.state.lights.find((x) => x.id === input.lightId)!
    return { state: r.state, summary: `${to} took the ${l.type}` }
  })
}

export async function addTimer(
  deps: ServiceDeps,
  input: { campaignId: number; label: string; after: Span; hiddenFromPlayers: boolean; repeat: boolean },
): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'timer-set', async (ctx) => {
    const seconds = orRefuse(engine.spanSeconds(input.after as engine.Span, await roundSeconds(ctx.tx.trx, input.campaignId, ctx.system))).seconds
    const id = `timer-${ctx.state.time}-${ctx.state.timers.length + 1}-${Math.random().toString(36).slice(2, 6)}`
    const r = orRefuse(
      engine.addTimer(ctx.state, {
        id,
        label: input.label,
        at: ctx.state.time + seconds,
        hiddenFromPlayers: input.hiddenFromPlayers,
        ...(input.repeat ? { repeatEvery: { seconds } } : {}),
      }),
    )
    return { state: r.state, summary: `Timer “${input.label}” set for ${when(ctx.state.time + seconds)}`, gmOnly: input.hiddenFromPlayers }
  })
}

export async function removeTimer(deps: ServiceDeps, input: { campaignId: number; timerId: string }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'timer-removed', async (ctx) => {
    const t = ctx.state.timers.find((x) => x.id === input.timerId)
    const r = orRefuse(engine.removeTimer(ctx.state, input.timerId))
    return { state: r.state, summary: `Timer “${t?.label ?? input.timerId}” removed`, gmOnly: t?.hiddenFromPlayers ?? false }
  })
}

export { lanternLightId }
export type { StepContext }
