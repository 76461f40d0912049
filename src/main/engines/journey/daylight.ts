/**
 * Daylight (CLK-12, CLK-13): when the sun is up in the campaign's world, and whether the party is
 * under the sky, so that by day in the open no light is needed and no darkness is shown.
 */
import { DAY, HOUR, MINUTE } from '../clock/time'

/** CLK-12: a season moves sunrise and sunset; 'none' keeps them as set. */
export type Season = 'none' | 'spring' | 'summer' | 'autumn' | 'winter'
export const SEASONS: readonly Season[] = ['none', 'spring', 'summer', 'autumn', 'winter']

/** CLK-12: how far a season moves sunrise earlier and sunset later (negative: later and earlier). */
export const SEASON_SHIFT_SECONDS: Readonly<Record<Season, number>> = { none: 0, spring: 0, summer: 90 * MINUTE, autumn: 0, winter: -90 * MINUTE }

/** The campaign's daylight: sunrise and sunset as hh:mm, and the season. */
export interface Daylight {
  sunrise: string
  sunset: string
  season: Season
}

/** CLK-12: sunrise at 06:00 and sunset at 18:00 unless the GM sets others. */
export const DEFAULT_DAYLIGHT: Daylight = { sunrise: '06:00', sunset: '18:00', season: 'none' }

function secondsOfDay(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm)
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new RangeError(`"${hhmm}" is not a time of day; write it as hh:mm, e.g. 06:00.`)
  return Number(m[1]) * HOUR + Number(m[2]) * MINUTE
}

/**
 * Sunrise and sunset as seconds into the day, the season's shift applied (CLK-12). A shift never
 * takes sunrise before 00:00 or sunset past 24:00, and the day keeps at least an hour of light.
 * @example sunTimes({ sunrise: '06:00', sunset: '18:00', season: 'summer' }) // { sunrise: 16200, sunset: 70200 } (04:30, 19:30)
 */
export function sunTimes(d: Daylight): { sunrise: number; sunset: number } {
  const rise = secondsOfDay(d.sunrise)
  const set = secondsOfDay(d.sunset)
  if (set <= rise) throw new RangeError(`Sunset (${d.sunset}) must come after sunrise (${d.sunrise}).`)
  const shift = SEASON_SHIFT_SECONDS[d.season]
  let sunrise = Math.max(0, rise - shift)
  let sunset = Math.min(DAY, set + shift)
  if (sunset - sunrise < HOUR) {
    const noon = (rise + set) / 2
    sunrise = Math.floor(noon - HOUR / 2)
    sunset = sunrise + HOUR
  }
  return { sunrise, sunset }
}

/**
 * Whether the sun is up at a game time: from sunrise up to, not including, sunset (CLK-12).
 * @example isDaytime(gameTime(1, '12:00'), DEFAULT_DAYLIGHT) // true
 */
export function isDaytime(time: number, d: Daylight): boolean {
  const { sunrise, sunset } = sunTimes(d)
  const t = time % DAY
  return t >= sunrise && t < sunset
}

/**
 * The first sunrise after a game time (strictly after it): first light, when a camp breaks (CLK-15).
 * @example nextFirstLight(gameTime(1, '14:00'), DEFAULT_DAYLIGHT) // gameTime(2, '06:00')
 */
export function nextFirstLight(time: number, d: Daylight): number {
  const { sunrise } = sunTimes(d)
  const today = Math.floor(time / DAY) * DAY + sunrise
  return today > time ? today : today + DAY
}

/**
 * The seconds of a span of game time [from, to) that fall at night (CLK-12).
 * @example nightSeconds(gameTime(1, '16:00'), gameTime(1, '20:00'), DEFAULT_DAYLIGHT) // 7200
 */
export function nightSeconds(from: number, to: number, d: Daylight): number {
  const { sunrise, sunset } = sunTimes(d)
  let night = 0
  for (let dayStart = Math.floor(from / DAY) * DAY; dayStart < to; dayStart += DAY) {
    const overlap = (a: number, b: number) => Math.max(0, Math.min(to, dayStart + b) - Math.max(from, dayStart + a))
    night += overlap(0, sunrise) + overlap(sunset, DAY)
  }
  return night
}

/** A place as daylight reads it: its own say on the sky (null: as the place it is in) and its kind. */
export interface SkyPlace {
  underSky: boolean | null
  kind: 'open' | 'enclosed'
}

/**
 * CLK-13: whether a place is under the sky. A place that says so is; one that leaves it open takes
 * the answer of the place it is in (a room, a dungeon's); a place at the top that leaves it open is
 * under the sky when it is open ground. `chain` is the place first, then each place it is in.
 * @example underSky([{ underSky: null, kind: 'enclosed' }, { underSky: false, kind: 'enclosed' }]) // false: a room in a dungeon
 */
export function underSky(chain: readonly SkyPlace[]): boolean {
  for (const place of chain) if (place.underSky !== null) return place.underSky
  const top = chain[chain.length - 1]
  return top === undefined ? true : top.kind === 'open'
}

/**
 * CLK-13: the sun lights the party: under the sky while the sun is up. Then no light is needed and
 * no darkness is shown; otherwise darkness is as CLK-4 has it.
 * @example daylit(gameTime(1, '12:00'), DEFAULT_DAYLIGHT, true) // true
 */
export function daylit(time: number, d: Daylight, sky: boolean): boolean {
  return sky && isDaytime(time, d)
}
