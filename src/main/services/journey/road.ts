/**
 * On the road (CLK-14 … CLK-16): setting out, travelling on, and changing the plan — a detour, a
 * forced march, turning back, stopping early, the weather line. Each is a clock step: one
 * transaction, one log, one undo.
 */
import type { ClockReport } from '../../../shared/contract'
import { HOUR } from '../../engines/clock'
import { position, setOut as startRoad } from '../../engines/journey'
import { clockStep, loadRoad, roadRules, travelStep, whereOnRoad, type StepContext, type TravelAsk } from '../clock'
import { AppError, type ServiceDeps } from '../core'
import { partySpeed } from './numbers'
import { checkLegTables, type LegPlan } from './plan'

function underWay(ctx: StepContext) {
  const on = ctx.journey
  if (!on || on.arrived) throw new AppError('refused', 'No journey is under way: plan one and set out first.')
  return on
}

/**
 * Sets out (CLK-10, CLK-15): the party's speed is taken now and holds for the journey; the day's
 * march starts now. Exploration, with the first leg's threshold and ground.
 * @example await setOut(deps, { campaignId: 1, journeyId: 3 })
 */
export async function setOut(deps: ServiceDeps, input: { campaignId: number; journeyId: number }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'journey-set-out', async (ctx) => {
    if (ctx.journey && !ctx.journey.arrived) throw new AppError('refused', 'A journey is already under way: travel on, or stop it first.')
    if (ctx.state.mode === 'combat') throw new AppError('refused', 'The party is in combat: end the combat before setting out (CLK-2).')
    const road = await loadRoad(ctx.tx.trx, input.campaignId, input.journeyId)
    if (road.journey.status !== 'planned') throw new AppError('refused', `“${road.journey.name}” is ${road.journey.status}; plan a new journey to set out again.`, [{ field: 'journeyId', problem: 'not planned' }])
    const speed = await partySpeed(ctx.tx, input.campaignId, ctx.system)
    const rules = await roadRules(ctx.tx.trx, input.campaignId)
    await ctx.recorder.touching('journey', road.journey.id)
    await ctx.tx.trx.updateTable('journey').set({ status: 'travelling', set_out_at: ctx.state.time, updated_at: ctx.tx.realTime }).where('id', '=', road.journey.id).execute()
    const first = road.legs[0]!
    const slow = speed.slowest.length > 0 ? `, ${speed.slowest.join(' and ')} setting the pace` : ''
    return {
      state: { ...ctx.state, mode: 'exploration', encounters: { ...ctx.state.encounters, threshold: first.threshold, place: first.place } },
      journey: { ...startRoad({ open: speed.open, enclosed: speed.enclosed }, rules.marchSeconds), journeyId: road.journey.id },
      goOn: null,
      summary: `Set out: ${road.journey.name}, at ${Math.round(speed.open).toLocaleString('en')} ft a turn in the open, ${Math.round(speed.enclosed).toLocaleString('en')} ft enclosed${slow}`,
      payload: { journey: road.journey.name, journeyId: road.journey.id, leg: 0, terrain: first.name, unit: road.rows[0]?.unit ?? 'miles' },
    }
  })
}

/**
 * Travels on (CLK-14): a turn, an hour, a day, to the next camp or to the end; stops at the first
 * encounter, and "go on" (`clock.goOn`) travels on from there.
 */
export async function travelOn(deps: ServiceDeps, input: { campaignId: number; until: TravelAsk }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'journey-travelled', async (ctx) => travelStep(ctx, input.until, 'Travelled'))
}

/** CLK-16: a leg added after the one the party is on; going back, before it (the party meets it next). */
export async function detour(deps: ServiceDeps, input: { campaignId: number; leg: LegPlan }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'journey-detour', async (ctx) => {
    const on = underWay(ctx)
    await checkLegTables(ctx.tx, input.campaignId, [input.leg], () => 'leg.tableId')
    const road = await loadRoad(ctx.tx.trx, input.campaignId, on.journeyId)
    const unit = (await roadRules(ctx.tx.trx, input.campaignId)).unit
    const at = on.direction === 'out' ? on.leg + 1 : on.leg
    for (const row of road.rows.slice(at)) {
      await ctx.recorder.touching('journey_leg', row.id)
      await ctx.tx.trx.updateTable('journey_leg').set({ position: row.position + 1 }).where('id', '=', row.id).execute()
    }
    const made = await ctx.tx.trx
      .insertInto('journey_leg')
      .values({ journey_id: on.journeyId, position: at, terrain: input.leg.terrain, length: input.leg.length, unit, place: input.leg.place, threshold: input.leg.threshold, table_id: input.leg.tableId, detour: 1, created_at: ctx.tx.realTime })
      .returning('id')
      .executeTakeFirstOrThrow()
    ctx.recorder.created('journey_leg', made.id)
    // Going back, the party stands at the start of its leg; the detour comes before it, so it is one further along the list.
    const journey = on.direction === 'back' ? { ...on, leg: on.leg + 1 } : on
    return { state: ctx.state, journey, summary: `Detour: ${input.leg.length} ${unit} of ${input.leg.terrain} added as leg ${at + 1}`, payload: { journey: road.journey.name, leg: at + 1, terrain: input.leg.terrain, length: input.leg.length, unit } }
  })
}

/** CLK-16: a longer march today; the cost is the GM's ruling, written in their words. */
export async function forcedMarch(deps: ServiceDeps, input: { campaignId: number; hours: number; cost: string }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'journey-forced-march', async (ctx) => {
    const on = underWay(ctx)
    const extra = input.hours * HOUR
    // In camp, the march is the next day's; on the road, today's.
    const journey = on.phase === 'camp' ? { ...on, phase: 'marching' as const, campUntil: null, campFrom: null, marchSeconds: on.marchedToday + extra } : { ...on, marchSeconds: on.marchSeconds + extra }
    return {
      state: ctx.state,
      journey,
      summary: `Forced march: ${input.hours} hour${input.hours === 1 ? '' : 's'} more ${on.phase === 'camp' ? 'tonight' : 'today'}${input.cost ? ` (${input.cost})` : ''}`,
      payload: { hours: input.hours, cost: input.cost },
    }
  })
}

/** CLK-16: the party turns back and retraces the road it has walked. */
export async function turnBack(deps: ServiceDeps, campaignId: number): Promise<ClockReport> {
  return clockStep(deps, campaignId, 'journey-turned-back', async (ctx) => {
    const on = underWay(ctx)
    const road = await loadRoad(ctx.tx.trx, campaignId, on.journeyId)
    const here = position(on, road.legs)
    const direction = on.direction === 'out' ? ('back' as const) : ('out' as const)
    return {
      state: ctx.state,
      journey: { ...on, direction },
      summary: `${direction === 'back' ? 'Turned back' : 'Turned round again'} at ${whereOnRoad(road, here.leg, here.feet)}`,
      payload: { journey: road.journey.name, direction },
    }
  })
}

/**
 * CLK-15: the watch order in camp: the night from making camp to first light shared evenly among
 * these characters of the campaign, in this order (none: no watch order). Moves no time.
 * @example await setWatch(deps, { campaignId: 1, characterIds: [4, 7] })
 */
export async function setWatch(deps: ServiceDeps, input: { campaignId: number; characterIds: number[] }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'journey-watch', async (ctx) => {
    const on = underWay(ctx)
    const ids = input.characterIds
    const rows = ids.length === 0 ? [] : await ctx.tx.trx.selectFrom('character').select(['id', 'name']).where('campaign_id', '=', input.campaignId).where('id', 'in', ids).execute()
    const names = new Map(rows.map((r) => [r.id, r.name]))
    const missing = ids.findIndex((id) => !names.has(id))
    if (missing >= 0) throw new AppError('refused', `Watch order: watcher ${missing + 1} is not a character of this campaign. Nothing was changed.`, [{ field: `characterIds.${missing}`, problem: 'not in this campaign' }])
    const twice = ids.findIndex((id, k) => ids.indexOf(id) !== k)
    if (twice >= 0) throw new AppError('refused', `Watch order: ${names.get(ids[twice]!)} is listed twice; each stands one watch a night. Nothing was changed.`, [{ field: `characterIds.${twice}`, problem: 'listed twice' }])
    const order = ids.map((id) => names.get(id)!)
    return {
      state: ctx.state,
      journey: { ...on, watch: ids },
      summary: order.length ? `Watch order in camp: ${order.join(', then ')}` : 'No watch order in camp',
      payload: { journeyId: on.journeyId, watch: order },
    }
  })
}

/** CLK-16: the journey ends where the party is. */
export async function stopJourney(deps: ServiceDeps, campaignId: number): Promise<ClockReport> {
  return clockStep(deps, campaignId, 'journey-stopped', async (ctx) => {
    const on = ctx.journey
    let summary: string
    let id: number
    if (on && !on.arrived) {
      const road = await loadRoad(ctx.tx.trx, campaignId, on.journeyId)
      const here = position(on, road.legs)
      summary = `Journey stopped at ${whereOnRoad(road, here.leg, here.feet)}: ${road.journey.name}`
      id = on.journeyId
    } else {
      const planned = await ctx.tx.trx.selectFrom('journey').select(['id', 'name']).where('campaign_id', '=', campaignId).where('status', '=', 'planned').orderBy('id', 'desc').executeTakeFirst()
      if (!planned) throw new AppError('refused', 'There is no journey to stop: none is planned or under way.')
      summary = `Journey set aside before setting out: ${planned.name}`
      id = planned.id
    }
    await ctx.recorder.touching('journey', id)
    await ctx.tx.trx.updateTable('journey').set({ status: 'stopped', ended_at: ctx.state.time, updated_at: ctx.tx.realTime }).where('id', '=', id).execute()
    return { state: ctx.state, journey: null, goOn: ctx.goOn?.journey ? null : ctx.goOn, summary }
  })
}

/** The weather line the players read (the journey planned or under way). */
export async function setWeather(deps: ServiceDeps, input: { campaignId: number; weather: string }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'journey-weather', async (ctx) => {
    const row = ctx.journey
      ? { id: ctx.journey.journeyId }
      : await ctx.tx.trx.selectFrom('journey').select('id').where('campaign_id', '=', input.campaignId).where('status', 'in', ['planned', 'travelling']).orderBy('id', 'desc').executeTakeFirst()
    if (!row) throw new AppError('refused', 'Weather: plan a journey first; the weather line goes with it.', [{ field: 'weather', problem: 'no journey' }])
    await ctx.recorder.touching('journey', row.id)
    await ctx.tx.trx.updateTable('journey').set({ weather: input.weather, updated_at: ctx.tx.realTime }).where('id', '=', row.id).execute()
    return { state: ctx.state, summary: input.weather ? `Weather: ${input.weather}` : 'Weather line cleared', payload: { weather: input.weather } }
  })
}
