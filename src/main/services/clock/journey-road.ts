/**
 * A journey's road as the clock reads it (CLK-14): its legs in order, in feet for the engine, and
 * the campaign's rules for the road (marching day, daylight, the watch's checks in camp).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { JourneyLegRow, JourneyRow } from '../../db/schema-journey'
import type { ClockView } from '../../../shared/contract'
import { HOUR } from '../../engines/clock'
import { fromFeet, onWatchInCamp, position, toFeet, type CampChecks, type DistanceUnit, type Leg, type RoadRules } from '../../engines/journey'
import { getSettings } from '../campaigns'
import { AppError } from '../core'
import { DAYLIGHT_KEYS, daylightOf } from './daylight'
import type { JourneyOnClock } from './store'

export interface Road {
  journey: JourneyRow
  rows: JourneyLegRow[]
  legs: Leg[]
}

/** A journey of this campaign with its legs in order; refused in words when there is none. */
export async function loadRoad(db: Kysely<Database>, campaignId: number, journeyId: number): Promise<Road> {
  const journey = await db.selectFrom('journey').selectAll().where('id', '=', journeyId).where('campaign_id', '=', campaignId).executeTakeFirst()
  if (!journey) throw new AppError('not_found', `There is no journey with id ${journeyId} in this campaign.`, [{ field: 'journeyId', problem: 'not in this campaign' }])
  const rows = await db.selectFrom('journey_leg').selectAll().where('journey_id', '=', journeyId).orderBy('position').orderBy('id').execute()
  return { journey, rows, legs: rows.map(legOf) }
}

/** A leg row as the engine walks it: its length in feet. */
export function legOf(row: JourneyLegRow): Leg {
  return { name: row.terrain, lengthFt: toFeet(row.length, row.unit), place: row.place, threshold: row.threshold }
}

/** CLK-15: the campaign's rules for the road. */
export async function roadRules(db: Kysely<Database>, campaignId: number): Promise<RoadRules & { campChecks: CampChecks; unit: DistanceUnit }> {
  const s = await getSettings(db, campaignId, ['journey.marchHours', 'journey.campChecks', 'journey.distanceUnit', ...DAYLIGHT_KEYS])
  return { marchSeconds: s['journey.marchHours'] * HOUR, daylight: daylightOf(s), campChecks: s['journey.campChecks'], unit: s['journey.distanceUnit'] }
}

/**
 * Where on the road, in a GM's words: "mile 4.2 of leg 2 (forest)".
 * @example whereOnRoad(road, 1, 22176) // 'mile 4.2 of leg 2 (forest)'
 */
export function whereOnRoad(road: Road, leg: number, feet: number): string {
  const row = road.rows[leg]
  if (!row) return 'on the road'
  return `${row.unit === 'km' ? 'km' : 'mile'} ${fromFeet(feet, row.unit)} of leg ${leg + 1} (${row.terrain})`
}

/**
 * The journey under way as the clock bar shows it, and the encounter table of the leg the party
 * is on (null when it has none, or the journey is over). `names` holds the watchers' names.
 */
export async function journeyOnView(
  db: Kysely<Database>,
  campaignId: number,
  on: JourneyOnClock | null | undefined,
  time: number,
  names: ReadonlyMap<string, string>,
): Promise<{ journey: ClockView['journey']; legTableId: number | null }> {
  const none = { journey: null, legTableId: null }
  if (!on) return none
  const road = await db
    .selectFrom('journey')
    .select(['id', 'name'])
    .where('id', '=', on.journeyId)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst()
  if (!road) return none
  const rows = await db.selectFrom('journey_leg').selectAll().where('journey_id', '=', on.journeyId).orderBy('position').orderBy('id').execute()
  const here = position(on, rows.map(legOf))
  const row = rows[here.leg]
  if (!row) return none
  // CLK-15: the watch order by name, and who is on watch now when the party is in camp.
  const watch = (on.watch ?? []).flatMap((id) => (names.has(String(id)) ? [{ id, name: names.get(String(id))! }] : []))
  return {
    journey: {
      id: road.id,
      name: road.name,
      leg: here.leg + 1,
      legs: rows.length,
      terrain: row.terrain,
      along: fromFeet(here.feet, row.unit),
      length: row.length,
      unit: row.unit,
      phase: on.phase,
      direction: on.direction,
      arrived: on.arrived,
      watch,
      onWatch: onWatchInCamp(watch, on, time)?.name ?? null,
    },
    legTableId: on.arrived ? null : row.table_id,
  }
}
