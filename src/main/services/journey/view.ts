/**
 * The Journey page's read (CLK-14): the journey planned or under way (else the last one), its legs,
 * its numbers, and what the road has told so far, from the log entries that stand.
 */
import type { Journey, JourneyPage } from '../../../shared/contract'
import { loadRoad, loadStoredClock, roadRules } from '../clock'
import { requireCampaign, unitOfWork, type ServiceDeps, type Tx } from '../core'
import { numbersFor } from './numbers'
import { engineLegs } from './plan'

async function journeyOf(tx: Tx, campaignId: number, system: Parameters<typeof numbersFor>[2], id: number): Promise<Journey> {
  const road = await loadRoad(tx.trx, campaignId, id)
  const clock = await loadStoredClock(tx, campaignId)
  const tables = new Map((await tx.trx.selectFrom('encounter_table').select(['id', 'name']).where('campaign_id', '=', campaignId).execute()).map((t) => [t.id, t.name]))
  const from = road.journey.from_location_id === null ? null : ((await tx.trx.selectFrom('location').select('name').where('id', '=', road.journey.from_location_id).executeTakeFirst())?.name ?? null)
  const unit = (await roadRules(tx.trx, campaignId)).unit
  const legs = road.rows.map((r) => ({ terrain: r.terrain, length: r.length, place: r.place, threshold: r.threshold, tableId: r.table_id }))
  const onRoad = clock.journey && clock.journey.journeyId === id ? clock.journey : null
  const numbers =
    road.journey.status === 'planned'
      ? await numbersFor(tx, campaignId, system, engineLegs(legs, unit), clock.time)
      : onRoad
        ? await numbersFor(tx, campaignId, system, engineLegs(legs, unit), road.journey.set_out_at ?? clock.time, onRoad)
        : null
  const story = await tx.trx
    .selectFrom('log_entry')
    .select(['game_time', 'kind', 'payload'])
    .where('campaign_id', '=', campaignId)
    .where('undone', '=', 0)
    .where('kind', 'like', 'clock.event.journey-%')
    .where('payload', 'like', `%"journeyId":${id},%`)
    .orderBy('game_time')
    .orderBy('id')
    .execute()
  return {
    id: road.journey.id,
    name: road.journey.name,
    from,
    to: road.journey.to_name,
    status: road.journey.status,
    weather: road.journey.weather,
    setOutAt: road.journey.set_out_at === null ? null : Number(road.journey.set_out_at),
    endedAt: road.journey.ended_at === null ? null : Number(road.journey.ended_at),
    legs: road.rows.map((r) => ({ id: r.id, terrain: r.terrain, length: r.length, unit: r.unit, place: r.place, threshold: r.threshold, tableId: r.table_id, tableName: r.table_id === null ? null : (tables.get(r.table_id) ?? null), detour: r.detour === 1 })),
    numbers,
    story: story.map((e) => ({ at: Number(e.game_time), kind: e.kind.replace('clock.event.journey-', ''), text: String((JSON.parse(e.payload) as { text?: string }).text ?? '') })),
  }
}

/**
 * The journey planned or under way, else the last one, and the earlier ones by name.
 * @example await getJourneys(deps, 1) // { current: { name: 'To Glimmerford', status: 'travelling', … }, … }
 */
export async function getJourneys(deps: ServiceDeps, campaignId: number): Promise<JourneyPage> {
  return unitOfWork(deps, async (tx) => {
    const { system } = await requireCampaign(tx, campaignId)
    const rules = await roadRules(tx.trx, campaignId)
    const rows = await tx.trx.selectFrom('journey').select(['id', 'name', 'status', 'to_name']).where('campaign_id', '=', campaignId).orderBy('id', 'desc').execute()
    const live = rows.find((r) => r.status === 'travelling' || r.status === 'planned') ?? rows[0]
    return {
      current: live ? await journeyOf(tx, campaignId, system, live.id) : null,
      earlier: rows.filter((r) => r.id !== live?.id).map((r) => ({ id: r.id, name: r.name, status: r.status, to: r.to_name })),
      unit: rules.unit,
      marchHours: rules.marchSeconds / 3600,
    }
  })
}
