/**
 * A tracker's row: who takes part (the setup), the engine's immutable state after the last
 * exchange, and what that exchange did, as JSON in `ladder_conflict` (migration 0007).
 */
import type { Selectable } from 'kysely'
import type { LadderConflictTable } from '../../db/schema-ladder'
import type { Combatant, ConflictView, Participant } from '../../../shared/api/table-ladder.contract'
import type { DuelState, ExtendedConflictState, InjuryStatus, MeleeState, RaceState, Rung, TeamConflictState } from '../../engines/ladder'
import { type Tx, AppError } from '../core'

export type TeamMemberSetup = Participant & { super: boolean; henchman: boolean }

/** Who takes part, as the GM set it up (characters resolved to their names). */
export type Setup =
  | { kind: 'extended'; a: Participant; b: Participant }
  | { kind: 'team'; labels: { a: string; b: string }; a: TeamMemberSetup[]; b: TeamMemberSetup[] }
  | { kind: 'race'; contestants: Participant[] }
  | { kind: 'duel'; a: Participant; b: Participant }
  | { kind: 'combat'; combatants: Combatant[] }

/** One hand-to-hand fight of a combat (LAD-13): the two combatants and their AP. */
export type Fight = MeleeState & { a: string; b: string }

/** A combat between rounds (LAD-12 … LAD-18). */
export interface CombatState {
  extended: boolean
  round: number
  /** Injury status by name: for characters of the campaign, as their injuries stood after the last round. */
  status: Record<string, InjuryStatus>
  /** Fights by the pair's key (the two names, sorted). */
  fights: Record<string, Fight>
  /** LAD-17: Wounded last round, so they lose their next attack. */
  lostAttack: string[]
  /**
   * LAD-17: knocked out by a Wound to the head, by name: the game time they come round, three
   * combat rounds after the round of the blow (the clock's timer for it says the same). Absent in
   * combats kept before it was.
   */
  knockedOut?: Record<string, number>
}

export type DuelTrack = DuelState & { rung: Rung }

export type EngineState = ExtendedConflictState | TeamConflictState | RaceState | DuelTrack | CombatState

export type Last = NonNullable<ConflictView['last']>

export interface Conflict {
  id: number
  campaignId: number
  sessionId: number | null
  name: string
  status: 'open' | 'over'
  setup: Setup
  state: EngineState
  last: Last | null
  createdAt: string
  updatedAt: string
}

/** The row read back into its setup, state and last report. */
export function toConflict(row: Selectable<LadderConflictTable>): Conflict {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    sessionId: row.session_id,
    name: row.name,
    status: row.status,
    setup: JSON.parse(row.setup) as Setup,
    state: JSON.parse(row.state) as EngineState,
    last: row.last === null ? null : (JSON.parse(row.last) as Last),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/**
 * A conflict to change; refused when it is over.
 * @example await openConflict(tx, 3)
 */
export async function openConflict(tx: Tx, id: number): Promise<Conflict> {
  const row = await tx.trx.selectFrom('ladder_conflict').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new AppError('not_found', `There is no conflict ${id}; it may have been ended in another window.`, [{ field: 'id', problem: 'no conflict has this id' }])
  const conflict = toConflict(row)
  if (conflict.status === 'over') {
    throw new AppError('refused', `“${conflict.name}” is over; start a new one to go on. Nothing was written.`, [{ field: 'id', problem: 'this conflict is over' }])
  }
  return conflict
}

/**
 * Writes the new state and what the exchange did.
 * @example await saveConflict(tx, conflict, { state, last })
 */
export async function saveConflict(tx: Tx, conflict: Conflict, change: { state?: EngineState; last?: Last; status?: 'open' | 'over' }): Promise<void> {
  await tx.trx
    .updateTable('ladder_conflict')
    .set({
      ...(change.state ? { state: JSON.stringify(change.state) } : {}),
      ...(change.last ? { last: JSON.stringify(change.last) } : {}),
      ...(change.status ? { status: change.status } : {}),
      updated_at: tx.realTime,
    })
    .where('id', '=', conflict.id)
    .execute()
}

/** What a change to a tracker keeps in its log entry, so that undoing it restores the tracker exactly. */
export interface UndoPoint {
  state: EngineState
  last: Last | null
  status: 'open' | 'over'
}

/**
 * The tracker as it stands before a change, for that change's log entry.
 * @example appendLog(tx, { …, payload: { …, undo: undoPoint(conflict) } })
 */
export function undoPoint(c: Conflict): UndoPoint {
  return { state: c.state, last: c.last, status: c.status }
}
