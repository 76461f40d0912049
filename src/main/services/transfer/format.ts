/**
 * The campaign file's format (see index.ts for its layout): its header, its size limits, and the
 * check of each line an import makes before anything is written (import-read.ts reads the lines).
 */
import { AppError } from '../core'
import { NOT_CARRIED, type CampaignTable } from './tables'

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

/** What checking the lines so far has found: the header, the end line, rows left out, the line's number. */
export interface LineState {
  header: TransferHeader | null
  ended: { rows: number } | null
  /** Rows of tables an import leaves out (an undo history written by an earlier Lantern). */
  left: number
  lineNo: number
}

/**
 * Checks the file's next line (its header, a row or its end line), refusing a line that is wrong;
 * gives back the row it holds, or null for any other line.
 */
export function checkLine(line: string, state: LineState, byTable: Map<string, CampaignTable>): [CampaignTable, Record<string, unknown>] | null {
  const lineNo = ++state.lineNo
  if (line.trim() === '') return null
  if (state.ended) throw refuse(`This campaign file is damaged: it goes on after its last line (line ${lineNo}).`)
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    throw refuse(`This campaign file is damaged: line ${lineNo} is not valid JSON.`)
  }
  if (!state.header) {
    const h = value as Partial<TransferHeader> | null
    if (!h || typeof h !== 'object' || h.format !== TRANSFER_FORMAT) throw refuse('This is not a Lantern campaign file (its first line does not say lantern.campaign).')
    if (typeof h.version !== 'number' || h.version > TRANSFER_VERSION || h.version < 1) {
      throw refuse(`This campaign file has format version ${String(h.version)}; this Lantern reads version ${TRANSFER_VERSION}. Update Lantern to import it.`)
    }
    if (!h.campaign || typeof h.campaign.name !== 'string' || typeof h.campaign.system !== 'string') throw refuse('This campaign file is damaged: its header names no campaign.')
    state.header = h as TransferHeader
    return null
  }
  if (!Array.isArray(value)) {
    const e = value as { end?: unknown; rows?: unknown }
    if (e && e.end === true && typeof e.rows === 'number') {
      state.ended = { rows: e.rows }
      return null
    }
    throw refuse(`This campaign file is damaged: line ${lineNo} is not a row.`)
  }
  const [table, row] = value as [unknown, unknown]
  if (typeof table === 'string' && NOT_CARRIED.has(table)) {
    state.left++
    return null
  }
  const t = typeof table === 'string' ? byTable.get(table) : undefined
  if (!t) throw refuse(`This campaign file holds rows of "${String(table)}", which this Lantern does not know (line ${lineNo}); it may come from a newer Lantern.`)
  if (!row || typeof row !== 'object' || Array.isArray(row)) throw refuse(`This campaign file is damaged: line ${lineNo} holds no row.`)
  for (const col of Object.keys(row)) {
    if (!t.columns.includes(col)) throw refuse(`This campaign file gives ${t.name} a column "${col}" this Lantern does not have (line ${lineNo}); it may come from a newer Lantern.`)
  }
  return [t, row as Record<string, unknown>]
}
