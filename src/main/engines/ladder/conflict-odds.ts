/**
 * Exact odds for conflicts (DICE-2), built on the task roll's closed form: one exchange's AP, who wins an
 * instant conflict, and who wins an extended conflict from where it stands.
 */
import { addAP, exchangeAP, sixAPLeader } from './advantage'
import type { AdvantagePoints } from './advantage'
import { contenderTask } from './exchange'
import type { Contender } from './exchange'
import type { ExtendedConflictState } from './extended'
import { noRungs, taskOdds, taskOddsByFirstFace } from './odds'
import type { RungOdds } from './odds'
import { RUNGS } from './rungs'
import type { Rung } from './rungs'

/** One possible outcome of an exchange and its probability. */
export interface ScoredOdds {
  scored: [number, number]
  p: number
}

/**
 * Exact result odds of one contender's roll.
 * @example contenderOdds({ asset: 'good' }, false).expert // 5/36
 */
export function contenderOdds(c: Contender, extended: boolean): RungOdds {
  return taskOdds(contenderTask(c, extended)).result
}

/**
 * Exact AP odds for an exchange between two result distributions, scored as LAD-7 unless another scoring is
 * given (team bests of LAD-10, a duel's LAD-28).
 * @example scoredOdds(contenderOdds({ asset: 'good' }, false), contenderOdds({ asset: 'good' }, false))
 */
export function scoredOdds(
  a: RungOdds,
  b: RungOdds,
  score: (a: Rung, b: Rung) => [number, number] = exchangeAP,
): ScoredOdds[] {
  const byScore = new Map<string, ScoredOdds>()
  for (const ra of RUNGS) {
    for (const rb of RUNGS) {
      const p = a[ra] * b[rb]
      if (p === 0) continue
      const scored = score(ra, rb)
      const key = scored.join(':')
      const seen = byScore.get(key)
      if (seen) seen.p += p
      else byScore.set(key, { scored, p })
    }
  }
  return [...byScore.values()]
}

/**
 * Exact odds of each AP outcome of one exchange (LAD-7).
 * @example exchangeOdds({ a: { asset: 'expert' }, b: { asset: 'poor' } })
 */
export function exchangeOdds(sides: { a: Contender; b: Contender }, extended = false): ScoredOdds[] {
  return scoredOdds(contenderOdds(sides.a, extended), contenderOdds(sides.b, extended))
}

/**
 * Exact odds that each side wins an instant conflict (LAD-6), ties re-rolled until one side wins.
 * @example instantConflictOdds({ a: { asset: 'good' }, b: { asset: 'good' } }) // { a: 0.5, b: 0.5 }
 */
export function instantConflictOdds(conflict: { a: Contender; b: Contender; extended?: boolean }): { a: number; b: number } {
  const extended = conflict.extended ?? false
  const a = taskOddsByFirstFace(contenderTask(conflict.a, extended))
  const b = taskOddsByFirstFace(contenderTask(conflict.b, extended))
  let aWins = 0
  let bWins = 0
  a.forEach((rowA, fa) =>
    b.forEach((rowB, fb) =>
      RUNGS.forEach((ra, ia) =>
        RUNGS.forEach((rb, ib) => {
          const p = (rowA[ra] * rowB[rb]) / 36
          // LAD-6: rung first, then first face; equal faces too are rolled again, so they drop out.
          const edge = ia !== ib ? ia - ib : fa - fb
          if (edge > 0) aWins += p
          else if (edge < 0) bWins += p
        }),
      ),
    ),
  )
  return { a: aWins / (aWins + bWins), b: bWins / (aWins + bWins) }
}

/**
 * Exact odds that each side wins an extended conflict from its current state (LAD-7, LAD-8), by summing over
 * every path of exchanges. The same two contenders roll every exchange.
 * @example extendedConflictOdds(startExtendedConflict({ headStart: { a: 2 } }), { a: { asset: 'good' }, b: { asset: 'good' } }).a // > 0.5
 */
export function extendedConflictOdds(state: ExtendedConflictState, sides: { a: Contender; b: Contender }): { a: number; b: number } {
  if (state.winner) return { a: state.winner === 'a' ? 1 : 0, b: state.winner === 'b' ? 1 : 0 }
  const outcomes = exchangeOdds(sides, state.extended)
  const decisive = outcomes.filter((o) => o.scored[0] !== o.scored[1])
  const aEdge = decisive.filter((o) => o.scored[0] > o.scored[1]).reduce((s, o) => s + o.p, 0)
  const bEdge = decisive.filter((o) => o.scored[1] > o.scored[0]).reduce((s, o) => s + o.p, 0)
  const memo = new Map<string, number>()
  // P(side a wins) from AP totals. Every exchange adds at least 1 AP, so the recursion ends.
  const aWinsFrom = (ap: AdvantagePoints): number => {
    const leader = sixAPLeader(ap)
    if (leader === 'a' || leader === 'b') return leader === 'a' ? 1 : 0
    // LAD-8 Decision: at a tie equal rungs keep it tied, so only the decisive exchanges matter.
    if (leader === 'tie') return aEdge / (aEdge + bEdge)
    const key = `${ap.a}:${ap.b}`
    const known = memo.get(key)
    if (known !== undefined) return known
    const p = outcomes.reduce((sum, o) => sum + o.p * aWinsFrom(addAP(ap, o.scored)), 0)
    memo.set(key, p)
    return p
  }
  const a = aWinsFrom(state.ap)
  return { a, b: 1 - a }
}

/**
 * Exact odds of the best result among several rollers, as a team uses it (LAD-10).
 * @example bestOfOdds([taskOdds({ asset: 'good' }).result, taskOdds({ asset: 'poor' }).result]).terrible // 0
 */
export function bestOfOdds(members: readonly RungOdds[]): RungOdds {
  // P(best ≤ r) is the product of each member's P(result ≤ r).
  const atMost = RUNGS.map((_, i) => members.reduce((p, m) => p * RUNGS.slice(0, i + 1).reduce((s, r) => s + m[r], 0), 1))
  const best = noRungs()
  RUNGS.forEach((r: Rung, i) => (best[r] = (atMost[i] ?? 0) - (i > 0 ? (atMost[i - 1] ?? 0) : 0)))
  return best
}
