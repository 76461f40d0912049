/**
 * Writing a campaign file from an export opened on either kind of library: rows renumbered,
 * turned into JSON Lines, gzip-compressed and written as they are read, so memory stays flat
 * however long the log is.
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { AppError } from '../core'
import { remapRow, type IdMaps } from './remap'
import type { CampaignTable } from './tables'
import { TRANSFER_FORMAT, TRANSFER_VERSION, type TransferHeader } from './format'

/** A file name a GM recognises: the campaign's name and the day, safe on every file system. */
export function exportFileName(name: string, now: Date): string {
  const safe = name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().replace(/\s+/g, '-').slice(0, 60) || 'campaign'
  return `${safe}-${now.toISOString().slice(0, 10)}.lantern.gz`
}

/**
 * A table's ids in the file, 1…n in the order the rows had: the sorted ids, found by binary search
 * (a million log entries take 8 MB this way, where a Map of them takes many times that).
 */
export class Renumbering {
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

export type Row = Record<string, unknown>
/** A table's rows: read one at a time (SQLite), or a batch at a time as a server sends them. */
export type TableRows = Iterable<Row> | AsyncIterable<Row[]>

/** An export opened on one consistent moment of a campaign. */
export interface CampaignExport {
  header: TransferHeader
  rows: number
  fileName: string
  /** Streams the gzip-compressed file into `sink`, waiting for it as it fills. */
  writeTo(sink: NodeJS.WritableStream, options?: ExportOptions): Promise<void>
  /** Lets the moment go (a PostgreSQL export's transaction ends: await it there). */
  close(): void | Promise<void>
}

/** What an opened export knows: its moment, campaign and counts, its tables and renumbering, and how to read each table. */
export interface ExportParts {
  now: Date
  /** The library's newest migration, as SQLite names it. */
  schema: string
  campaign: TransferHeader['campaign']
  counts: TransferHeader['counts']
  tables: CampaignTable[]
  maps: IdMaps
  rowsOf: (table: CampaignTable) => TableRows
  close: () => void | Promise<void>
}

/**
 * The export's file, written from its parts: the header, each table's rows in turn, the end line.
 * @example await campaignExport({ now, schema, campaign, counts, tables, maps, rowsOf, close }).writeTo(sink)
 */
export function campaignExport(parts: ExportParts): CampaignExport {
  const { tables, maps, rowsOf, counts } = parts
  const header: TransferHeader = {
    format: TRANSFER_FORMAT,
    version: TRANSFER_VERSION,
    exportedAt: parts.now.toISOString(),
    schema: parts.schema,
    campaign: parts.campaign,
    counts,
  }
  const rows = Object.values(counts).reduce((a, b) => a + b, 0)
  const byTable = new Map(tables.map((t) => [t.name, t]))

  async function* text(options: ExportOptions): AsyncGenerator<string> {
    let batch = JSON.stringify(header) + '\n'
    let done = 0
    for (const t of tables) {
      const source = rowsOf(t)
      // Rows read one at a time come as one batch, so they are not each awaited.
      const batches: AsyncIterable<Iterable<Row>> | Iterable<Row>[] = Symbol.asyncIterator in source ? source : [source]
      for await (const part of batches) {
        for (const row of part) {
          batch += JSON.stringify([t.name, remapRow(maps, byTable, t, row)]) + '\n'
          done++
          if (batch.length >= BATCH_CHARS) {
            yield batch
            batch = ''
            options.onProgress?.(done, rows)
          }
        }
      }
    }
    yield batch + JSON.stringify({ end: true, rows: done }) + '\n'
    options.onProgress?.(done, rows)
  }

  return {
    header,
    rows,
    fileName: exportFileName(parts.campaign.name, parts.now),
    async writeTo(sink: NodeJS.WritableStream, options: ExportOptions = {}): Promise<void> {
      try {
        await pipeline(Readable.from(text(options)), createGzip({ level: 6 }), sink, options.signal ? { signal: options.signal } : {})
      } catch (err) {
        if (options.signal?.aborted) throw new AppError('refused', 'The export was stopped; no campaign file was made.')
        throw err
      }
    },
    close: parts.close,
  }
}
