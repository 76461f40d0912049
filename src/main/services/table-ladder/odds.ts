/**
 * Exact odds for every roll the table makes (DICE-2), straight from the engine's odds functions:
 * never sampled. Outcomes are keyed in the rules' own terms (rungs, damage levels, sides).
 */
import type { z } from 'zod'
import type { Odds, OddsInput } from '../../../shared/api/table-ladder.contract'
import {
  RUNGS,
  buyableResults,
  damageOdds,
  exchangeOdds,
  gunfireOdds,
  instantConflictOdds,
  taskOdds,
  topRung,
  untreatedOdds,
  rungIndex,
  type Contender,
  type Rung,
  type TaskInput,
  type Wonky,
} from '../../engines/ladder'
import { byTheRules } from './refusal'

type Input = z.output<typeof OddsInput>

/**
 * The engine's task from the table's fields: no difficulty or wonky ladder unless set.
 * @example taskOf({ asset: 'good', difficulty: null, wonky: 'bad', extended: false }) // { asset: 'good', extended: false, wonky: 'bad' }
 */
export function taskOf(t: { asset: Rung; difficulty?: Rung | null; wonky: Wonky | null; extended: boolean }): TaskInput {
  return { asset: t.asset, extended: t.extended, ...(t.difficulty ? { difficulty: t.difficulty } : {}), ...(t.wonky ? { wonky: t.wonky } : {}) }
}

/**
 * A conflict's roller as the engine knows them.
 * @example contenderOf({ asset: 'good', wonky: null }) // { asset: 'good' }
 */
export function contenderOf(c: { asset: Rung; wonky: Wonky | null }): Contender {
  return c.wonky ? { asset: c.asset, wonky: c.wonky } : { asset: c.asset }
}

/**
 * The rungs of the ladder in use, low to high (LAD-1).
 * @example ladderRungs(false) // ['terrible', 'poor', 'good', 'expert', 'superb']
 */
export function ladderRungs(extended: boolean): Rung[] {
  return RUNGS.filter((r) => rungIndex(r) <= rungIndex(topRung(extended)))
}

const bars = (odds: Record<string, number>, order: readonly string[]) => order.map((outcome) => ({ outcome, p: odds[outcome] ?? 0 }))

/** The odds of one exchange folded to who scores more: side a, both equal, side b (LAD-7). */
function aheadOdds(outcomes: { scored: [number, number]; p: number }[]): Record<'a' | 'tie' | 'b', number> {
  const odds = { a: 0, tie: 0, b: 0 }
  for (const o of outcomes) odds[o.scored[0] > o.scored[1] ? 'a' : o.scored[0] < o.scored[1] ? 'b' : 'tie'] += o.p
  return odds
}

function computeOdds(input: Input): Odds {
  switch (input.kind) {
    case 'task': {
      const task = taskOf(input)
      const o = taskOdds(task)
      return {
        bars: bars(o.result, ladderRungs(input.extended)),
        success: o.success === undefined ? null : { outcome: 'success', p: o.success },
        buyable: buyableResults(task),
      }
    }
    case 'gunfire': {
      // LAD-14: meet the target rung and it is Wounded; beat it and it is Incapacitated.
      const o = gunfireOdds({ ...taskOf(input), target: input.target })
      return { bars: bars(o, ['miss', 'wounded', 'incapacitated']), success: { outcome: 'hit', p: o.wounded + o.incapacitated }, buyable: [] }
    }
    case 'damage': {
      const o = damageOdds({ level: input.level, tough: input.tough })
      return { bars: bars(o, ['none', 'subdued', 'wounded', 'incapacitated', 'killed']), success: null, buyable: [] }
    }
    case 'instant': {
      const o = instantConflictOdds({ a: contenderOf(input.a), b: contenderOf(input.b), extended: input.extended })
      return { bars: bars(o, ['a', 'b']), success: { outcome: 'a', p: o.a }, buyable: [] }
    }
    case 'exchange': {
      const o = aheadOdds(exchangeOdds({ a: contenderOf(input.a), b: contenderOf(input.b) }, input.extended))
      return { bars: bars(o, ['a', 'tie', 'b']), success: null, buyable: [] }
    }
    case 'untreated': {
      const { beginsDying } = untreatedOdds(taskOf(input))
      return { bars: bars({ recovers: 1 - beginsDying, dying: beginsDying }, ['recovers', 'dying']), success: { outcome: 'recovers', p: 1 - beginsDying }, buyable: [] }
    }
  }
}

/**
 * The exact odds of a roll before it is made.
 * @example ladderOdds({ kind: 'task', asset: 'poor', difficulty: 'expert', wonky: null, extended: false }).success // { outcome: 'success', p: 1/36 }
 */
export function ladderOdds(input: Input): Odds {
  // Asking for odds writes nothing, so a refusal only says what is wrong.
  return byTheRules('asset', () => computeOdds(input), '')
}

export { aheadOdds }
