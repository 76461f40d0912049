/**
 * Campaign export and import: one gzip-compressed JSON Lines file that holds a whole campaign.
 *
 * The file: line 1 is the header `{ format: 'lantern.campaign', version: 1, exportedAt, schema,
 * campaign: { name, system }, counts }`; then one line per row, `["<table>", { column: value }]`,
 * parents first; the last line is `{ end: true, rows: <number of row lines> }`, so a cut-off file
 * is caught even when gzip is whole. Ids are numbered 1…n per table in the file (the order the
 * rows had), so exporting the same campaign from two libraries gives the same rows. The search
 * index is not in the file: the library's triggers rebuild it as rows go in (log entries through
 * the search queue, indexed once the import has committed).
 *
 * Import is one transaction: every row goes in or none does. A file that is not gzip, not JSON,
 * of an unknown format or version, names a table or column this Lantern does not have, or holds a
 * row that breaks a rule of the library is refused with a sentence that says which, and the
 * library is left as it was.
 *
 * A SQLite and a PostgreSQL library read and write the same file, so a campaign moves between them
 * either way: the header's `schema` names SQLite's newest migration whichever library wrote it
 * (schema-version.ts); PostgreSQL's export reads one snapshot a batch at a time (pg-export.ts) and
 * its import writes in one transaction under the writer lock (pg-import.ts).
 */
import BetterSqlite3 from 'better-sqlite3'
import { Writable } from 'node:stream'
import { AppError } from '../core'
import type { IdMaps } from './remap'
import { campaignTables } from './tables'
import { MAX_IMPORT_BYTES, MAX_UNPACKED_BYTES, TRANSFER_FORMAT, TRANSFER_VERSION, type TransferHeader } from './format'
import { campaignExport, exportFileName, Renumbering, type CampaignExport, type ExportOptions } from './export-stream'
import { openPgExport } from './pg-export'
import { sqliteLatestSchema } from './schema-version'
import { dbOfLibrary, sqliteOfLibrary, type TransferLibrary } from './library'

export { MAX_IMPORT_BYTES, MAX_UNPACKED_BYTES, TRANSFER_FORMAT, TRANSFER_VERSION, type TransferHeader }
export { exportFileName, type CampaignExport, type ExportOptions }
export type { TransferLibrary }
export { runTransfer, stopTransfer, type TransferOperation } from './runs'
export { importCampaign, type ImportOptions, type ImportResult } from './import'

export interface ExportResult {
  /** The gzip-compressed file. */
  data: Buffer
  fileName: string
  rows: number
}

/**
 * An export opened on one consistent moment of the campaign: its header (counts included) is
 * known at once, and `writeTo` streams the rows — read one at a time, renumbered, gzip-compressed
 * and written as they come — so memory stays flat however long the log is. A library file is read
 * through a second, read-only connection holding that moment, so the app's connection stays free
 * for changes while the file is written; `close` lets it go.
 * @example const x = openExport(sqlite, 3, new Date()); try { await x.writeTo(createWriteStream(path)) } finally { x.close() }
 */
export function openExport(sqlite: BetterSqlite3.Database, campaignId: number, now: Date): CampaignExport {
  const own = !sqlite.memory && sqlite.name !== ''
  const db = own ? new BetterSqlite3(sqlite.name, { readonly: true, fileMustExist: true }) : sqlite
  let open = true
  const close = (): void => {
    if (!open) return
    open = false
    if (db.inTransaction && own) db.exec('rollback')
    if (own) db.close()
  }
  try {
    if (own) db.exec('begin') // the read snapshot starts at the first read below and lasts until close
    const campaign = db.prepare('select name, system from campaign where id = ?').get(campaignId) as { name: string; system: string } | undefined
    if (!campaign) throw new AppError('not_found', `There is no campaign with id ${campaignId}; it may have been deleted.`)
    const tables = campaignTables(db)
    const maps: IdMaps = new Map()
    const counts: Record<string, number> = {}
    for (const t of tables) {
      if (t.hasId) {
        const ids = Float64Array.from(db.prepare(`select id from "${t.name}" where ${t.where} order by id`).pluck().iterate(campaignId) as Iterable<number>)
        maps.set(t.name, new Renumbering(ids))
        counts[t.name] = ids.length
      } else {
        counts[t.name] = db.prepare(`select count(*) from "${t.name}" where ${t.where}`).pluck().get(campaignId) as number
      }
    }
    return campaignExport({
      now,
      schema: sqliteLatestSchema(db),
      campaign,
      counts,
      tables,
      maps,
      rowsOf: (t) => db.prepare(`select * from "${t.name}" where ${t.where} order by ${t.hasId ? 'id' : 'rowid'}`).iterate(campaignId) as Iterable<Record<string, unknown>>,
      close,
    })
  } catch (err) {
    close()
    throw err
  }
}

/**
 * Opens an export on either kind of library: SQLite's `openExport`, or on PostgreSQL an export
 * read inside one snapshot transaction (pg-export.ts). Await `close` when done.
 * @example const x = await openCampaignExport(core.library.handle, 3, new Date()); try { await x.writeTo(res) } finally { await x.close() }
 */
export async function openCampaignExport(library: TransferLibrary, campaignId: number, now: Date): Promise<CampaignExport> {
  const sqlite = sqliteOfLibrary(library)
  return sqlite ? openExport(sqlite, campaignId, now) : openPgExport(dbOfLibrary(library), campaignId, now)
}

/**
 * Exports one campaign to a gzip-compressed JSON Lines file held in memory (compressed: the rows
 * are streamed through gzip, never all held as text).
 * @example const { data, fileName } = await exportCampaign(core.handle, 3, new Date()) // 'The-Sunken-Keep-2025-03-01.lantern.gz'
 */
export async function exportCampaign(library: TransferLibrary, campaignId: number, now: Date, options: ExportOptions = {}): Promise<ExportResult> {
  const x = await openCampaignExport(library, campaignId, now)
  try {
    const parts: Buffer[] = []
    const collect = new Writable({
      write(chunk: Buffer, _enc, done) {
        parts.push(chunk)
        done()
      },
    })
    await x.writeTo(collect, options)
    return { data: Buffer.concat(parts), fileName: x.fileName, rows: x.rows }
  } finally {
    await x.close()
  }
}
