/**
 * Which table each id field of the contract points into, so the fuzz can hand a method the ids of
 * real records: the campaign's own (mostly), another campaign's (foreign) or none at all.
 */
import fc from 'fast-check'
import { unwrap, type FieldHook } from './zod-arbitrary'

/** Id fields by key, wherever they appear in an input. */
const ID_TABLES: Record<string, string> = {
  campaignId: 'campaign',
  characterId: 'character',
  toCharacterId: 'character',
  npcId: 'character',
  giveToId: 'character',
  partnerId: 'character',
  attendance: 'character',
  party: 'character',
  foes: 'character',
  adventureId: 'adventure',
  locationId: 'location',
  parentId: 'location',
  sessionId: 'session',
  itemId: 'inventory_item',
  fromItemId: 'inventory_item',
  weaponId: 'inventory_item',
  tableId: 'encounter_table',
  logEntryId: 'log_entry',
  beforeId: 'log_entry',
}

/** What `id` names, by the method's prefix (longest first). */
const ID_BY_PREFIX: [string, string][] = [
  ['ladder.conflict.', 'ladder_conflict'],
  ['ladder.combat.', 'ladder_conflict'],
  ['campaign.', 'campaign'],
  ['adventure.', 'adventure'],
  ['character.', 'character'],
  ['inventory.', 'inventory_item'],
  ['session.', 'session'],
  ['location.', 'location'],
  ['encounterTable.', 'encounter_table'],
  ['ledger.', 'ledger_entry'],
  ['injury.', 'injury'],
  ['challenge.', 'challenge'],
  ['play.', 'session'],
]

/**
 * The table an id field of `method` points into, or undefined for a field that is no record id.
 * @example idTable('ledger.correct', 'id') // 'ledger_entry'
 */
export function idTable(method: string, key: string): string | undefined {
  if (key === 'id') return ID_BY_PREFIX.find(([p]) => method.startsWith(p))?.[1]
  if (key === 'rollId') return method.startsWith('lode.') ? 'lode_roll' : method.startsWith('ranks.') ? 'ranks_roll' : undefined
  return ID_TABLES[key]
}

/** Fields that only page through a list: another campaign's id there points at nothing to act on. */
export const CURSOR_KEYS = new Set(['beforeId'])

/** Ids that exist nowhere: the library never gets this far. */
export const MISSING_ID = 987_654

export type Records = Record<string, number[]>

/** Fields that hold a list of ids (who attends, who fights). */
export const LIST_KEYS = new Set(['attendance', 'party', 'foes'])

/**
 * Hands each id field an id from `own` (the campaign the call is made in), now and then one of
 * `foreign` or a missing one (never, with `ownOnly`); for a near-valid input (`~key`), a foreign
 * or missing id or one that is not an id at all. Fields that are not ids are left to the schema.
 */
export function idHook(method: string, own: Records, foreign: Records, ownOnly = false): FieldHook {
  return (rawKey, schema) => {
    const edge = rawKey.startsWith('~')
    const key = edge ? rawKey.slice(1) : rawKey
    const table = idTable(method, key)
    const shape = unwrap(schema)._zod.def.type
    // The same key may name something else deeper in an input (a surprise roll's `party`).
    if (!table || shape !== (LIST_KEYS.has(key) ? 'array' : 'number')) return undefined
    const mine = own[table] ?? []
    const theirs = foreign[table] ?? []
    if (edge) return fc.constantFrom<unknown>(MISSING_ID, ...theirs.slice(0, 3), 0, -1, 1.5)
    const stray = fc.constantFrom<unknown>(MISSING_ID, ...theirs.slice(0, 3))
    const id = mine.length === 0 ? stray : ownOnly ? fc.constantFrom(...mine) : fc.oneof({ weight: 15, arbitrary: fc.constantFrom(...mine) }, { weight: 1, arbitrary: stray })
    return LIST_KEYS.has(key) ? fc.uniqueArray(id, { maxLength: 3 }) : id
  }
}
