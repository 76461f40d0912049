/**
 * LODE-7 read again after one side of an opposed roll re-rolls with Destiny (LODE-9): more
 * successes wins, the difference is the margin, equal is a tie. The engine's `opposedRoll` reads
 * the first throw; this reads the standing results the same way.
 */
import type { StoredSide } from './store'

/**
 * @example compareSides(brann, ulf) // { winner: 'a', margin: 2 }
 */
export function compareSides(a: StoredSide, b: StoredSide): { winner: 'a' | 'b' | 'tie'; margin: number } {
  const sa = a.attempt.result.successes
  const sb = b.attempt.result.successes
  return { winner: sa > sb ? 'a' : sa < sb ? 'b' : 'tie', margin: Math.abs(sa - sb) }
}
