/**
 * Dueling magics (LAD-28): both magicians roll against one rung the GM sets each exchange. Both succeed → AP as
 * LAD-7; only one succeeds → its AP become 6; both fail → nothing (Decision). At 6 AP a spell lands and that
 * side's AP are erased; the duel goes on while both remain.
 */
import type { Dice } from '../dice'
import { WINNING_AP, exchangeAP, requireHeadStart } from './advantage'
import type { AdvantagePoints } from './advantage'
import { scoredOdds } from './conflict-odds'
import type { ScoredOdds } from './conflict-odds'
import { contenderTask } from './exchange'
import type { Contender } from './exchange'
import { taskOdds } from './odds'
import { rungIndex } from './rungs'
import type { Rung, Side } from './rungs'
import { rollTask } from './task'
import type { TaskInput, TaskResult } from './task'

export interface DuelState {
  ap: AdvantagePoints
  exchanges: number
  /** Spells landed so far by each side. */
  landed: { a: number; b: number }
}

export interface DuelExchange {
  /** The success rung the GM sets for both magicians this exchange. */
  rung: Rung
  a: Contender
  b: Contender
}

export interface DuelExchangeReport {
  exchange: number
  rung: Rung
  rolls: { a: TaskResult; b: TaskResult }
  before: AdvantagePoints
  scored: [number, number]
  /** AP after the exchange and after the landing sides' AP are erased. */
  after: AdvantagePoints
  /** Sides whose spell lands this exchange; both at once when both reach 6 together (spells are simultaneous). */
  lands: Side[]
}

/**
 * Starts a duel, with any head start (LAD-9).
 * @example startDuel().ap // { a: 0, b: 0 }
 */
export function startDuel(setup: { headStart?: Partial<AdvantagePoints> } = {}): DuelState {
  return { ap: requireHeadStart(setup.headStart), exchanges: 0, landed: { a: 0, b: 0 } }
}

/** AP each side scores from two duel results (LAD-28). */
function duelScore(before: AdvantagePoints, a: Rung, b: Rung, rung: Rung): [number, number] {
  const aCasts = rungIndex(a) >= rungIndex(rung)
  const bCasts = rungIndex(b) >= rungIndex(rung)
  if (aCasts && bCasts) return exchangeAP(a, b)
  // Only one casts: its AP become 6, so it scores whatever it lacked.
  if (aCasts) return [Math.max(0, WINNING_AP - before.a), 0]
  if (bCasts) return [0, Math.max(0, WINNING_AP - before.b)]
  return [0, 0]
}

function duelTask(c: Contender, rung: Rung): TaskInput {
  // Magic always uses the extended ladder (LAD-25).
  return { ...contenderTask(c, true), difficulty: rung }
}

/**
 * Plays one exchange of a magic duel (LAD-28).
 * @example duelExchange(scriptedDice([4, 1, 3]), startDuel(), { rung: 'good', a: { asset: 'good' }, b: { asset: 'good' } }).report.lands // ['a']
 */
export function duelExchange(dice: Dice, state: DuelState, exchange: DuelExchange): { state: DuelState; report: DuelExchangeReport } {
  const rolls = { a: rollTask(dice, duelTask(exchange.a, exchange.rung)), b: rollTask(dice, duelTask(exchange.b, exchange.rung)) }
  const scored = duelScore(state.ap, rolls.a.result, rolls.b.result, exchange.rung)
  const reached = { a: state.ap.a + scored[0], b: state.ap.b + scored[1] }
  const lands = (['a', 'b'] as const).filter((side) => reached[side] >= WINNING_AP)
  const after = { a: lands.includes('a') ? 0 : reached.a, b: lands.includes('b') ? 0 : reached.b }
  const next: DuelState = {
    ap: after,
    exchanges: state.exchanges + 1,
    landed: { a: state.landed.a + (lands.includes('a') ? 1 : 0), b: state.landed.b + (lands.includes('b') ? 1 : 0) },
  }
  return { state: next, report: { exchange: next.exchanges, rung: exchange.rung, rolls, before: state.ap, scored, after, lands } }
}

/**
 * Who declares first this exchange: the higher AP total; before any AP, the higher magical asset; `null` if equal.
 * @example duelDeclaresFirst(startDuel(), { a: 'expert', b: 'good' }) // 'a'
 */
export function duelDeclaresFirst(state: DuelState, assets: { a: Rung; b: Rung }): Side | null {
  const edge = state.ap.a !== state.ap.b ? state.ap.a - state.ap.b : state.exchanges === 0 ? rungIndex(assets.a) - rungIndex(assets.b) : 0
  return edge > 0 ? 'a' : edge < 0 ? 'b' : null
}

/**
 * Exact AP odds of the next duel exchange from the current state (DICE-2).
 * @example duelExchangeOdds(startDuel(), { rung: 'good', a: { asset: 'good' }, b: { asset: 'good' } })
 */
export function duelExchangeOdds(state: DuelState, exchange: DuelExchange): ScoredOdds[] {
  const a = taskOdds(duelTask(exchange.a, exchange.rung)).result
  const b = taskOdds(duelTask(exchange.b, exchange.rung)).result
  return scoredOdds(a, b, (ra, rb) => duelScore(state.ap, ra, rb, exchange.rung))
}
