/**
 * Daylight where the party is (CLK-12, CLK-13): the campaign's sunrise, sunset and season, and
 * whether the party is under the sky — on a journey's road, or at a location that is (a room
 * taking its dungeon's answer). Under the sky by day no darkness is shown.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { DAY } from '../../engines/clock'
import { isDaytime, sunTimes, underSky, type Daylight, type SkyPlace } from '../../engines/journey'
import { getSettings, type SettingValues } from '../campaigns'
import { loadStoredClock, type JourneyOnClock } from './store'
import { placeChain, type PlaceChain } from '../records'
import type { Tx } from '../core'

/** The campaign's daylight settings (CLK-12). */
export async function campaignDaylight(db: Kysely<Database>, campaignId: number): Promise<Daylight> {
  return daylightOf(await getSettings(db, campaignId, DAYLIGHT_KEYS))
}

/** The settings daylight is made of, for a caller reading them with others in one query. */
export const DAYLIGHT_KEYS = ['clock.sunrise', 'clock.sunset', 'clock.season'] as const

/** Daylight from its settings' values. */
export function daylightOf(s: SettingValues<(typeof DAYLIGHT_KEYS)[number]>): Daylight {
  return { sunrise: s['clock.sunrise'], sunset: s['clock.sunset'], season: s['clock.season'] }
}

/** Where the party is: its location (and that location's chain of places, when already read), and its journey. */
export interface PartyWhere {
  partyLocationId: number | null
  journey?: JourneyOnClock | null
  places?: PlaceChain
}

/**
 * CLK-13: whether the party is under the sky: on the road of a journey (or at the end of one whose
 * destination is no location), or at a location under the sky; at no location, not (darkness as
 * CLK-4 has it).
 */
export async function partyUnderSky(db: Kysely<Database>, campaignId: number, where: PartyWhere): Promise<boolean> {
  // On the road, or at its end when the destination is no location of the campaign: under the sky.
  if (where.journey && (!where.journey.arrived || where.partyLocationId === null)) return true
  const chain: SkyPlace[] = (where.places ?? (await placeChain(db, campaignId, where.partyLocationId))).map((p) => ({ underSky: p.under_sky === null ? null : p.under_sky === 1, kind: p.kind }))
  return chain.length > 0 && underSky(chain)
}

const hhmm = (seconds: number): string => `${String(Math.floor(seconds / 3600) % 24).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}`

/** What the clock shows of daylight: the sun's times today, whether it is up, whether the party is under the sky, and so lit by it. */
export interface DaylightNow {
  sunrise: string
  sunset: string
  sunUp: boolean
  underSky: boolean
  daylit: boolean
}

/**
 * Daylight for the party at a game time (CLK-12, CLK-13).
 * @example await daylightNow(db, 1, stored, gameTime(1, '12:00')) // { sunUp: true, underSky: true, daylit: true, … }
 */
export async function daylightNow(db: Kysely<Database>, campaignId: number, where: PartyWhere, time: number): Promise<DaylightNow> {
  const d = await campaignDaylight(db, campaignId)
  const sun = sunTimes(d)
  const sky = await partyUnderSky(db, campaignId, where)
  const sunUp = isDaytime(time, d)
  return { sunrise: hhmm(sun.sunrise), sunset: hhmm(sun.sunset === DAY ? DAY - 60 : sun.sunset), sunUp, underSky: sky, daylit: sky && sunUp }
}

/**
 * CLK-4, CLK-13: whether the party is in darkness now: no light lit, and no sun on it.
 * @example await partyInDarkness(tx, 1) // false at noon on the road
 */
export async function partyInDarkness(tx: Tx, campaignId: number): Promise<boolean> {
  const clock = await loadStoredClock(tx, campaignId)
  if (clock.lights.some((l) => l.lit)) return false
  return !(await daylightNow(tx.trx, campaignId, clock, clock.time)).daylit
}
