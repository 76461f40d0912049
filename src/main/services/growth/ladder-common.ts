/**
 * What the Ladder's growth between sessions shares: the campaign (a Ladder one), the character
 * whose sheet grows (as stored, and as the schema reads it), which ledger pays (LAD-30), and the
 * refusal in words that changes nothing.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { LadderSheet } from '../../../shared/api/sheets/ladder'
import { SYSTEMS } from '../../../shared/systems'
import type { CurrencyId } from '../../../shared/currencies'
import { AppError, notFound } from '../core'

/**
 * A refusal naming one field's problem: nothing was changed.
 * @example refuse('characterId', 'Mara is an NPC.')
 */
export function refuse(field: string, problem: string): AppError {
  return new AppError('refused', `${problem} Nothing was changed.`, [{ field, problem }])
}

/**
 * The campaign must exist and play The Ladder.
 * @example await requireLadder(db, 1)
 */
export async function requireLadder(db: Kysely<Database>, campaignId: number): Promise<void> {
  const row = await db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!row) throw notFound('campaign', campaignId)
  if (row.system !== 'ladder') throw refuse('campaignId', `This campaign plays ${SYSTEMS[row.system].name}; Plot Points, episodes and assets grow only in a Ladder campaign.`)
}

export interface LadderCharacter {
  id: number
  campaignId: number
  name: string
  kind: 'pc' | 'npc'
  status: 'active' | 'dead' | 'retired' | 'missing'
  draft: boolean
  /** The sheet as stored, for the log's "before" (undo puts it back exactly). */
  stored: Record<string, unknown>
  /** The sheet as the schema reads it, every field filled. */
  sheet: LadderSheet
}

/**
 * A character of the campaign with a Ladder sheet; refused when it belongs to another campaign or
 * its sheet holds values that cannot be.
 * @example (await ladderCharacter(db, 1, 4)).sheet.episodes // ['Smuggled medicine through the blockade', …]
 */
export async function ladderCharacter(db: Kysely<Database>, campaignId: number, characterId: number): Promise<LadderCharacter> {
  const row = await db.selectFrom('character').selectAll().where('id', '=', characterId).where('campaign_id', '=', campaignId).executeTakeFirst()
  if (!row) throw notFound('character', characterId)
  const stored = JSON.parse(row.sheet) as Record<string, unknown>
  const parsed = LadderSheet.safeParse(stored)
  if (!parsed.success) throw refuse('characterId', `${row.name}’s sheet holds values that cannot be; put them right on ${row.name}’s page first.`)
  return { id: row.id, campaignId, name: row.name, kind: row.kind, status: row.status, draft: row.draft === 1, stored, sheet: parsed.data }
}

/** LAD-30: a super advances from the Background Pool (their Plot Point pool is refreshed each session); anyone else pays in Plot Points. */
export function paysFrom(sheet: Pick<LadderSheet, 'super'>): Extract<CurrencyId, 'pp' | 'background'> {
  return sheet.super ? 'background' : 'pp'
}

/** "Tai’s", "Boris’". */
export function possessive(name: string): string {
  return `${name}’${name.endsWith('s') ? '' : 's'}`
}
