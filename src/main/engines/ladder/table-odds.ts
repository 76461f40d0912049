/**
 * The odds the table shows for each kind of Ladder roll (DICE-2), from the engine's exact odds:
 * bars in the rules' own order (rungs, damage levels, sides), the chance that counts when there
 * is one, and what Plot Points buy instead (LAD-22.2). Pure, so the page can work them out itself.
 */
import {
  RUNGS,
  buyableResults,
  damageOdds,
  exchangeOdds,
  gunfireOdds,
  instantConflictOdds,
  rungIndex,
  taskOdds,
  topRung,
  untreatedOdds,
  type Contender,
  type Rung,
  type TaskInput,
  type Wonky,
} from './index'

type Roller = { asset: Rung; wonky: Wonky | null }
type Task = Roller & { difficulty?: Rung | null; extended: boolean }

/** A roll as the table asks for its odds (the `ladder.odds` input, defaults applied). */
export type TableOddsInput =
  | ({ kind: 'task' } & Task)
  | ({ kind: 'gunfire'; target: Rung } & Roller & { extended: boolean })
  | { kind: 'damage'; level: Parameters<typeof damageOdds>[0]['level']; tough: boolean }
  | { kind: 'instant'; a: Roller; b: Roller; extended: boolean }
  | { kind: 'exchange'; a: Roller; b: Roller; extended: boolean }
  | ({ kind: 'untreated' } & Roller & { extended: boolean })

export interface TableOdds {
  bars: { outcome: string; p: number }[]
  success: { outcome: string; p: number } | null
  buyable: { result: Rung; cost: number }[]
}

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
export function aheadOdds(outcomes: { scored: [number, number]; p: number }[]): Record<'a' | 'tie' | 'b', number> {
  const odds = { a: 0, tie: 0, b: 0 }
  for (const o of outcomes) odds[o.scored[0] > o.scored[1] ? 'a' : o.scored[0] < o.scored[1] ? 'b' : 'tie'] += o.p
  return odds
}

export function tableOdds(input: TableOddsInput): TableOdds {
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

