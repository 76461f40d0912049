/**
 * What an import does the same on either kind of library: its options and result, the fresh ids
 * it gives the file's rows, the campaign's name in the library, and values as the library keeps them.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../core'
import type { IdMaps } from './remap'
import type { CampaignTable } from './tables'
import { refuse } from './format'

export interface ImportResult {
  campaignId: number
  name: string
  system: string
  rows: number
}

/** How an import reports how far it is, is stopped, and holds the library while it writes. */
export interface ImportOptions {
  /** Rows written so far, of all the rows in the file (every few thousand rows). */
  onProgress?: (done: number, total: number) => void
  /** Stops the import; nothing of it is kept. */
  signal?: AbortSignal
  /**
   * The app's Kysely instance on this library: the import writes inside its transaction, so the
   * app's other changes wait for it (never joining it) while the import lets the event loop run
   * between batches (progress sent, a stop heard). Without it, on SQLite the import is the
   * connection's only user (a test, a script); on PostgreSQL the handle's own instance is used.
   */
  db?: Kysely<Database>
}

/** Rows written between two looks at the event loop: a few tens of milliseconds of work. */
export const IMPORT_BATCH = 5000

export const stopped = () => new AppError('refused', 'The import was stopped; nothing was imported.')

/**
 * The name the imported campaign takes: its own, or with "(imported)" when the library has it.
 * @example uniqueName(['Keep'], 'keep') // 'keep (imported)'
 */
export function uniqueName(names: string[], name: string): string {
  const taken = new Set(names.map((n) => n.toLowerCase()))
  if (!taken.has(name.toLowerCase())) return name
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? `${name} (imported)` : `${name} (imported ${i})`
    if (!taken.has(candidate.toLowerCase())) return candidate
  }
}

/**
 * Fresh ids for the file's rows, table by table in the order the rows come, each above `next`
 * (the highest id the library has used in that table, moved on as ids are given).
 * @example const maps = assignIds(rows, byTable, new Map([['campaign', 7]])) // the file's campaign 1 → 8
 */
export function assignIds(rows: [string, Record<string, unknown>][], byTable: Map<string, CampaignTable>, next: Map<string, number>): IdMaps {
  const maps: IdMaps = new Map()
  for (const name of next.keys()) maps.set(name, new Map())
  for (const [table, row] of rows) {
    const t = byTable.get(table)!
    if (!t.hasId) continue
    if (typeof row.id !== 'number' || !Number.isInteger(row.id)) throw refuse(`This campaign file is damaged: a row of ${table} has no whole-number id.`)
    const m = maps.get(table)!
    if (m.has(row.id)) throw refuse(`This campaign file is damaged: two rows of ${table} share the id ${row.id}.`)
    const id = next.get(table)! + 1
    next.set(table, id)
    m.set(row.id, id)
  }
  return maps
}

/** A file's value as the library keeps it. */
export function toSqlValue(v: unknown): unknown {
  if (v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'bigint') return v
  if (typeof v === 'boolean') return v ? 1 : 0
  // A nested object where the library keeps text: a damaged file, caught by the column's rules.
  return JSON.stringify(v)
}
