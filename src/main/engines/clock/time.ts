/**
 * Game time (CLK-1): whole seconds since the campaign's start, read as a day and a time of day, and
 * the spans the GM moves it by (CLK-2): 5-minute turns, rounds, minutes, hours and days.
 */
import { DAY, HOUR, MINUTE } from '../ladder/game-time'
import { ROUND_SECONDS, ROUNDS_PER_TURN, TURN_MINUTES } from '../osr'
import { refuse, type Refusable } from './refusal'

export { DAY, HOUR, MINUTE }

/** OSR-7, CLK-2: an exploration turn is 5 minutes. */
export const TURN_SECONDS = TURN_MINUTES * MINUTE
/** OSR-14, CLK-2: an `osr` combat round is 5 seconds, 60 to the turn. */
export const OSR_ROUND_SECONDS = ROUND_SECONDS
export { ROUNDS_PER_TURN }

/** How far to move the clock. `rounds` needs a combat (its round length). */
export type Span =
  | { seconds: number }
  | { minutes: number }
  | { turns: number }
  | { hours: number }
  | { days: number }
  | { rounds: number }

const UNIT_SECONDS = { seconds: 1, minutes: MINUTE, turns: TURN_SECONDS, hours: HOUR, days: DAY } as const
type FixedUnit = keyof typeof UNIT_SECONDS

/**
 * The seconds in a span. Counts must be whole and at least 1; rounds take the combat's round length.
 * @example spanSeconds({ turns: 2 }, null) // { ok: true, seconds: 600 }
 */
export function spanSeconds(span: Span, roundSeconds: number | null): Refusable<{ seconds: number }> {
  const entries = Object.entries(span) as [FixedUnit | 'rounds', unknown][]
  const [entry] = entries
  if (entries.length !== 1 || entry === undefined) {
    return refuse('Give one span: seconds, minutes, turns, rounds, hours or days.')
  }
  const [unit, count] = entry
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    return refuse(`A span of ${unit} must be a whole number, 1 or more; got ${String(count)}.`)
  }
  if (unit === 'rounds') {
    if (roundSeconds === null) return refuse('Rounds only count in combat: start a combat first, or give the span in seconds, minutes or turns.')
    return { ok: true, seconds: count * roundSeconds }
  }
  if (!Object.hasOwn(UNIT_SECONDS, unit)) return refuse(`"${unit}" is not a span; use seconds, minutes, turns, rounds, hours or days.`)
  return { ok: true, seconds: count * UNIT_SECONDS[unit] }
}

/**
 * The game time of a day (1 = the campaign's first) and a time of day, "hh:mm" or "hh:mm:ss".
 * @example gameTime(1, '10:55:20') // 39320
 */
export function gameTime(day: number, timeOfDay = '00:00'): number {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(timeOfDay)
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`Days are counted from 1, the campaign's first; got ${day}.`)
  const [h, m, s] = match ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)] : [NaN, NaN, NaN]
  if (!(h < 24 && m < 60 && s < 60)) throw new RangeError(`"${timeOfDay}" is not a time of day; write it as hh:mm or hh:mm:ss, e.g. 10:55.`)
  return (day - 1) * DAY + h * HOUR + m * MINUTE + s
}

const twoDigits = (n: number): string => String(n).padStart(2, '0')

/**
 * A game time as the clock shows it (CLK-1).
 * @example dayAndTime(39320) // { day: 1, timeOfDay: '10:55:20' }
 */
export function dayAndTime(time: number): { day: number; timeOfDay: string } {
  const within = time % DAY
  const clock = [Math.floor(within / HOUR), Math.floor((within % HOUR) / MINUTE), within % MINUTE]
  return { day: Math.floor(time / DAY) + 1, timeOfDay: clock.map(twoDigits).join(':') }
}
