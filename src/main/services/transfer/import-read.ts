/**
 * Reading a campaign file for import without holding it: its lines come out of a gzip stream a
 * chunk at a time, so neither the unpacked text nor its rows are ever all in memory. An import
 * reads the file twice: `surveyCampaignFile` checks every line (the file's words, as
 * parseCampaignFile did before anything is written) and keeps only what the fresh ids need; then
 * `campaignRows` reads it again for the rows to write.
 */
import { createGunzip } from 'node:zlib'
import { AppError } from '../core'
import { MAX_IMPORT_BYTES, MAX_UNPACKED_BYTES, checkLine, refuse, type LineState, type TransferHeader } from './format'
import { NOT_CARRIED, type CampaignTable } from './tables'

type Row = Record<string, unknown>

/** Refuses at once what is too big or not gzip at all. */
function checkPacked(data: Buffer): void {
  if (data.length > MAX_IMPORT_BYTES) throw refuse(`This file is ${Math.round(data.length / 1048576)} MiB; Lantern imports campaign files of at most 512 MiB.`)
  if (data.length < 2 || data[0] !== 0x1f || data[1] !== 0x8b) {
    throw refuse('This is not a Lantern campaign file (it is not gzip-compressed; Lantern exports end in .lantern.gz).')
  }
}

/**
 * The file's lines, unpacked as they are read, a chunk's worth at a time (split at newline bytes,
 * each line decoded as UTF-8). Refuses a file that unpacks to more than the limit, or whose
 * compressed data is damaged.
 */
export async function* packedLines(data: Buffer): AsyncGenerator<string[]> {
  checkPacked(data)
  const gunzip = createGunzip({ chunkSize: 32 * 1024 })
  gunzip.end(data)
  let unpacked = 0
  let pending: Buffer[] = []
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      unpacked += chunk.length
      if (unpacked > MAX_UNPACKED_BYTES) throw refuse('This campaign file unpacks to more than 512 MiB, more than Lantern imports.')
      const lines: string[] = []
      let start = 0
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        if (pending.length > 0) {
          pending.push(chunk.subarray(start, end))
          lines.push(Buffer.concat(pending).toString('utf8'))
          pending = []
        } else lines.push(chunk.toString('utf8', start, end))
        start = end + 1
      }
      if (start < chunk.length) pending.push(chunk.subarray(start))
      if (lines.length > 0) yield lines
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    throw refuse(`This campaign file is damaged: its compressed data could not be read (${(err as Error).message}).`)
  } finally {
    gunzip.destroy()
  }
  if (pending.length > 0) yield [Buffer.concat(pending).toString('utf8')]
}

/** A table's ids in the file, in the order its rows come: grown as they are read. */
export class IdList {
  ids = new Float64Array(1024)
  length = 0
  push(id: number): void {
    if (this.length === this.ids.length) {
      const bigger = new Float64Array(this.ids.length * 2)
      bigger.set(this.ids)
      this.ids = bigger
    }
    this.ids[this.length++] = id
  }
}

/** What pass 1 learns of a file that holds nothing wrong: enough to give its rows fresh ids. */
export interface CampaignSurvey {
  header: TransferHeader
  /** Rows the import writes (rows of tables it leaves out not counted). */
  rows: number
  /** The file's campaign row. */
  campaign: Row
  /** Each table's ids, in the order of its rows in the file. */
  ids: Map<string, IdList>
  /** Where each table's rows are in the file: the place of its first and last row, counted from 0. */
  places: Map<string, { first: number; last: number }>
  /** The first row whose id is not a whole number (its place and table), refused as ids are given. */
  badId: { at: number; table: string } | null
  /** Each id-bearing row's place in the file, by table, for a second row with the same id. */
  at: Map<string, IdList>
}

/**
 * Pass 1: reads every line of the file and checks it, refusing a bad file with the same words
 * whichever line is at fault, before anything is written.
 */
export async function surveyCampaignFile(data: Buffer, tables: CampaignTable[]): Promise<CampaignSurvey> {
  const byTable = new Map(tables.map((t) => [t.name, t]))
  const state: LineState = { header: null, ended: null, left: 0, lineNo: 0 }
  const ids = new Map<string, IdList>()
  const at = new Map<string, IdList>()
  const places = new Map<string, { first: number; last: number }>()
  let rows = 0
  let campaigns = 0
  let campaign: Row | null = null
  let badId: CampaignSurvey['badId'] = null
  // A bad line stops the checking, but the rest is still unpacked: damaged compressed data is
  // refused first, as when the file was unpacked whole before its lines were read.
  let failed: unknown = null
  for await (const lines of packedLines(data)) {
    if (failed) continue
    try {
      for (const line of lines) {
        const row = checkLine(line, state, byTable)
        if (!row) continue
        const [t, value] = row
        const place = places.get(t.name)
        if (place) place.last = rows
        else places.set(t.name, { first: rows, last: rows })
        if (t.name === 'campaign') {
          campaigns++
          campaign = value
        }
        if (t.hasId) {
          const id = value.id
          if (typeof id !== 'number' || !Number.isInteger(id)) badId ??= { at: rows, table: t.name }
          else {
            let list = ids.get(t.name)
            if (!list) {
              ids.set(t.name, (list = new IdList()))
              at.set(t.name, new IdList())
            }
            list.push(id)
            at.get(t.name)!.push(rows)
          }
        }
        rows++
      }
    } catch (err) {
      failed = err
    }
  }
  if (failed) throw failed
  const { header, ended } = state
  if (!header) throw refuse('This campaign file is empty.')
  if (!ended) throw refuse('This campaign file is cut short: its last line is missing.')
  if (ended.rows !== rows + state.left) throw refuse(`This campaign file is damaged: it says it holds ${ended.rows} rows but holds ${rows + state.left}.`)
  if (campaigns !== 1) throw refuse(`This campaign file is damaged: it should hold one campaign and holds ${campaigns}.`)
  return { header, rows, campaign: campaign!, ids, places, badId, at }
}

/**
 * Pass 2: the file's rows again, in its order, each as `[table, row]` (the file already checked
 * by pass 1), a chunk's worth at a time.
 */
export async function* campaignRows(data: Buffer): AsyncGenerator<[string, Row][]> {
  let header = false
  for await (const lines of packedLines(data)) {
    const out: [string, Row][] = []
    for (const line of lines) {
      if (line.trim() === '') continue
      if (!header) {
        header = true
        continue
      }
      const value = JSON.parse(line) as unknown
      if (!Array.isArray(value)) continue // the end line
      const [table, row] = value as [string, Row]
      if (!NOT_CARRIED.has(table)) out.push([table, row])
    }
    if (out.length > 0) yield out
  }
}
