/**
 * Renumbering a campaign's ids, in its columns and inside its JSON (log payloads, sheets, table
 * states, undo journals). The file carries ids numbered 1…n per table; an import gives them fresh
 * ids in the receiving library. Ids inside JSON are found by key name (the list below); a number
 * that names no exported row (a row deleted since, or a key not listed) is kept as it was.
 */
import type { CampaignTable } from './tables'

/** A table's renumbering: the id a row of the file had → the id it is given (undefined: not in the file). */
export interface IdLookup {
  get(id: number): number | undefined
}
export type IdMaps = Map<string, IdLookup>

/** JSON keys holding row ids, and the tables those rows live in (first table that knows the id wins). */
const JSON_ID_KEYS: Record<string, string[]> = {}
function keys(tables: string[], ...names: string[]): void {
  for (const n of names) JSON_ID_KEYS[n] = tables
}
keys(['campaign'], 'campaignId', 'campaign_id')
keys(['character'], 'characterId', 'characterIds', 'npcId', 'npc_id', 'toCharacterId', 'character_id', 'giveToId', 'rollerId', 'partnerId')
keys(['session'], 'sessionId', 'sessionIds', 'openSessionId', 'session_id')
keys(['log_entry'], 'logEntryId', 'logEntryIds', 'logIds', 'logId', 'lastLogId', 'firstLogId', 'newestLogId', 'log_entry_id', 'first_log_id', 'last_log_id')
keys(['location'], 'locationId', 'partyLocationId', 'location_id')
keys(['adventure'], 'adventureId', 'adventure_id')
keys(['injury'], 'injuryId', 'injuryIds', 'injury_id')
keys(['inventory_item'], 'itemId', 'itemIds', 'lightId', 'weaponId', 'lanternLightId', 'fromItemId')
keys(['ledger_entry'], 'ledgerEntryId', 'ledgerEntryIds', 'correctsId', 'corrects_id')
keys(['challenge'], 'challengeId', 'challenge_id')
keys(['ladder_conflict'], 'conflictId')
keys(['encounter_table'], 'tableId', 'tableIds', 'table_id')
keys(['lode_roll', 'ranks_roll'], 'rollId', 'replacesId', 'replaces_id')

/** Columns that hold a bare JSON array of ids. */
const ID_ARRAY_COLUMNS: Record<string, string> = { 'lode_scene.kept_by': 'character' }

/**
 * Ids the clock's state keeps as text: a light's holder (`{ character: "4" }`, `{ location: "2" }`),
 * a character's day of rest (`resting: { "4": … }`), a lantern's light id (`"item-37"`, its
 * inventory item) and a cast window's timer (`"osr-cast-4"`, its caster).
 */
const TEXT_ID_KEYS: Record<string, string> = { character: 'character', location: 'location' }
const KEYED_BY_ID: Record<string, string> = { resting: 'character' }
const TEXT_ID_PATTERNS: [RegExp, string][] = [
  [/^item-(\d+)$/, 'inventory_item'],
  [/^osr-cast-(\d+)$/, 'character'],
]
/** Keys whose text may be a light's or a timer's id. */
const PATTERN_KEYS = new Set(['id', 'lightId', 'timerId'])
const DIGITS = /^\d+$/

/** A text id renumbered: "12" → "40" for a key that holds one; "item-12" → "item-40". */
function mapTextId(maps: IdMaps, tables: string[] | undefined, v: string): string {
  if (tables && DIGITS.test(v)) {
    const n = Number(v)
    const got = mapId(maps, tables, n)
    // "007" read as 7 and kept as 7 is not a renumbering: the text stays as it was.
    return got === n ? v : String(got)
  }
  for (const [pattern, table] of TEXT_ID_PATTERNS) {
    const m = pattern.exec(v)
    if (m) return v.slice(0, m.index + m[0].length - m[1]!.length) + String(mapId(maps, [table], Number(m[1])))
  }
  return v
}

/** Free text a GM typed: never parsed as JSON, whatever it looks like. */
const FREE_TEXT = new Set(['name', 'title', 'summary', 'notes', 'description', 'text', 'reason', 'gm_notes', 'player_name', 'danger', 'aspect_name', 'who', 'dice_seed'])

/** Set when a walk renumbered anything, so JSON that comes out the same keeps its text unparsed-and-rewritten. */
let renumbered = false

function mapId(maps: IdMaps, tables: string[], v: unknown): unknown {
  if (typeof v !== 'number' || !Number.isInteger(v)) return v
  for (const t of tables) {
    const got = maps.get(t)?.get(v)
    if (got !== undefined) {
      if (got !== v) renumbered = true
      return got
    }
  }
  return v
}

function walk(maps: IdMaps, byTable: Map<string, CampaignTable>, v: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => walk(maps, byTable, x))
  if (v === null || typeof v !== 'object') return v
  const o = v as Record<string, unknown>
  // An undo record: { table, id, before, after } with whole rows of that table.
  const rowTable = typeof o.table === 'string' ? byTable.get(o.table) : undefined
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(o)) {
    if (rowTable && k === 'id') out[k] = mapId(maps, [rowTable.name], x)
    else if (rowTable && (k === 'before' || k === 'after') && x && typeof x === 'object' && !Array.isArray(x)) {
      out[k] = remapRow(maps, byTable, rowTable, x as Record<string, unknown>)
    } else if (JSON_ID_KEYS[k]) {
      const t = JSON_ID_KEYS[k]!
      out[k] = Array.isArray(x) ? x.map((y) => mapId(maps, t, y)) : typeof x === 'number' ? mapId(maps, t, x) : typeof x === 'string' ? mapTextId(maps, t, x) : walk(maps, byTable, x)
    } else if (typeof x === 'string' && (TEXT_ID_KEYS[k] || PATTERN_KEYS.has(k))) {
      out[k] = mapTextId(maps, TEXT_ID_KEYS[k] ? [TEXT_ID_KEYS[k]] : undefined, x)
    } else if (KEYED_BY_ID[k] && x && typeof x === 'object' && !Array.isArray(x)) {
      const t = [KEYED_BY_ID[k]]
      out[k] = Object.fromEntries(Object.entries(x).map(([id, y]) => [mapTextId(maps, t, id), walk(maps, byTable, y)]))
    } else out[k] = walk(maps, byTable, x)
  }
  return out
}

/**
 * Whether a JSON text has a key `walk` acts on (an id key, a text id's key, an undo record's
 * `table`): JSON without one comes out as it went in, so it is not parsed at all.
 */
let anyKey: RegExp | null = null
function mayHoldIds(text: string): boolean {
  anyKey ??= new RegExp(`"(?:${[...Object.keys(JSON_ID_KEYS), ...Object.keys(TEXT_ID_KEYS), ...Object.keys(KEYED_BY_ID), ...PATTERN_KEYS, 'table'].join('|')})"\\s*:`)
  return anyKey.test(text)
}

function remapJsonText(maps: IdMaps, byTable: Map<string, CampaignTable>, key: string, text: string): string {
  const c = text.charCodeAt(0)
  if (c !== 123 /* { */ && c !== 91 /* [ */) return text
  const arrayColumn = ID_ARRAY_COLUMNS[key] !== undefined
  if (!arrayColumn && !mayHoldIds(text)) return text
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return text
  }
  const arrayOf = ID_ARRAY_COLUMNS[key]
  // An undo record's row may hold JSON of its own: the flag of the text around this one is kept.
  const outer = renumbered
  renumbered = false
  const next = arrayOf && Array.isArray(parsed) ? parsed.map((x) => mapId(maps, [arrayOf], x)) : walk(maps, byTable, parsed)
  const changed = renumbered
  renumbered = outer || changed
  // JSON with nothing renumbered keeps its exact text (nothing is reformatted by a round trip).
  return changed ? JSON.stringify(next) : text
}

/**
 * What a players' screen reveal points at, renumbered: a handout's location or NPC id, and the ids
 * inside a foe's key at the table (`osr:<character>`, `ladder:<conflict>:<name>`,
 * `challenge:<challenge>:<side>`). Keys without row ids (a Ranks Danger, a scene's foe) stay.
 */
const FOE_KEY_IDS: [RegExp, string][] = [
  [/^(osr:)(\d+)$/, 'character'],
  [/^(ladder:)(\d+)(:.*)$/s, 'ladder_conflict'],
  [/^(challenge:)(\d+)(:\d+)$/, 'challenge'],
]
function revealRef(maps: IdMaps, kind: unknown, ref: string): string {
  if (kind === 'location' || kind === 'npc') return mapTextId(maps, [kind === 'location' ? 'location' : 'character'], ref)
  for (const [pattern, table] of FOE_KEY_IDS) {
    const m = pattern.exec(ref)
    if (m) return `${m[1]}${String(mapId(maps, [table], Number(m[2])))}${m[3] ?? ''}`
  }
  return ref
}

/**
 * One row with every id it holds renumbered through `maps` (its own `id`, its reference columns,
 * and ids inside its JSON columns).
 * @example remapRow(maps, byTable, byTable.get('log_entry')!, row)
 */
export function remapRow(
  maps: IdMaps,
  byTable: Map<string, CampaignTable>,
  table: CampaignTable,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [col, v] of Object.entries(row)) {
    if (col === 'id' && table.hasId) out[col] = mapId(maps, [table.name], v)
    else if (table.refs.has(col)) out[col] = mapId(maps, [table.refs.get(col)!.table], v)
    else if (table.name === 'player_reveal' && col === 'ref' && typeof v === 'string') out[col] = revealRef(maps, row.kind, v)
    else if (typeof v === 'string' && !FREE_TEXT.has(col)) out[col] = remapJsonText(maps, byTable, `${table.name}.${col}`, v)
    else out[col] = v
  }
  return out
}
