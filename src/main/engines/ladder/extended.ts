/**
 * Extended conflicts (LAD-7 … LAD-9) as a small state machine: each exchange both sides roll, score AP, and the
 * first to 6 AP has out-manoeuvred the other. A new scene or combat starts a new conflict, which clears AP (LAD-9).
 */
import type { Dice } from '../dice'
import { addAP, requireHeadStart, sixAPLeader } from './advantage'
import type { AdvantagePoints } from './advantage'
import { rollExchange } from './exchange'
import type { Contender } from './exchange'
import type { Side } from './rungs'
import type { TaskResult } from './task'

export interface ExtendedConflictState {
  extended: boolean
  ap: AdvantagePoints
  exchanges: number
  winner: Side | null
  /** Both sides hold 6 AP or more, equally: one more exchange decides (LAD-8 Decision). */
  tied: boolean
}

export interface ExtendedExchangeReport {
  exchange: number
  rolls: { a: TaskResult; b: TaskResult }
  before: AdvantagePoints
  scored: [number, number]
  after: AdvantagePoints
  winner: Side | null
  tied: boolean
}

/**
 * Starts an extended conflict, with any head start the GM grants (LAD-9: 1 or 2 AP).
 * @example startExtendedConflict({ headStart: { a: 2 } }).ap // { a: 2, b: 0 }
 */
export function startExtendedConflict(setup: { headStart?: Partial<AdvantagePoints>; extended?: boolean } = {}): ExtendedConflictState {
  return { extended: setup.extended ?? false, ap: requireHeadStart(setup.headStart), exchanges: 0, winner: null, tied: false }
}

/**
 * Plays one exchange (LAD-7, LAD-8): both roll, AP are scored, and the state says who has won, if anyone.
 * @example extendedExchange(scriptedDice([6, 3, 1, 4]), startExtendedConflict(), { a: { asset: 'good' }, b: { asset: 'good' } }).report.scored // [3, 0]
 */
export function extendedExchange(
  dice: Dice,
  state: ExtendedConflictState,
  sides: { a: Contender; b: Contender },
): { state: ExtendedConflictState; report: ExtendedExchangeReport } {
  if (state.winner) throw new Error(`This conflict is over: side ${state.winner} has already won it. Start a new one.`)
  const { rolls, scored } = rollExchange(dice, sides, state.extended)
  const after = addAP(state.ap, scored)
  const leader = sixAPLeader(after)
  const winner = leader === 'a' || leader === 'b' ? leader : null
  const next = { ...state, ap: after, exchanges: state.exchanges + 1, winner, tied: leader === 'tie' }
  return {
    state: next,
    report: { exchange: next.exchanges, rolls, before: state.ap, scored, after, winner, tied: next.tied },
  }
}
