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
 */
import BetterSqlite3 from 'better-sqlite3'
import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { AppError } from '../core'
import { remapRow, type IdMaps } from './remap'
import { campaignTables } from './tables'
import { MAX_IMPORT_BYTES, MAX_UNPACKED_BYTES, TRANSFER_FORMAT, TRANSFER_VERSION, parseCampaignFile, type TransferHeader } from './format'

export { MAX_IMPORT_BYTES, MAX_UNPACKED_BYTES, TRANSFER_FORMAT, TRANSFER_VERSION, parseCampaignFile, type TransferHeader }
export { runTransfer, stopTransfer, type TransferOperation } from './runs'
export { importCampaign, type ImportOptions, type ImportResult } from './import'

export interface ExportResult {
  /** The gzip-compressed file. */
  data: Buffer
  fileName: string
  rows: number
}

function latestSchema(sqlite: BetterSqlite3.Database): string {
  try {
    const row = sqlite.prepare('select name from kysely_migration order by name desc limit 1').get() as { name: string } | undefined
    return row?.name ?? ''
  } catch {
    return ''
  }
}

/** A file name a GM recognises: the campaign's name and the day, safe on every file system. */
export function exportFileName(name: string, now: Date): string {
  const safe = name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().replace(/\s+/g, '-').slice(0, 60) || 'campaign'
  return `${safe}-${now.toISOString().slice(0, 10)}.lantern.gz`
}

/**
 * A table's ids in the file, 1…n in the order the rows had: the sorted ids, found by binary search
 * (a million log entries take 8 MB this way, where a Map of them takes many times that).
 */
class Renumbering {
  constructor(private readonly ids: Float64Array) {}

  get(id: number): number | undefined {
    let lo = 0
    let hi = this.ids.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const at = this.ids[mid]!
      if (at === id) return mid + 1
      if (at < id) lo = mid + 1
      else hi = mid - 1
    }
    return undefined
  }

  has(id: number): boolean {
    return this.get(id) !== undefined
  }
}

/** How an export reports how far it is, and how it is stopped. */
export interface ExportOptions {
  /** Rows written so far, of all the rows in the file. */
  onProgress?: (done: number, total: number) => void
  /** Stops the export; the file is left incomplete (the caller removes it). */
  signal?: AbortSignal
}

/** Lines are handed to gzip in batches of about this many characters. */
const BATCH_CHARS = 256 * 1024

/**
 * An export opened on one consistent moment of the campaign: its header (counts included) is
 * known at once, and `writeTo` streams the rows — read one at a time, renumbered, gzip-compressed
 * and written as they come — so memory stays flat however long the log is. A library file is read
 * through a second, read-only connection holding that moment, so the app's connection stays free
 * for changes while the file is written; `close` lets it go.
 * @example const x = openExport(sqlite, 3, new Date()); try { await x.writeTo(createWriteStream(path)) } finally { x.close() }
 */
export function openExport(sqlite: BetterSqlite3.Database, campaignId: number, now: Date) {
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
    const byTable = new Map(tables.map((t) => [t.name, t]))
    const maps: IdMaps = new Map()
    const counts: Record<string, number> = {}
    for (const t of tables) {
      if (t.hasId) {
        const ids = Float64Array.from(db.prepare(`select id from "${t.name}" where ${t.where} order by id`).pluck().iterate(campaignId) as Iterable<number>)
        maps.set(t.name, new Renumbering(ids) as unknown as Map<number, number>)
        counts[t.name] = ids.length
      } else {
        counts[t.name] = db.prepare(`select count(*) from "${t.name}" where ${t.where}`).pluck().get(campaignId) as number
      }
    }
    const rows = Object.values(counts).reduce((a, b) => a + b, 0)
    const header: TransferHeader = {
      format: TRANSFER_FORMAT,
      version: TRANSFER_VERSION,
      exportedAt: now.toISOString(),
      schema: latestSchema(db),
      campaign,
      counts,
    }

    async function* text(options: ExportOptions): AsyncGenerator<string> {
      let batch = JSON.stringify(header) + '\n'
      let done = 0
      for (const t of tables) {
        const order = t.hasId ? 'id' : 'rowid'
        for (const row of db.prepare(`select * from "${t.name}" where ${t.where} order by ${order}`).iterate(campaignId) as Iterable<Record<string, unknown>>) {
          batch += JSON.stringify([t.name, remapRow(maps, byTable, t, row)]) + '\n'
          done++
          if (batch.length >= BATCH_CHARS) {
            yield batch
            batch = ''
            options.onProgress?.(done, rows)
          }
        }
      }
      yield batch + JSON.stringify({ end: true, rows: done }) + '\n'
      options.onProgress?.(done, rows)
    }

    return {
      header,
      rows,
      fileName: exportFileName(campaign.name, now),
      /** Streams the gzip-compressed file into `sink`, waiting for it as it fills. */
      async writeTo(sink: NodeJS.WritableStream, options: ExportOptions = {}): Promise<void> {
        try {
          await pipeline(Readable.from(text(options)), createGzip({ level: 6 }), sink, options.signal ? { signal: options.signal } : {})
        } catch (err) {
          if (options.signal?.aborted) throw new AppError('refused', 'The export was stopped; no campaign file was made.')
          throw err
        }
      },
      close,
    }
  } catch (err) {
    close()
    throw err
  }
}

/**
 * Exports one campaign to a gzip-compressed JSON Lines file held in memory (compressed: the rows
 * are streamed through gzip, never all held as text).
 * @example const { data, fileName } = await exportCampaign(core.handle.sqlite, 3, new Date()) // 'The-Sunken-Keep-2025-03-01.lantern.gz'
 */
export async function exportCampaign(sqlite: BetterSqlite3.Database, campaignId: number, now: Date, options: ExportOptions = {}): Promise<ExportResult> {
  const x = openExport(sqlite, campaignId, now)
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
    x.close()
  }
}
