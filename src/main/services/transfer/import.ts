/**
 * Campaign import: a campaign file (see index.ts for its form) becomes a new campaign, in one
 * transaction, renumbered above every id the library has used. The file is read twice as it is
 * unpacked (import-read.ts): every line checked and the ids gathered first, then the rows written,
 * so memory stays flat however long the log is.
 */
import type BetterSqlite3 from 'better-sqlite3'
import { AppError } from '../core'
import { remapRow } from './remap'
import { campaignTables } from './tables'
import { refuse } from './format'
import { campaignRows, surveyCampaignFile } from './import-read'
import { assignIds, IMPORT_BATCH, stopped, toSqlValue, uniqueName, type ImportOptions, type ImportResult } from './import-ids'
import { importIntoPostgres } from './pg-import'
import { dbOfLibrary, sqliteOfLibrary, type TransferLibrary } from './library'

export type { ImportOptions, ImportResult }

/**
 * Imports a campaign file as a new campaign, in one transaction. Ids are given fresh above every
 * id the library has used; a name already taken gets "(imported)". A PostgreSQL library is written
 * by pg-import.ts.
 * @example const { campaignId, name } = await importCampaign(core.handle, readFileSync('keep.lantern.gz'), new Date())
 */
export async function importCampaign(library: TransferLibrary, data: Buffer, now: Date, options: ImportOptions = {}): Promise<ImportResult> {
  const sqlite = sqliteOfLibrary(library)
  if (!sqlite) return importIntoPostgres(options.db ?? dbOfLibrary(library), data, now, options)
  return importIntoSqlite(sqlite, data, now, options)
}

async function importIntoSqlite(sqlite: BetterSqlite3.Database, data: Buffer, now: Date, options: ImportOptions): Promise<ImportResult> {
  const { onProgress, signal } = options
  const tables = campaignTables(sqlite)
  const byTable = new Map(tables.map((t) => [t.name, t]))
  const survey = await surveyCampaignFile(data, tables)
  const total = survey.rows
  if (signal?.aborted) throw stopped()
  if (!options.db && sqlite.inTransaction) throw new AppError('conflict', 'Lantern is saving another change; import again in a moment.')

  const seq = new Map((sqlite.prepare('select name, seq from sqlite_sequence').all() as { name: string; seq: number }[]).map((r) => [r.name, r.seq]))
  const next = new Map<string, number>()
  for (const t of tables) {
    if (!t.hasId) continue
    const max = (sqlite.prepare(`select coalesce(max(id), 0) from "${t.name}"`).pluck().get() as number) ?? 0
    next.set(t.name, Math.max(max, seq.get(t.name) ?? 0))
  }
  const maps = assignIds(survey, next)

  const campaignRow = survey.campaign
  const name = uniqueName(sqlite.prepare('select name from campaign').pluck().all() as string[], String(campaignRow.name ?? ''))
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
    for await (const part of campaignRows(data)) {
      for (const [table, raw] of part) {
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
          onProgress?.(index, total)
          await new Promise((resolve) => setImmediate(resolve))
          if (signal?.aborted) throw stopped()
        }
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
  onProgress?.(total, total)
  return { campaignId: maps.get('campaign')!.get(campaignRow.id as number)!, name, system: String(campaignRow.system), rows: total }
}
