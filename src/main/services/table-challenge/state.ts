/**
 * A challenge as it is stored: the engine's running state (CH-1 … CH-11) beside who each side is
 * at the table (a character and the ability used, or something the GM rated), read and written
 * inside a unit of work.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../../db/schema'
import type { ChallengeTable } from '../../db/schema-challenge'
import type { ChallengeDiceRoll, ChallengeState, ComplementaryMode, Hazard, RoundReport } from '../../engines/challenge'
import { type Tx, AppError, notFound } from '../core'

/** Who a side is, beside its numbers in the engine's state. */
export interface SideMeta {
  name: string
  characterId: number | null
  /** The ability in use now; '' for opposition the GM rated with no ability name. */
  ability: string
  /** Every ability the side used in this challenge, in order (CH-5 changes add one): CH-10 restores their reductions. */
  abilitiesUsed: string[]
  hazard: Hazard
  /** The numbers the ability drew on, complementary ones included: the base of a CH-10 reduction. */
  base: { rating: number; bonus: number; reserves: number; resistance: number }
  /** What complementary and hindering abilities gave, in words (CH-6). */
  helps: string[]
}

export interface StoredChallenge {
  engine: ChallengeState
  sides: SideMeta[]
  complementary: ComplementaryMode
  /** Kept out of the player recap (the log entries' gmOnly). */
  gmOnly: boolean
  /** Dice rolled when the pools (or reserves) were formed (CH-11). */
  startDice: ChallengeDiceRoll[]
  lastRound: RoundReport | null
  history: { round: number; pools: number[] }[]
  consequencesWritten: boolean
}

export type ChallengeStatus = 'running' | 'decided' | 'closed'
export type ChallengeRow = Selectable<ChallengeTable>

export interface LoadedChallenge {
  row: ChallengeRow
  status: ChallengeStatus
  stored: StoredChallenge
}

/** The row with its state read back. */
export function readChallenge(row: ChallengeRow): LoadedChallenge {
  return { row, status: row.status, stored: JSON.parse(row.state) as StoredChallenge }
}

/**
 * A challenge by id, or a clear not_found.
 * @example const { stored } = await loadChallenge(tx.trx, 3)
 */
export async function loadChallenge(db: Kysely<Database>, id: number): Promise<LoadedChallenge> {
  const row = await db.selectFrom('challenge').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('challenge', id)
  return readChallenge(row)
}

/**
 * A challenge that may still be played: refused, saying why, once it is decided or put away.
 * @example const c = await runningChallenge(tx, 3)
 */
export async function runningChallenge(tx: Tx, id: number): Promise<LoadedChallenge> {
  const c = await loadChallenge(tx.trx, id)
  if (c.status !== 'running') {
    const why = c.status === 'decided' ? 'it is decided' : 'it has been put away'
    throw new AppError('refused', `“${c.row.title}” cannot be played on: ${why}. Start a new challenge. Nothing was changed.`, [{ field: 'id', problem: why }])
  }
  return c
}

/**
 * Writes the new state and status of a challenge.
 * @example await saveChallenge(tx, c.row.id, 'decided', stored)
 */
export async function saveChallenge(tx: Tx, id: number, status: ChallengeStatus, stored: StoredChallenge): Promise<void> {
  await tx.trx.updateTable('challenge').set({ status, state: JSON.stringify(stored), updated_at: tx.realTime }).where('id', '=', id).execute()
}

/** The status a state calls for: decided once the engine names a winner (CH-3). */
export function statusOf(stored: StoredChallenge): ChallengeStatus {
  return stored.engine.winner === null ? 'running' : 'decided'
}

/** Every side's pool now, for the round-by-round history. */
export function poolsOf(stored: StoredChallenge): number[] {
  return stored.engine.sides.map((s) => s.numbers.pool)
}
