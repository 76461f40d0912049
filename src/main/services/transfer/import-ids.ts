/**
 * What an import does the same on either kind of library: its options and result, the fresh ids
 * it gives the file's rows, the campaign's name in the library, and values as the library keeps them.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../core'
import type { IdLookup, IdMaps } from './remap'
import type { CampaignSurvey } from './import-read'
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
 * A table's fresh ids: the file's ids sorted (with each one's place among the table's rows when
 * the file did not list them in order), found by binary search; the row at place k gets base + k + 1.
 */
class FreshIds implements IdLookup {
  constructor(
    private readonly sorted: Float64Array,
    private readonly place: Uint32Array | null,
    private readonly base: number,
  ) {}

  get(id: number): number | undefined {
    const { sorted } = this
    let lo = 0
    let hi = sorted.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const at = sorted[mid]!
      if (at === id) return this.base + 1 + (this.place ? this.place[mid]! : mid)
      if (at < id) lo = mid + 1
      else hi = mid - 1
    }
    return undefined
  }
}

/** A table's ids sorted; `place` says where each was among the rows (null when already in order), `repeat` the first row whose id an earlier row had. */
function sortIds(ids: Float64Array): { sorted: Float64Array; place: Uint32Array | null; repeat: number } {
  let inOrder = true
  for (let i = 1; i < ids.length && inOrder; i++) inOrder = ids[i - 1]! < ids[i]!
  if (inOrder) return { sorted: ids, place: null, repeat: -1 }
  const place = new Uint32Array(ids.length)
  for (let i = 0; i < place.length; i++) place[i] = i
  place.sort((a, b) => ids[a]! - ids[b]! || a - b)
  const sorted = new Float64Array(ids.length)
  let repeat = -1
  for (let i = 0; i < place.length; i++) {
    sorted[i] = ids[place[i]!]!
    // Equal ids sit together, earliest row first: the next one is the first repeat of that id.
    if (i > 0 && sorted[i] === sorted[i - 1] && (repeat === -1 || place[i]! < repeat)) repeat = place[i]!
  }
  return { sorted, place, repeat }
}

/**
 * Fresh ids for the file's rows, table by table in the order the rows come, each above `next`
 * (the highest id the library has used in that table, moved on past the ids given). Refuses, as
 * the first such row in the file, a row with no whole-number id or with the id of an earlier row.
 * @example const maps = assignIds(survey, new Map([['campaign', 7]])) // the file's campaign 1 → 8
 */
export function assignIds(survey: CampaignSurvey, next: Map<string, number>): IdMaps {
  const maps: IdMaps = new Map()
  let fault: { at: number; message: string } | null = survey.badId
    ? { at: survey.badId.at, message: `This campaign file is damaged: a row of ${survey.badId.table} has no whole-number id.` }
    : null
  for (const [table, base] of next) {
    const list = survey.ids.get(table)
    if (!list) {
      maps.set(table, new Map())
      continue
    }
    const ids = list.ids.subarray(0, list.length)
    const { sorted, place, repeat } = sortIds(ids)
    if (repeat !== -1) {
      const at = survey.at.get(table)!.ids[repeat]!
      if (!fault || at < fault.at) fault = { at, message: `This campaign file is damaged: two rows of ${table} share the id ${ids[repeat]}.` }
    }
    maps.set(table, new FreshIds(sorted, place, base))
    next.set(table, base + ids.length)
  }
  if (fault) throw refuse(fault.message)
  return maps
}

/** A file's value as the library keeps it. */
export function toSqlValue(v: unknown): unknown {
  if (v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'bigint') return v
  if (typeof v === 'boolean') return v ? 1 : 0
  // A nested object where the library keeps text: a damaged file, caught by the column's rules.
  return JSON.stringify(v)
}
