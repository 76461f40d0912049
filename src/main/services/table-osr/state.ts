/**
 * The old-school table's state, one JSON row per campaign: the combat under way (who fights on
 * which side, this round's initiative, who has acted, weapons waiting to be reloaded) and spells
 * prepared with their secret cast windows. Each action replaces it whole, never edits it.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { WeaponClass } from '../../engines/osr'
import type { Tx } from '../core'

export type Side = 'party' | 'foes'

/**
 * A foe typed at the table, with no character behind it: the numbers a strike, a shot and harm need
 * (OSR-15 … OSR-19). Its id is negative, so the roll panel aims at it like a character (foes.ts).
 */
export interface OsrFoe {
  id: number
  name: string
  level: number
  B: number
  M: number
  h: number
  maxH: number
  /** The armour modifier it wears (OSR-15). */
  armour: number
  /** The class of its weapon or natural attack (OSR-16). */
  weapon: WeaponClass
}

export interface CombatState {
  /** Game time the combat began. */
  startedAt: number
  /** A character's id, or an ad-hoc foe's (negative). */
  combatants: { characterId: number; side: Side }[]
  /** The ad-hoc foes in the fight (or that were). */
  foes: OsrFoe[]
  /** The GM's surprise modifiers for each side's first-round roll (OSR-14). */
  surprise: { party: number; foes: number }
  /** The round initiative was last rolled for (OSR-14); 0 before the first. */
  round: number
  initiative: { characterId: number; natural: number; total: number; surprise: number }[]
  /** Highest total first; everyone in one step acts simultaneously (OSR-14). */
  order: { total: number; characterIds: number[] }[]
  /** Who has taken their action this round. */
  acted: number[]
  /** OSR-18: crossbows and firearms shot and not yet reloaded. */
  unloaded: { characterId: number; weaponId: number }[]
}

/** OSR-22: spells prepared, to be cast by a time the GM rolled secretly. */
export interface Preparation {
  characterId: number
  spellIds: string[]
  preparedAt: number
  castBy: number
}

export interface OsrTableState {
  combat: CombatState | null
  preparations: Preparation[]
  /** Ad-hoc foes typed so far in this campaign: the next one's number (foes.ts). */
  foesTyped: number
}

export const EMPTY_TABLE: OsrTableState = { combat: null, preparations: [], foesTyped: 0 }

/** The stored JSON of the table's state, or null before its first action. */
export async function storedTableJson(db: Kysely<Database>, campaignId: number): Promise<string | null> {
  const row = await db.selectFrom('osr_table').select('state').where('campaign_id', '=', campaignId).executeTakeFirst()
  return row?.state ?? null
}

/**
 * The table's state; an empty table before its first action.
 * @example (await loadTableState(db, 1)).combat?.round // 3
 */
export async function loadTableState(db: Kysely<Database>, campaignId: number): Promise<OsrTableState> {
  const json = await storedTableJson(db, campaignId)
  if (json === null) return EMPTY_TABLE
  const state = { ...EMPTY_TABLE, ...(JSON.parse(json) as Partial<OsrTableState>) }
  // A combat stored before ad-hoc foes and surprise were kept has neither.
  if (!state.combat) return state
  const stored = state.combat as Omit<CombatState, 'foes' | 'surprise'> & Partial<Pick<CombatState, 'foes' | 'surprise'>>
  return { ...state, combat: { ...stored, foes: stored.foes ?? [], surprise: stored.surprise ?? { party: 0, foes: 0 } } }
}

/** Writes the table's new state inside the caller's unit of work. */
export async function saveTableState(tx: Tx, campaignId: number, state: OsrTableState): Promise<void> {
  const json = JSON.stringify(state)
  await tx.trx
    .insertInto('osr_table')
    .values({ campaign_id: campaignId, state: json, updated_at: tx.realTime })
    .onConflict((oc) => oc.column('campaign_id').doUpdateSet({ state: json, updated_at: tx.realTime }))
    .execute()
}
