/** What a clock step's action is given, and what it returns to be written. */
import type { ClockEvent, ClockState } from '../../engines/clock'
import type { SystemId } from '../../../shared/contract'
import type { Tx, CampaignDice } from '../core'
import type { StepRecorder } from './steps'
import type { JourneyOnClock, PendingAdvance } from './store'
import type { NameBook } from './view'

export interface StepResult {
  state: ClockState
  /** Where the party is after the step; unchanged when absent. */
  partyLocationId?: number | null
  /** Who rests after the step (OSR-20); otherwise read from the rest records the engine returns. */
  resting?: Record<string, number>
  /** The step's own entry is for the GM only (a hidden timer: OSR-22's secret cast window). */
  gmOnly?: boolean
  summary: string
  /** The people a light step is about, by name (the carrier, or both hands of a hand-over): the players' gate reads them. */
  carriers?: string[]
  events?: ClockEvent[]
  stopped?: { kind: string; at: number } | null
  /** CLK-3: what "go on" advances after this step; unchanged when absent. */
  goOn?: PendingAdvance | null
  /** CLK-14: the journey under way after this step; unchanged when absent. */
  journey?: JourneyOnClock | null
  /** More for the step's own entry (the players' gate reads it by the action's kind). */
  payload?: Record<string, unknown>
  /** Entries of their own, besides the clock's events, written in game-time order with them (a journey's camps and legs). */
  entries?: { kind: string; gameTime: number; payload: Record<string, unknown> }[]
}

export interface StepContext {
  tx: Tx
  campaignId: number
  system: SystemId
  /** The clock with provisions and injuries read from their tables. */
  state: ClockState
  partyLocationId: number | null
  /** CLK-3: the rest of the last advance that stopped, if any. */
  goOn: PendingAdvance | null
  /** CLK-14: the journey under way, if any. */
  journey: JourneyOnClock | null
  recorder: StepRecorder
  /** Names of the characters the clock names; `need` reads more (a step's input may name another). */
  names: NameBook
  /** The campaign's dice for this step, taken on first use (a step that rolls nothing takes none). */
  dice: () => Promise<CampaignDice>
}
