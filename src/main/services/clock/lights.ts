/** Lights and timers on the clock: light, douse, refill and hand over a light; set and remove timers. */
import * as engine from '../../engines/clock'
import type { ClockReport, Span } from '../../../shared/contract'
import { type ServiceDeps, AppError } from '../core'
import { clockStep, orRefuse, roundSeconds, type StepContext } from './run-step'
import { itemIdOfLight, lightHolderIds, lightItemNames, lightNamer, when } from './view'
import { lightFromItem, oilFor, placeLantern } from './inventory'

/**
 * Refusals name a light as the GM does: who carries it and, for a lantern, its item's name. A light
 * asked for that is not on the clock (another window undid the step that lit it) is refused here.
 */
async function namerFor(ctx: StepContext, state: engine.ClockState, lightId?: string): Promise<engine.LightNamer> {
  if (lightId !== undefined && !state.lights.some((l) => l.id === lightId)) {
    throw new AppError('not_found', 'That light is no longer on the clock: it was taken off, or the step that put it there was undone.', [{ field: 'lightId', problem: 'not on the clock' }])
  }
  await ctx.names.need(lightHolderIds(state.lights))
  return lightNamer(ctx.names, await lightItemNames(ctx.tx.trx, state))
}

/** Who carries the light, by name (none when it is set down somewhere): the players read of it only when one of the party does. */
async function carriersOf(ctx: StepContext, state: engine.ClockState, lightId: string | undefined): Promise<string[]> {
  const holder = state.lights.find((l) => l.id === lightId)?.holder
  if (!holder || !('character' in holder)) return []
  const name = (await ctx.names.need([Number(holder.character)])).get(String(holder.character))
  return name === undefined ? [] : [name]
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
    const named = await namerFor(ctx, state, lightId)
    const lit = orRefuse(engine.lightUp(state, lightId!, named))
    const l = lit.state.lights.find((x) => x.id === lightId)!
    return { state: lit.state, events: lit.events, summary: `${named(l, 'The')} was lit`, carriers: await carriersOf(ctx, lit.state, lightId) }
  })
}

export async function douse(deps: ServiceDeps, input: { campaignId: number; lightId: string }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'douse', async (ctx) => {
    const named = await namerFor(ctx, ctx.state, input.lightId)
    const r = orRefuse(engine.douse(ctx.state, input.lightId, named))
    const l = r.state.lights.find((x) => x.id === input.lightId)!
    return { state: r.state, summary: `${named(l, 'The')} was put out`, carriers: await carriersOf(ctx, r.state, input.lightId) }
  })
}

/**
 * Fills a lantern with up to a pint of oil (CLK-4): a lantern on the clock, or one in a pack (which
 * goes on the clock, unlit). The oil comes from the item the GM chose, or the carrier's flask of oil;
 * a half-burnt lantern takes what it has room for, and the flask gives that much.
 */
export async function refill(
  deps: ServiceDeps,
  input: { campaignId: number; lightId?: string | undefined; itemId?: number | undefined; fromItemId?: number | undefined },
): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'refill', async (ctx) => {
    let state = ctx.state
    let lightId = input.lightId
    if (input.itemId !== undefined) ({ state, lightId } = await placeLantern(ctx, state, input.itemId))
    const named = await namerFor(ctx, state, lightId)
    const light = state.lights.find((l) => l.id === lightId)!
    const oil = await oilFor(ctx, light, named(light, 'the'), input.fromItemId)
    const r = orRefuse(engine.topUpLantern(state, light.id, { upToPints: Math.min(1, oil.pints), named }))
    await oil.take(r.pints)
    const pints = Number(r.pints.toFixed(2))
    return {
      state: r.state,
      summary: `${named(light, 'The')} was filled with ${pints} pint${pints === 1 ? '' : 's'} of oil from “${oil.name}”`,
      carriers: await carriersOf(ctx, r.state, light.id),
    }
  })
}

export async function handOver(deps: ServiceDeps, input: { campaignId: number; lightId: string; toCharacterId: number }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'hand-over', async (ctx) => {
    const to = (await ctx.names.need([input.toCharacterId])).get(String(input.toCharacterId))
    if (to === undefined) throw new AppError('not_found', `There is no character with id ${input.toCharacterId} in this campaign.`, [{ field: 'toCharacterId', problem: 'not in this campaign' }])
    const from = await carriersOf(ctx, ctx.state, input.lightId)
    const r = orRefuse(engine.handOver(ctx.state, input.lightId, { character: String(input.toCharacterId) }, await namerFor(ctx, ctx.state, input.lightId)))
    // A lantern is an inventory item: it changes hands too.
    const itemId = itemIdOfLight(input.lightId)
    if (itemId !== null) {
      await ctx.recorder.touching('inventory_item', itemId)
      await ctx.tx.trx.updateTable('inventory_item').set({ character_id: input.toCharacterId, updated_at: ctx.tx.realTime }).where('id', '=', itemId).execute()
    }
    const l = r.state.lights.find((x) => x.id === input.lightId)!
    return { state: r.state, summary: `${to} took the ${l.type}`, carriers: [...from, to] }
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
