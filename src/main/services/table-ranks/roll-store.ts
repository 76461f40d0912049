/**
 * Rank rolls as stored: each with its up, down and aspect dice, so an aspect (RK-4), a borderline
 * re-roll (RK-5) and its acceptance act on the roll as it was made. A roll whose log entry was
 * undone no longer counts as in play.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { RanksRollRow, RanksRollPurpose } from '../../db/schema-ranks'
import type { RanksRoll, RanksRollOutcome } from '../../../shared/api/table-ranks.contract'
import { borderlineChooser, isFailure, resultBeforeAspect, type Rank, type RankResult, bandOf, colourOf, rankIndex } from '../../engines/ranks'
import { type Tx, AppError, notFound } from '../core'
import { getSetting } from '../campaigns'
import { noteRoll } from './journal'

/** The engine's roll, from the stored one. */
export function engineRoll(row: RanksRollRow): RankResult {
  const result = row.result as Rank
  const base = { ability: row.rank as Rank, up: row.up, down: row.down, result, colour: colourOf(result) }
  return row.aspect === null ? base : { ...base, aspect: row.aspect }
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * How the dice moved the rank, for the result card: the sum, and why the reading differs from it
 * where RK-2's natural extremes or its clamp decide.
 * @example stepsOf({ ability: 'great', up: 6, down: 1, result: 'legendary', … }) // 'Great +6 −1: the dice’s maximum, always Legendary (RK-2)'
 */
export function stepsOf(roll: RankResult): string {
  const moves = `${cap(roll.ability)} +${roll.up} −${roll.down}${roll.aspect === undefined ? '' : ` +${roll.aspect} aspect`}`
  if (roll.aspect === undefined && roll.up === 1 && roll.down === 6) return `${moves}: the dice’s minimum, always Terrible (RK-2)`
  if (roll.aspect === undefined && roll.up === 6 && roll.down === 1) return `${moves}: the dice’s maximum, always Legendary (RK-2)`
  const sum = rankIndex(roll.ability) + roll.up - roll.down + (roll.aspect ?? 0)
  if (sum < rankIndex('poor')) return `${moves} → below Poor: Terrible (RK-2)`
  if (sum > rankIndex('spectacular')) return `${moves} → above Spectacular: Spectacular (RK-2)`
  return `${moves} → ${cap(roll.result)}`
}

/**
 * The roll as the API shows it.
 * @example toRanksRoll(row, { borderlineRule: true })
 */
export function toRanksRoll(row: RanksRollRow, context: { borderlineRule: boolean }): RanksRoll {
  const roll = engineRoll(row)
  const open = row.status === 'open'
  return {
    id: row.id,
    characterId: row.character_id,
    who: row.who,
    ability: row.ability,
    rank: row.rank as RanksRoll['rank'],
    up: row.up,
    down: row.down,
    aspect: row.aspect,
    aspectName: row.aspect_name,
    result: roll.result,
    colour: roll.colour,
    band: bandOf(roll.result),
    steps: stepsOf(roll),
    before: resultBeforeAspect(roll),
    purpose: row.purpose,
    dangerId: row.danger_id,
    danger: row.danger,
    status: row.status,
    replacesId: row.replaces_id,
    gmOnly: row.gm_only === 1,
    mayLeaveScene: row.aspect !== null && isFailure(roll.result),
    borderline: open && context.borderlineRule && row.purpose !== 'courage' ? borderlineChooser(roll.result) : null,
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as RanksRollOutcome),
    logEntryId: row.log_entry_id,
  }
}

/** Rolls of a campaign whose log entry still stands (not undone). */
function standingRolls(db: Kysely<Database>, campaignId: number) {
  return db
    .selectFrom('ranks_roll')
    .leftJoin('log_entry', 'log_entry.id', 'ranks_roll.log_entry_id')
    .selectAll('ranks_roll')
    .where('ranks_roll.campaign_id', '=', campaignId)
    .where((eb) => eb.or([eb('log_entry.undone', 'is', null), eb('log_entry.undone', '=', 0)]))
}

/**
 * The roll in play: made, not yet accepted, replaced or conceded.
 * @example await openRollRow(db, 1)
 */
export async function openRollRow(db: Kysely<Database>, campaignId: number): Promise<RanksRollRow | null> {
  const row = await standingRolls(db, campaignId).where('ranks_roll.status', '=', 'open').orderBy('ranks_roll.id', 'desc').limit(1).executeTakeFirst()
  return row ?? null
}

/**
 * The latest settled roll (accepted or conceded), for the chapter moves that act on a roll (RK-9).
 * @example await lastSettledRollRow(db, 1)
 */
export async function lastSettledRollRow(db: Kysely<Database>, campaignId: number): Promise<RanksRollRow | null> {
  const row = await standingRolls(db, campaignId)
    .where('ranks_roll.status', 'in', ['accepted', 'conceded'])
    .orderBy('ranks_roll.updated_at', 'desc')
    .orderBy('ranks_roll.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ?? null
}

/** Whether the campaign plays with the borderline rule (RK-5). */
export function borderlineRule(db: Kysely<Database>, campaignId: number): Promise<boolean> {
  return getSetting(db, campaignId, 'ranks.borderline')
}

/**
 * A roll by id, refused unless it is still in play.
 * @example await requireOpenRoll(tx, 7, 'invoke an aspect on')
 */
export async function requireOpenRoll(tx: Tx, rollId: number, doing: string): Promise<RanksRollRow> {
  const row = await tx.trx.selectFrom('ranks_roll').selectAll().where('id', '=', rollId).executeTakeFirst()
  if (!row) throw notFound('rank roll', rollId)
  const open = await openRollRow(tx.trx, row.campaign_id)
  if (open?.id !== row.id) {
    const problem = `this ${cap(row.result)} roll for ${row.who} is no longer in play (${row.status === 'open' ? 'undone' : row.status}), so there is nothing to ${doing}`
    throw new AppError('refused', `${problem.charAt(0).toUpperCase()}${problem.slice(1)}. Nothing was changed.`, [{ field: 'rollId', problem }])
  }
  return row
}

export interface NewRoll {
  campaignId: number
  characterId: number | null
  who: string
  ability: string
  roll: RankResult
  purpose: RanksRollPurpose
  dangerId: number | null
  danger: string | null
  gmOnly: boolean
  replacesId?: number
}

/**
 * Stores a new roll in play.
 * @example const row = await insertRoll(tx, { campaignId: 1, characterId: 4, who: 'Alexis', ability: 'Ferocity', roll, purpose: 'action', … })
 */
export async function insertRoll(tx: Tx, r: NewRoll): Promise<RanksRollRow> {
  const row = await tx.trx
    .insertInto('ranks_roll')
    .values({
      campaign_id: r.campaignId,
      character_id: r.characterId,
      who: r.who,
      ability: r.ability,
      rank: r.roll.ability,
      up: r.roll.up,
      down: r.roll.down,
      aspect: r.roll.aspect ?? null,
      aspect_name: null,
      result: r.roll.result,
      purpose: r.purpose,
      danger_id: r.dangerId,
      danger: r.danger,
      replaces_id: r.replacesId ?? null,
      gm_only: r.gmOnly ? 1 : 0,
      outcome: null,
      log_entry_id: null,
      created_at: tx.realTime,
      updated_at: tx.realTime,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await noteRoll(tx, row.id, true)
  return row
}

/**
 * Changes a stored roll and returns it as it now is.
 * @example await updateRoll(tx, 7, { status: 'accepted', outcome: JSON.stringify(outcome) })
 */
export async function updateRoll(
  tx: Tx,
  id: number,
  change: Partial<Pick<RanksRollRow, 'aspect' | 'aspect_name' | 'result' | 'status' | 'outcome' | 'log_entry_id'>>,
): Promise<RanksRollRow> {
  // Linking a roll to its own log entry is part of making it, not a change to undo.
  if (Object.keys(change).some((k) => k !== 'log_entry_id')) await noteRoll(tx, id)
  return tx.trx.updateTable('ranks_roll').set({ ...change, updated_at: tx.realTime }).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}
