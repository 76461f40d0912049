/**
 * The campaign file's format (see index.ts for its layout): its header, reading it back (gunzip
 * within the size limits) and checking every line before anything is written.
 */
import { promisify } from 'node:util'
import { gunzip as gunzipCb } from 'node:zlib'
import { AppError } from '../core'
import { NOT_CARRIED, type CampaignTable } from './tables'

const gunzip = promisify(gunzipCb)

export const TRANSFER_FORMAT = 'lantern.campaign'
export const TRANSFER_VERSION = 1
/** Largest campaign file accepted, compressed (the upload limit) and unpacked. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024

export interface TransferHeader {
  format: typeof TRANSFER_FORMAT
  version: number
  exportedAt: string
  /** The newest migration of the library that wrote the file. */
  schema: string
  campaign: { name: string; system: string }
  counts: Record<string, number>
}

export function refuse(message: string): AppError {
  return new AppError('refused', `${message} Nothing was imported; the library is as it was.`)
}

export interface ParsedFile {
  header: TransferHeader
  rows: [string, Record<string, unknown>][]
}

export async function unpack(data: Buffer): Promise<Buffer> {
  if (data.length > MAX_IMPORT_BYTES) throw refuse(`This file is ${Math.round(data.length / 1048576)} MiB; Lantern imports campaign files of at most 512 MiB.`)
  if (data.length < 2 || data[0] !== 0x1f || data[1] !== 0x8b) {
    throw refuse('This is not a Lantern campaign file (it is not gzip-compressed; Lantern exports end in .lantern.gz).')
  }
  try {
    return await gunzip(data, { maxOutputLength: MAX_UNPACKED_BYTES })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ERR_BUFFER_TOO_LARGE' || (err as Error).message.includes('Cannot create a Buffer larger')) {
      throw refuse('This campaign file unpacks to more than 512 MiB, more than Lantern imports.')
    }
    throw refuse(`This campaign file is damaged: its compressed data could not be read (${(err as Error).message}).`)
  }
}

/** Parses and checks the whole file before anything is written. */
export function parseCampaignFile(text: Buffer, tables: CampaignTable[]): ParsedFile {
  const byTable = new Map(tables.map((t) => [t.name, t]))
  const rows: [string, Record<string, unknown>][] = []
  let header: TransferHeader | null = null
  let ended: { rows: number } | null = null
  /** Rows of tables an import leaves out (an undo history written by an earlier Lantern). */
  let left = 0
  let start = 0
  let lineNo = 0
  while (start < text.length) {
    let end = text.indexOf(10, start)
    if (end === -1) end = text.length
    const line = text.toString('utf8', start, end)
    start = end + 1
    lineNo++
    if (line.trim() === '') continue
    if (ended) throw refuse(`This campaign file is damaged: it goes on after its last line (line ${lineNo}).`)
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw refuse(`This campaign file is damaged: line ${lineNo} is not valid JSON.`)
    }
    if (!header) {
      const h = value as Partial<TransferHeader> | null
      if (!h || typeof h !== 'object' || h.format !== TRANSFER_FORMAT) throw refuse('This is not a Lantern campaign file (its first line does not say lantern.campaign).')
      if (typeof h.version !== 'number' || h.version > TRANSFER_VERSION || h.version < 1) {
        throw refuse(`This campaign file has format version ${String(h.version)}; this Lantern reads version ${TRANSFER_VERSION}. Update Lantern to import it.`)
      }
      if (!h.campaign || typeof h.campaign.name !== 'string' || typeof h.campaign.system !== 'string') throw refuse('This campaign file is damaged: its header names no campaign.')
      header = h as TransferHeader
      continue
    }
    if (!Array.isArray(value)) {
      const e = value as { end?: unknown; rows?: unknown }
      if (e && e.end === true && typeof e.rows === 'number') {
        ended = { rows: e.rows }
        continue
      }
      throw refuse(`This campaign file is damaged: line ${lineNo} is not a row.`)
    }
    const [table, row] = value as [unknown, unknown]
    if (typeof table === 'string' && NOT_CARRIED.has(table)) {
      left++
      continue
    }
    const t = typeof table === 'string' ? byTable.get(table) : undefined
    if (!t) throw refuse(`This campaign file holds rows of "${String(table)}", which this Lantern does not know (line ${lineNo}); it may come from a newer Lantern.`)
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw refuse(`This campaign file is damaged: line ${lineNo} holds no row.`)
    for (const col of Object.keys(row)) {
      if (!t.columns.includes(col)) throw refuse(`This campaign file gives ${t.name} a column "${col}" this Lantern does not have (line ${lineNo}); it may come from a newer Lantern.`)
    }
    rows.push([t.name, row as Record<string, unknown>])
  }
  if (!header) throw refuse('This campaign file is empty.')
  if (!ended) throw refuse('This campaign file is cut short: its last line is missing.')
  if (ended.rows !== rows.length + left) throw refuse(`This campaign file is damaged: it says it holds ${ended.rows} rows but holds ${rows.length + left}.`)
  const campaigns = rows.filter(([t]) => t === 'campaign')
  if (campaigns.length !== 1) throw refuse(`This campaign file is damaged: it should hold one campaign and holds ${campaigns.length}.`)
  return { header, rows }
}
