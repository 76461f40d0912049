/**
 * Campaign export and import: one gzip-compressed JSON Lines file that holds a whole campaign.
 *
 * The file: line 1 is the header `{ format: 'lantern.campaign', version: 1, exportedAt, schema,
 * campaign: { name, system }, counts }`; then one line per row, `["<table>", { column: value }]`,
 * parents first; the last line is `{ end: true, rows: <number of row lines> }`, so a cut-off file
 * is caught even when gzip is whole. Ids are numbered 1…n per table in the file (the order the
 * rows had), so exporting the same campaign from two libraries gives the same rows. The search
 * index is not in the file: the library's triggers rebuild it as rows go in.
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
import { MAX_IMPORT_BYTES, MAX_UNPACKED_BYTES, TRANSFER_FORMAT, TRANSFER_VERSION, parseCampaignFile, refuse, unpack, type TransferHeader } from './format'

export { MAX_IMPORT_BYTES, MAX_UNPACKED_BYTES, TRANSFER_FORMAT, TRANSFER_VERSION, parseCampaignFile, type TransferHeader }



export interface ExportResult {
  /** The gzip-compressed file. */
  data: Buffer
  fileName: string
  rows: number
}

export interface ImportResult {
  campaignId: number
  name: string
  system: string
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


function uniqueName(sqlite: BetterSqlite3.Database, name: string): string {
  const taken = new Set((sqlite.prepare('select name from campaign').pluck().all() as string[]).map((n) => n.toLowerCase()))
  if (!taken.has(name.toLowerCase())) return name
  for (let i = 1; ; i++) {
    const candidate = i === 1 ? `${name} (imported)` : `${name} (imported ${i})`
    if (!taken.has(candidate.toLowerCase())) return candidate
  }
}

/**
 * Imports a campaign file as a new campaign, in one transaction. Ids are given fresh above every
 * id the library has used; a name already taken gets "(imported)". `onProgress` hears rows done.
 * @example const { campaignId, name } = await importCampaign(core.handle.sqlite, readFileSync('keep.lantern.gz'), new Date())
 */
export async function importCampaign(
  sqlite: BetterSqlite3.Database,
  data: Buffer,
  now: Date,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportResult> {
  const tables = campaignTables(sqlite)
  const byTable = new Map(tables.map((t) => [t.name, t]))
  const { rows } = parseCampaignFile(await unpack(data), tables)
  if (sqlite.inTransaction) throw new AppError('conflict', 'Lantern is saving another change; import again in a moment.')

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
  const write = sqlite.transaction(() => {
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
      if (onProgress && index % 10000 === 0) onProgress(index, rows.length)
    }
    const broken = sqlite.pragma('foreign_key_check') as { table: string; parent: string }[]
    if (broken.length > 0) {
      throw refuse(`This campaign file is damaged: ${broken.length} row(s) of ${broken[0]!.table} point at ${broken[0]!.parent} rows the file does not hold.`)
    }
  })
  try {
    write.immediate()
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
