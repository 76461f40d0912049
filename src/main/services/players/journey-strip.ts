/**
 * The journey on the players' screen (CLK-14): the legs by their ground and length, where the
 * party is, marching or in camp, and the GM's weather line. The legs' thresholds and encounter
 * tables are never read here, so they cannot reach the players.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ClockView, PlayerView } from '../../../shared/contract'

export async function journeyStrip(db: Kysely<Database>, campaignId: number, clock: ClockView): Promise<PlayerView['journey']> {
  const on = clock.journey
  if (!on) return null
  const journey = await db.selectFrom('journey').select(['name', 'to_name', 'weather']).where('id', '=', on.id).where('campaign_id', '=', campaignId).executeTakeFirst()
  if (!journey) return null
  const legs = await db.selectFrom('journey_leg').select(['terrain', 'length', 'unit']).where('journey_id', '=', on.id).orderBy('position').orderBy('id').execute()
  return {
    name: journey.name,
    to: journey.to_name,
    legs: legs.map((l) => ({ terrain: l.terrain, length: l.length, unit: l.unit })),
    leg: on.leg,
    along: on.along,
    phase: on.phase,
    direction: on.direction,
    arrived: on.arrived,
    weather: journey.weather,
    onWatch: on.onWatch,
  }
}
