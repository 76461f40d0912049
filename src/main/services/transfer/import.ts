/**
 * Campaign import: a campaign file (see index.ts for its form) becomes a new campaign, in one
 * transaction, renumbered above every id the library has used.
 */
import type BetterSqlite3 from 'better-sqlite3'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../core'
import { remapRow, type IdMaps } from './remap'
import { campaignTables } from './tables'
import { parseCampaignFile, refuse, unpack } from './format'

export interface ImportResult {
  campaignId: number
  name: string
  system: string
  rows: number
}

function uniqueName(sqlite: BetterSqlite3.Database, name: string): string {
  const taken = new Set((sqlite.prepare('select name from campaign').pluck().all() as string[]).map((n) => n.toLowerCase()))
  if (!taken.has(name.toLowerCase())) return name
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? `${name} (imported)` : `${name} (imported ${i})`
    if (!taken.has(candidate.toLowerCase())) return candidate
  }
}

/** How an import reports how far it is, is stopped, and holds the library while it writes. */
export interface ImportOptions {
  /** Rows written so far, of all the rows in the file (every few thousand rows). */
  onProgress?: (done: number, total: number) => void
  /** Stops the import; nothing of it is kept. */
  signal?: AbortSignal
  /**
   * The app's Kysely instance on this connection: the import writes inside its transaction, so
   * the app's other changes wait for it (never joining it) while the import lets the event loop
   * run between batches (progress sent, a stop heard). Without it the import is the connection's
   * only user (a test, a script).
   */
  db?: Kysely<Database>
}

/** Rows written between two looks at the event loop: a few tens of milliseconds of work. */
const IMPORT_BATCH = 5000

const stopped = () => new AppError('refused', 'The import was stopped; nothing was imported.')

/**
 * Imports a campaign file as a new campaign, in one transaction. Ids are given fresh above every
 * id the library has used; a name already taken gets "(imported)".
 * @example const { campaignId, name } = await importCampaign(core.handle.sqlite, readFileSync('keep.lantern.gz'), new Date())
 */
export async function importCampaign(sqlite: BetterSqlite3.Database, data: Buffer, now: Date, options: ImportOptions = {}): Promise<ImportResult> {
  const { onProgress, signal } = options
  const tables = campaignTables(sqlite)
  const byTable = new Map(tables.map((t) => [t.name, t]))
  const { rows } = parseCampaignFile(await unpack(data), tables)
  if (signal?.aborted) throw stopped()
  if (!options.db && sqlite.inTransaction) throw new AppError('conflict', 'Lantern is saving another change; import again in a moment.')

  const seq = new Map((sqlite.prepare('select name, seq from sqlite_sequence').all() as { name: string; seq: number }[]).map((r) => [r.name, r.seq]))
  const maps: IdMaps = new Map()
  const next = new Map<string, number>()
  for (const t of tables) {
    if (!t.hasId) continue
    const max = (sqlite.prepare(`select coalesce(max(id), 0) from "${t.name}"`).pluck().get() as number) ?? 0
    next.set(t.name, Math.max(max, seq.get(t.name) ?? 0))
    maps.set(t.name, new Map())
  }
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

  const campaignRow = rows.find(([t]) => t === 'campaign')![1]
  const name = uniqueName(sqlite, String(campaignRow.name ?? ''))
  const inserts = new Map<string, BetterSqlite3.Statement>()
  const insertFor = (table: string, cols: string[]) => {
    const key = `${table}|${cols.join(',')}`
    let s = inserts.get(key)
    if (!s) {
      s = sqlite.prepare(`insert into "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map(() => '?').join(', ')})`)
      inserts.set(key, s)
    }
    return s
  }
  let index = 0
  const write = async (): Promise<void> => {
    // Rows may point forward (a location's parent, a step's log entries): check links at commit.
    sqlite.pragma('defer_foreign_keys = ON')
    for (const [table, raw] of rows) {
      const t = byTable.get(table)!
      const row = remapRow(maps, byTable, t, raw)
      if (table === 'campaign') {
        row.name = name
        row.updated_at = now.toISOString()
      }
      const cols = Object.keys(row)
      try {
        insertFor(table, cols).run(...cols.map((c) => toSqlValue(row[c])))
      } catch (err) {
        throw refuse(`Row ${index + 1} of the file (${table}) breaks a rule of the library: ${(err as Error).message}.`)
      }
      index++
      if (index % IMPORT_BATCH === 0) {
        onProgress?.(index, rows.length)
        await new Promise((resolve) => setImmediate(resolve))
        if (signal?.aborted) throw stopped()
      }
    }
    const broken = sqlite.pragma('foreign_key_check') as { table: string; parent: string }[]
    if (broken.length > 0) {
      throw refuse(`This campaign file is damaged: ${broken.length} row(s) of ${broken[0]!.table} point at ${broken[0]!.parent} rows the file does not hold.`)
    }
  }
  try {
    if (options.db) {
      await options.db.transaction().execute(write)
    } else {
      sqlite.exec('begin immediate')
      try {
        await write()
        sqlite.exec('commit')
      } catch (err) {
        if (sqlite.inTransaction) sqlite.exec('rollback')
        throw err
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    throw refuse(`The campaign could not be written: ${(err as Error).message}.`)
  }
  onProgress?.(rows.length, rows.length)
  return { campaignId: maps.get('campaign')!.get(campaignRow.id as number)!, name, system: String(campaignRow.system), rows: rows.length }
}

function toSqlValue(v: unknown): unknown {
  if (v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'bigint') return v
  if (typeof v === 'boolean') return v ? 1 : 0
  // A nested object where the library keeps text: a damaged file, caught by the column's rules.
  return JSON.stringify(v)
}
