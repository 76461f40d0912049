/**
 * What every old-school growth between sessions stands on: the character and their sheet, read for
 * a change and refused in words when it cannot grow here; the campaign's XP thresholds (OSR-6); and
 * a growth entry that is not a change of sheet (XP shared, gear bought or sold), with its words.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { LogEntry } from '../../../shared/contract'
import type { RolledFace } from '../../engines/dice'
import { OsrSheet } from '../../../shared/api/sheets/osr'
import { SYSTEMS } from '../../../shared/systems'
import { type Tx, AppError, recordChanged } from '../core'
import { getSetting } from '../campaigns'
import { balanceOf, ledgerHolder } from '../ledger'

export interface OsrPerson {
  id: number
  campaignId: number
  name: string
  kind: 'pc' | 'npc'
  /** The sheet as stored, for the change's before and after. */
  raw: Record<string, unknown>
  /** The sheet as the rules read it (defaults filled); null when it does not parse. */
  sheet: OsrSheet | null
}

/** "Glam", "the sword": a sentence's first word capitalised. */
export const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * A refusal in the GM's words: the problem, beside its field, and what was not done.
 * @example refusal('characterId', 'Glam is dead', 'Nothing was changed.') // 'Glam is dead. Nothing was changed.'
 */
export function refusal(field: string, problem: string, outcome: string): AppError {
  return new AppError('refused', `${capitalised(problem)}. ${outcome}`, [{ field, problem }])
}

/** The campaign's system must be the old-school core's. */
export async function requireOsrCampaign(db: Kysely<Database>, campaignId: number, outcome: string): Promise<void> {
  const row = await db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!row) throw new AppError('not_found', `There is no campaign with id ${campaignId}; it may have been deleted.`, [{ field: 'campaignId', problem: 'no campaign has this id' }])
  if (row.system !== 'osr') {
    throw refusal('campaignId', `this grows characters by the ${SYSTEMS.osr.name}'s rules, and this campaign plays ${SYSTEMS[row.system].name}`, outcome)
  }
}

/** Parses a stored sheet, or null when it is not a sheet at all. */
function parsed(raw: string): { raw: Record<string, unknown>; sheet: OsrSheet | null } {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { raw: {}, sheet: null }
  }
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  const sheet = OsrSheet.safeParse(object)
  return { raw: object, sheet: sheet.success ? sheet.data : null }
}

/**
 * A character of an old-school campaign who can grow: active, finished (not a draft), with a sheet
 * that reads; refused in words otherwise. `campaignId`, when given, must be theirs.
 */
export async function osrPerson(db: Kysely<Database>, characterId: number, outcome: string, campaignId?: number): Promise<OsrPerson & { sheet: OsrSheet }> {
  const row = await db.selectFrom('character').select(['id', 'campaign_id', 'name', 'kind', 'status', 'draft', 'sheet']).where('id', '=', characterId).executeTakeFirst()
  if (!row || (campaignId !== undefined && row.campaign_id !== campaignId)) {
    throw new AppError('not_found', `There is no character ${characterId} in this campaign; it may have been deleted. ${outcome}`, [
      { field: 'characterId', problem: 'no character of this campaign has this id' },
    ])
  }
  await requireOsrCampaign(db, row.campaign_id, outcome)
  if (row.status !== 'active') throw refusal('characterId', `${row.name} is ${row.status}, and only an active character grows`, outcome)
  if (row.draft === 1) throw refusal('characterId', `${row.name}’s sheet is a draft: finish it on the character’s page first`, outcome)
  const { raw, sheet } = parsed(row.sheet)
  if (!sheet) throw refusal('characterId', `${row.name}’s sheet cannot be read as an old-school sheet: put it right on the character’s page first`, outcome)
  return { id: row.id, campaignId: row.campaign_id, name: row.name, kind: row.kind, raw, sheet }
}

/** Reads a stored sheet for the party's view: the sheet, or null with the raw value. */
export { parsed as parsedOsrSheet }

/** OSR-6: the campaign's thresholds (the XP at which levels 2, 3 … begin). */
export function thresholdsOf(db: Kysely<Database>, campaignId: number): Promise<number[]> {
  return getSetting(db, campaignId, 'osr.levelThresholds')
}

/** A character's balance of gold or XP, as the ledger sums it. */
export async function balance(db: Kysely<Database>, campaignId: number, characterId: number, currency: 'gold' | 'xp'): Promise<number> {
  return balanceOf(db, await ledgerHolder(db, campaignId, characterId), currency)
}

/**
 * Writes a growth entry that changes no sheet (XP shared, gear bought or sold), between sessions
 * (it belongs to no session), with the sentence the log and the recaps tell.
 */
export async function growthEntry(
  tx: Tx,
  e: { campaignId: number; characterId: number; name: string; kind: `growth.osr.${string}`; text: string; payload?: Record<string, unknown>; dice?: readonly RolledFace[] },
): Promise<LogEntry> {
  return recordChanged(
    tx,
    { campaignId: e.campaignId, kind: 'character', id: e.characterId, change: 'updated', characterId: e.characterId },
    { kind: e.kind, sessionId: null, payload: { ...(e.payload ?? {}), characterId: e.characterId, name: e.name, text: e.text }, ...(e.dice && e.dice.length > 0 ? { dice: e.dice } : {}) },
  )
}
