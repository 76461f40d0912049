/** Lights and timers on the clock: light, douse, refill and hand over a light; set and remove timers. */
import * as engine from '../../engines/clock'
import type { ClockReport, Span } from '../../../shared/contract'
import { type ServiceDeps, AppError } from '../core'
import { clockStep, orRefuse, roundSeconds } from './run-step'
import { itemIdOfLight, when } from './view'
import { lightFromItem, oilFrom } from './inventory'

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
