/**
 * A journey's pace: how far the party goes in a 5-minute turn on each kind of ground (OSR-7 in an
 * old-school campaign, the campaign's pace in the others: CLK-10, CLK-11), and how long each leg
 * of the road takes at that pace, in whole seconds of game time.
 */
import { speed, type Place } from '../osr'
import { TURN_SECONDS, HOUR } from '../clock/time'
import { refuse, type Refusable } from '../clock/refusal'

/** How the campaign measures its roads. */
export type DistanceUnit = 'miles' | 'km'

/** Feet in a mile and in a kilometre (a foot is 0.3048 m exactly). */
export const FEET_PER: Readonly<Record<DistanceUnit, number>> = { miles: 5280, km: 1000 / 0.3048 }

/** CLK-11: enclosed ground goes at a tenth of the open pace, OSR-7's 100 ft to 1,000 ft. */
export const ENCLOSED_SHARE = 0.1

/** CLK-11: the pace a campaign outside the old-school core marches at unless its GM sets another. */
export const DEFAULT_PACE_MPH = 3

/** Feet per turn on open and on enclosed ground. */
export interface TurnSpeed {
  open: number
  enclosed: number
}

/** One member's load and what it leaves of their speed (OSR-7). */
export interface MemberSpeed extends TurnSpeed {
  name: string
  loadLbs: number
}

/** The party's speed and who sets it (CLK-10). */
export interface PartySpeed extends TurnSpeed {
  /** Who goes slowest and so sets the pace (every one of them when tied); empty when the pace is the campaign's. */
  slowest: string[]
  members: MemberSpeed[]
  /** Where the number comes from, in a GM's words. */
  basis: 'load' | 'pace'
}

/**
 * A length in feet.
 * @example toFeet(2, 'miles') // 10560
 */
export function toFeet(length: number, unit: DistanceUnit): number {
  return length * FEET_PER[unit]
}

/**
 * Feet as the campaign's unit, to a tenth.
 * @example fromFeet(22176, 'miles') // 4.2
 */
export function fromFeet(feet: number, unit: DistanceUnit): number {
  return Math.round((feet / FEET_PER[unit]) * 10) / 10
}

/**
 * CLK-10: an old-school party moves at its slowest member's speed, each member's speed being
 * OSR-7's (each full 50 lbs carried takes 20 % of normal, never below 0). A party no one is in
 * moves at the normal speed. Refused when anyone's load stops them, naming who.
 * @example osrPartySpeed([{ name: 'Glam', loadLbs: 145 }]) // { ok: true, open: 600, enclosed: 60, slowest: ['Glam'], … }
 */
export function osrPartySpeed(members: readonly { name: string; loadLbs: number }[]): Refusable<PartySpeed> {
  const speeds: MemberSpeed[] = members.map((m) => ({
    name: m.name,
    loadLbs: m.loadLbs,
    open: speed({ place: 'open', loadLbs: m.loadLbs }).perTurnFt,
    enclosed: speed({ place: 'enclosed', loadLbs: m.loadLbs }).perTurnFt,
  }))
  if (speeds.length === 0) return { ok: true, open: 1000, enclosed: 100, slowest: [], members: [], basis: 'load' }
  const stopped = speeds.filter((m) => m.open <= 0)
  if (stopped.length > 0) {
    const who = stopped.map((m) => `${m.name} (${m.loadLbs} lbs)`).join(', ')
    return refuse(`The party cannot move: ${who} carr${stopped.length === 1 ? 'ies' : 'y'} 250 lbs or more, which leaves no speed (OSR-7). Lighten the load first.`)
  }
  const open = Math.min(...speeds.map((m) => m.open))
  const enclosed = Math.min(...speeds.map((m) => m.enclosed))
  return { ok: true, open, enclosed, slowest: speeds.filter((m) => m.open === open).map((m) => m.name), members: speeds, basis: 'load' }
}

/**
 * CLK-11: outside the old-school core the party marches at the campaign's pace in miles an hour
 * on open ground, a tenth of it on enclosed ground; loads do not slow it.
 * @example pacedSpeed(3) // { open: 1320, enclosed: 132, … }
 */
export function pacedSpeed(mph: number): PartySpeed {
  if (!(mph > 0) || !Number.isFinite(mph)) throw new RangeError(`A pace must be more than 0 miles an hour; got ${mph}.`)
  const open = (mph * FEET_PER.miles * TURN_SECONDS) / HOUR
  return { open, enclosed: open * ENCLOSED_SHARE, slowest: [], members: [], basis: 'pace' }
}

/**
 * The distance a turn covers, in the campaign's unit, unrounded.
 * @example perTurn(600, 'miles') // 0.11363…
 */
export function perTurn(feetPerTurn: number, unit: DistanceUnit): number {
  return feetPerTurn / FEET_PER[unit]
}

/**
 * CLK-10: the whole seconds of marching a leg takes at a speed: its length over the speed, the
 * last part of a second counted whole, so the party arrives at or just after the end of the road.
 * @example legSeconds(10560, 600) // 5280 (2 miles at 600 ft a turn: 17.6 turns)
 */
export function legSeconds(lengthFt: number, feetPerTurn: number): number {
  if (!(feetPerTurn > 0)) throw new RangeError('A party with no speed takes forever; the speed must be more than 0.')
  return Math.ceil((lengthFt * TURN_SECONDS) / feetPerTurn - 1e-9)
}

/**
 * The feet covered after marching some seconds at a speed, never past the leg's end.
 * @example feetAfter(1500, 600, 10560) // 3000
 */
export function feetAfter(seconds: number, feetPerTurn: number, lengthFt: number): number {
  return Math.min(lengthFt, (seconds * feetPerTurn) / TURN_SECONDS)
}

/** The speed on a kind of ground. */
export function speedOn(place: Place, s: TurnSpeed): number {
  return place === 'open' ? s.open : s.enclosed
}
