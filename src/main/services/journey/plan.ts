/**
 * Planning a journey (CLK-14): from a location to another or to a place typed, in legs, each with
 * its length in the campaign's unit, its ground, its encounter threshold and table. Checked in the
 * GM's words; the numbers shown before setting out; the plan saved as a clock step (undone by Ctrl+Z).
 */
import type { ClockReport, JourneyNumbers } from '../../../shared/contract'
import { toFeet, type DistanceUnit } from '../../engines/journey'
import { clockStep, loadStoredClock, roadRules } from '../clock'
import { AppError, requireCampaign, unitOfWork, type ServiceDeps, type Tx } from '../core'
import { numbersFor } from './numbers'

export interface LegPlan {
  terrain: string
  length: number
  place: 'open' | 'enclosed'
  threshold: number
  tableId: number | null
}

export interface JourneyPlan {
  campaignId: number
  name: string
  fromLocationId: number | null
  toLocationId: number | null
  toName: string
  legs: LegPlan[]
}

/** A location's name, refused in words when it is not one of this campaign's. */
async function placeName(tx: Tx, campaignId: number, id: number | null, label: string, field: string): Promise<string | null> {
  if (id === null) return null
  const row = await tx.trx.selectFrom('location').select('name').where('id', '=', id).where('campaign_id', '=', campaignId).executeTakeFirst()
  if (!row) throw new AppError('invalid_input', `${label}: there is no such location in this campaign; choose one from the list. Nothing was saved.`, [{ field, problem: 'not a location of this campaign' }])
  return row.name
}

/** Each leg's encounter table must be one of this campaign's. */
export async function checkLegTables(tx: Tx, campaignId: number, legs: readonly LegPlan[], field: (k: number) => string): Promise<void> {
  for (const [k, leg] of legs.entries()) {
    if (leg.tableId === null) continue
    const t = await tx.trx.selectFrom('encounter_table').select('id').where('id', '=', leg.tableId).where('campaign_id', '=', campaignId).executeTakeFirst()
    if (!t) throw new AppError('invalid_input', `Encounter table (leg ${k + 1}): there is no such table in this campaign; choose one from the list. Nothing was saved.`, [{ field: field(k), problem: 'not a table of this campaign' }])
  }
}

/** The legs as the engine walks them, with their length in the campaign's unit kept for the numbers. */
export function engineLegs(legs: readonly LegPlan[], unit: DistanceUnit) {
  return legs.map((l) => ({ name: l.terrain, lengthFt: toFeet(l.length, unit), place: l.place, threshold: l.threshold, length: l.length }))
}

/**
 * The numbers of a journey before it is planned (CLK-14), from the clock as it stands.
 * @example await previewJourney(deps, { campaignId: 1, legs: [{ terrain: 'road', length: 12, place: 'open', threshold: 20, tableId: null }], … })
 */
export async function previewJourney(deps: ServiceDeps, plan: JourneyPlan): Promise<JourneyNumbers> {
  return unitOfWork(deps, async (tx) => {
    const { system } = await requireCampaign(tx, plan.campaignId)
    // The plan's own checks, so the numbers shown are of a plan that can be made.
    await checkLegTables(tx, plan.campaignId, plan.legs, (k) => `legs.${k}.tableId`)
    const rules = await roadRules(tx.trx, plan.campaignId)
    const { time } = await loadStoredClock(tx, plan.campaignId)
    return numbersFor(tx, plan.campaignId, system, engineLegs(plan.legs, rules.unit), time)
  })
}

/**
 * Plans a journey (CLK-14): refused while another is under way. A clock step that moves no time.
 * @example await planJourney(deps, { campaignId: 1, name: 'To Glimmerford', fromLocationId: 2, toLocationId: null, toName: 'Glimmerford', legs })
 */
export async function planJourney(deps: ServiceDeps, plan: JourneyPlan): Promise<ClockReport> {
  return clockStep(deps, plan.campaignId, 'journey-planned', async (ctx) => {
    if (ctx.journey && !ctx.journey.arrived) {
      throw new AppError('refused', 'A journey is under way: stop it or arrive before planning another. Nothing was saved.', [{ field: 'legs', problem: 'a journey is under way' }])
    }
    const from = await placeName(ctx.tx, plan.campaignId, plan.fromLocationId, 'From', 'fromLocationId')
    const to = (await placeName(ctx.tx, plan.campaignId, plan.toLocationId, 'To', 'toLocationId')) ?? plan.toName
    await checkLegTables(ctx.tx, plan.campaignId, plan.legs, (k) => `legs.${k}.tableId`)
    const unit = (await roadRules(ctx.tx.trx, plan.campaignId)).unit
    // Only one journey is planned at a time: an earlier plan not set out is set aside.
    const earlier = await ctx.tx.trx.selectFrom('journey').select('id').where('campaign_id', '=', plan.campaignId).where('status', '=', 'planned').execute()
    for (const e of earlier) {
      await ctx.recorder.touching('journey', e.id)
      await ctx.tx.trx.updateTable('journey').set({ status: 'stopped', updated_at: ctx.tx.realTime }).where('id', '=', e.id).execute()
    }
    const name = plan.name || `${from ? `${from} to ` : 'To '}${to}`
    const row = await ctx.tx.trx
      .insertInto('journey')
      .values({ campaign_id: plan.campaignId, name, from_location_id: plan.fromLocationId, to_location_id: plan.toLocationId, to_name: to, created_at: ctx.tx.realTime, updated_at: ctx.tx.realTime })
      .returning('id')
      .executeTakeFirstOrThrow()
    ctx.recorder.created('journey', row.id)
    for (const [k, leg] of plan.legs.entries()) {
      const l = await ctx.tx.trx
        .insertInto('journey_leg')
        .values({ journey_id: row.id, position: k, terrain: leg.terrain, length: leg.length, unit, place: leg.place, threshold: leg.threshold, table_id: leg.tableId, created_at: ctx.tx.realTime })
        .returning('id')
        .executeTakeFirstOrThrow()
      ctx.recorder.created('journey_leg', l.id)
    }
    const total = Math.round(plan.legs.reduce((s, l) => s + l.length, 0) * 10) / 10
    return {
      state: ctx.state,
      summary: `Journey planned: ${name}, ${plan.legs.length} leg${plan.legs.length === 1 ? '' : 's'}, ${total} ${unit}`,
      payload: { journey: name, legs: plan.legs.map((l) => ({ terrain: l.terrain, length: l.length, unit, place: l.place, threshold: l.threshold, tableId: l.tableId })) },
    }
  })
}
