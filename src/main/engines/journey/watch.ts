/**
 * The watch in camp (CLK-15): the night from making camp to first light shared evenly among the
 * watchers, in the order the GM set; who was on watch when the watch's check met something.
 */
import type { Progress } from './road'

/** One watcher's share of the night. */
export interface Watch<T> {
  who: T
  from: number
  to: number
}

/**
 * The night's watches, in order: each an equal share of the time from `from` (camp made) to
 * `until` (first light), in whole seconds, the last ending at first light.
 * @example watches(['Glam', 'Bram'], 50400, 108000) // [{ who: 'Glam', from: 50400, to: 79200 }, { who: 'Bram', from: 79200, to: 108000 }]
 */
export function watches<T>(order: readonly T[], from: number, until: number): Watch<T>[] {
  if (order.length === 0 || !(until > from)) return []
  const n = order.length
  return order.map((who, k) => ({ who, from: from + Math.floor(((until - from) * k) / n), to: k === n - 1 ? until : from + Math.floor(((until - from) * (k + 1)) / n) }))
}

/**
 * Who is on watch at `at`: the watcher whose share of the night holds it; null with no watch order
 * or outside the night.
 * @example onWatch(['Glam', 'Bram'], 50400, 108000, 90000) // 'Bram'
 */
export function onWatch<T>(order: readonly T[], from: number, until: number, at: number): T | null {
  return watches(order, from, until).find((w) => at >= w.from && at < w.to)?.who ?? null
}

/**
 * Who is on watch at `at` in the camp the party is in: null when it is not in camp, or in a camp
 * stored before watches (no time it was made).
 * @example onWatchInCamp(['Glam', 'Bram'], { phase: 'camp', campFrom: 50400, campUntil: 108000 }, 90000) // 'Bram'
 */
export function onWatchInCamp<T>(order: readonly T[], camp: Pick<Progress, 'phase' | 'campFrom' | 'campUntil'>, at: number): T | null {
  return camp.phase === 'camp' && camp.campFrom != null && camp.campUntil != null ? onWatch(order, camp.campFrom, camp.campUntil, at) : null
}
