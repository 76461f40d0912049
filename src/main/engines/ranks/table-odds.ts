/**
 * The odds the Ranks table shows before a roll (DICE-2): each rank's chance in RK-3's colours, the
 * chance of Fair or better (a success; against a Danger, removed) and of Good or better (removed
 * with no Harm, RK-8), plain and with an aspect invoked (RK-4). Pure, so the page can work them
 * out itself and the service answers with the same numbers.
 */
import { colourOf, isFailure, RANKS, type Rank } from './ranks'
import { rankOdds, rankOddsWithAspect } from './odds'

export interface RankChart {
  bars: { rank: Rank; p: number; colour: ReturnType<typeof colourOf> }[]
  success: number
  noHarm: number
}

/**
 * The chart of one set of rank odds.
 * @example chartOf(rankOdds({ ability: 'fair' })).success // 0.5833…
 */
export function chartOf(odds: Record<Rank, number>): RankChart {
  const bars = RANKS.map((rank) => ({ rank, p: odds[rank], colour: colourOf(rank) }))
  const sum = (keep: (r: Rank) => boolean) => RANKS.filter(keep).reduce((s, r) => s + odds[r], 0)
  return { bars, success: sum((r) => !isFailure(r)), noHarm: sum((r) => !isFailure(r) && r !== 'fair') }
}

/**
 * RK-2, RK-4: odds before the roll, plain and with an aspect invoked.
 * @example rankRollOdds({ rank: 'good' }).success
 */
export function rankRollOdds(input: { rank: Rank }): RankChart & { withAspect: RankChart } {
  return { ...chartOf(rankOdds({ ability: input.rank })), withAspect: chartOf(rankOddsWithAspect({ ability: input.rank })) }
}
