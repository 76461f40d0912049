/**
 * Advantage Points: how an exchange scores (LAD-7), when 6 AP decide (LAD-8) and head starts (LAD-9).
 * Every conflict of The Ladder counts AP through these.
 */
import { requireRung, rungIndex } from './rungs'
import type { Rung, Side } from './rungs'

/** LAD-8: a side with this many AP has out-manoeuvred the other. */
export const WINNING_AP = 6

export interface AdvantagePoints {
  a: number
  b: number
}

/**
 * AP for a result that meets its mark: equal scores 1, exceeding by n rungs scores n + 1 (LAD-7, LAD-11).
 * @example apForMargin(2) // 3
 */
export function apForMargin(rungsAbove: number): number {
  return rungsAbove + 1
}

/**
 * AP scored by each side for one exchange of an extended conflict (LAD-7): equal rungs give both 1 AP
 * (Decision); otherwise the higher side scores n + 1 for n rungs above the other.
 * @example exchangeAP('expert', 'poor') // [3, 0]
 */
export function exchangeAP(a: Rung, b: Rung): [number, number] {
  const n = rungIndex(requireRung(a, "Side a's result", true)) - rungIndex(requireRung(b, "Side b's result", true))
  if (n === 0) return [1, 1]
  return n > 0 ? [apForMargin(n), 0] : [0, apForMargin(-n)]
}

/**
 * Which side holds the deciding 6 AP (LAD-8): the only one at 6 or more; if both are, the higher total; an exact
 * tie at 6 or more is `'tie'` (one more exchange is played); `null` while neither has 6.
 * @example sixAPLeader({ a: 6, b: 6 }) // 'tie'
 */
export function sixAPLeader(ap: AdvantagePoints): Side | 'tie' | null {
  const aWins = ap.a >= WINNING_AP
  const bWins = ap.b >= WINNING_AP
  if (!aWins && !bWins) return null
  if (aWins && bWins && ap.a === ap.b) return 'tie'
  if (aWins && bWins) return ap.a > ap.b ? 'a' : 'b'
  return aWins ? 'a' : 'b'
}

/**
 * Adds an exchange's AP to the totals.
 * @example addAP({ a: 2, b: 1 }, [0, 3]) // { a: 2, b: 4 }
 */
export function addAP(ap: AdvantagePoints, scored: readonly [number, number]): AdvantagePoints {
  return { a: ap.a + scored[0], b: ap.b + scored[1] }
}

/**
 * Checks a starting advantage (LAD-9): 0, 1 or 2 AP per side, set by the GM before the first exchange.
 * @example requireHeadStart({ b: 2 }) // { a: 0, b: 2 }
 */
export function requireHeadStart(headStart: Partial<AdvantagePoints> = {}): AdvantagePoints {
  const check = (side: Side): number => {
    const ap = headStart[side] ?? 0
    if (ap !== 0 && ap !== 1 && ap !== 2) {
      throw new RangeError(`A starting advantage is a head start of 1 or 2 AP; side ${side} was given ${JSON.stringify(ap)}.`)
    }
    return ap
  }
  return { a: check('a'), b: check('b') }
}
