/**
 * Elimination and who wins (CH-3): a side whose pool is 0 or less is out and loses.
 */

/** Who won: the single side (side 0), its opponents, or nobody. One-on-one calls them a and b. */
export type ChallengeWinner = 'single' | 'opponents' | 'draw'

/**
 * Decides a challenge once a round is over, or null while it goes on (CH-3). `before` and `after`
 * are every side's pool at the start and end of the round; side 0 faces all the others (CH-8).
 * When side 0 and its last opponents go out together, the higher pool wins (the fewest negative
 * points) and equal pools draw; with several opponents, the best pool among those who went out
 * in that round is the one compared.
 * @example decide([3, 3], [0, 0]) // 'draw'
 * @example decide([6, 7], [2, -1]) // 'single'
 */
export function decide(before: readonly number[], after: readonly number[]): ChallengeWinner | null {
  const singleOut = (after[0] ?? 0) <= 0
  const standing = after.slice(1).filter((p) => p > 0).length
  if (!singleOut && standing > 0) return null
  if (!singleOut) return 'single'
  if (standing > 0) return 'opponents'
  const justOut = after.slice(1).filter((p, i) => (before[i + 1] ?? 0) > 0 && p <= 0)
  const best = Math.max(...(justOut.length > 0 ? justOut : after.slice(1)))
  const single = after[0] ?? 0
  return single > best ? 'single' : single < best ? 'opponents' : 'draw'
}
