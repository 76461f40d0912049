/**
 * Campaign import into a PostgreSQL library: one transaction that first takes the library's writer
 * lock (so every other Lantern's change waits for it, as on SQLite), gives the rows fresh ids above
 * every id the library has used, writes them in multi-row inserts of one table's rows as the file
 * is read again (import-read.ts; memory stays flat), and moves each table's id sequence past the
 * ids it wrote. The server's foreign keys are checked as each insert ends (they cannot be deferred
 * as SQLite's are), so tables go in parents first (in more than one pass over the file when its
 * order needs it), and a link to a row not written yet (a location's parent further on) goes in
 * empty and is set once that row is in.
 * The log's words are queued for the search index by its triggers, indexed after the commit; its
 * tally is kept by its statement-level triggers.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../core'
import { takeWriterLock } from '../core'
import { remapRow, type IdMaps } from './remap'
import type { CampaignTable } from './tables'
import { refuse } from './format'
import { campaignRows, surveyCampaignFile, type CampaignSurvey } from './import-read'
import { assignIds, IMPORT_BATCH, stopped, toSqlValue, uniqueName, type ImportOptions, type ImportResult } from './import-ids'
import { pgCampaignTables } from './pg-tables'

type Row = Record<string, unknown>

/** Parameters one statement may carry (the protocol counts them in 16 bits). */
const MAX_PARAMS = 65_535

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

async function run<T>(trx: Transaction<Database>, text: string, params: unknown[] = []): Promise<T[]> {
  return (await trx.executeQuery<T>(CompiledQuery.raw(text, params))).rows
}

/**
 * The passes over the file that write its tables, parents first: a table goes in the first pass in
 * which every table it points at is either written by an earlier pass or comes whole before it in
 * the file (a file Lantern exported takes one pass or few). A cycle of tables: the first of them
 * goes in, its links to the others set afterwards.
 */
function passesOver(tables: CampaignTable[], places: CampaignSurvey['places']): Set<string>[] {
  const names = new Set(tables.map((t) => t.name))
  let left = tables.filter((t) => places.has(t.name)).sort((x, y) => places.get(x.name)!.first - places.get(y.name)!.first)
  const done = new Set(tables.filter((t) => !places.has(t.name)).map((t) => t.name))
  const out: Set<string>[] = []
  while (left.length > 0) {
    const pass = new Set<string>()
    for (const t of left) {
      const first = places.get(t.name)!.first
      const ready = (f: { table: string }) => f.table === t.name || !names.has(f.table) || done.has(f.table) || (pass.has(f.table) && places.get(f.table)!.last < first)
      if (t.foreignKeys.every(ready)) pass.add(t.name)
    }
    if (pass.size === 0) pass.add(left[0]!.name)
    for (const name of pass) done.add(name)
    left = left.filter((t) => !pass.has(t.name))
    out.push(pass)
  }
  return out
}

/** The highest id each table has used: its largest id, or its sequence's last value when that is higher. */
async function usedIds(trx: Transaction<Database>, tables: CampaignTable[]): Promise<Map<string, number>> {
  const withId = tables.filter((t) => t.hasId)
  const rows = await run<{ t: string; max: number; seq: number }>(
    trx,
    withId
      .map((t, i) => `select $${i + 1}::text as t, (select coalesce(max(id), 0) from ${quote(t.name)}) as max,
        coalesce(pg_sequence_last_value(pg_get_serial_sequence(${`$${i + 1}`}, 'id')::regclass), 0) as seq`)
      .join(' union all '),
    withId.map((t) => t.name),
  )
  return new Map(rows.map((r) => [r.t, Math.max(Number(r.max), Number(r.seq))]))
}

/** A link written after its row, once the row it points at is in: `table.column` of row `id` is `value`. */
interface LateLink {
  table: CampaignTable
  column: string
  id: number
  value: unknown
}

/** Why the server refused a statement, as a sentence for the GM (a broken rule), or the error as it was. */
function refusal(err: unknown, table: string): unknown {
  const e = err as { code?: string; detail?: string; table?: string; message: string }
  if (e.code === '23503') {
    const parent = /table "([^"]+)"/.exec(e.detail ?? '')?.[1] ?? 'other'
    return refuse(`This campaign file is damaged: row(s) of ${e.table ?? table} point at ${parent} rows the file does not hold.`)
  }
  // Class 23 is a broken rule (check, not null, unique); class 22 a value the column cannot hold.
  if (e.code?.startsWith('23') || e.code?.startsWith('22')) return refuse(`A row of the file (${table}) breaks a rule of the library: ${e.message}.`)
  return err
}

/** What writing the rows shares: the fresh ids, the links to set afterwards, what is written so far. */
interface Writing {
  trx: Transaction<Database>
  maps: IdMaps
  byTable: Map<string, CampaignTable>
  /** Each table's highest used id before the import, and after it. */
  first: Map<string, number>
  next: Map<string, number>
  /** Each table's highest id written so far (its rows go in in the order of their fresh ids). */
  written: Map<string, number>
  late: LateLink[]
  /** The imported campaign's row, as it goes in (its name and "last changed"). */
  campaign: (row: Row) => void
  /** After each statement: rows written in it. */
  wrote: (rows: number) => void
}

/**
 * Writes a run of one table's rows (all with the same columns) in one multi-row insert. A link to
 * a row of the file not written yet (further on in this table, or in a table still to come) goes
 * in empty and is set afterwards.
 */
async function writeBatch(w: Writing, t: CampaignTable, batch: Row[]): Promise<void> {
  const cols = Object.keys(batch[0]!)
  // This statement writes ids up to its last row's; a link to a later row of the file waits for it.
  const upTo = t.hasId ? (batch[batch.length - 1]!.id as number) : 0
  const links = t.hasId ? t.foreignKeys.filter((f) => w.byTable.has(f.table)) : []
  for (const row of batch) {
    for (const f of links) {
      const v = row[f.from]
      const written = f.table === t.name ? upTo : (w.written.get(f.table) ?? 0)
      if (typeof v !== 'number' || v <= written || v <= (w.first.get(f.table) ?? 0) || v > (w.next.get(f.table) ?? 0)) continue
      w.late.push({ table: t, column: f.from, id: row.id as number, value: v })
      row[f.from] = null
    }
  }
  const params: unknown[] = []
  const values = batch.map((row) => `(${cols.map((c) => (params.push(toSqlValue(row[c])), `$${params.length}`)).join(', ')})`)
  try {
    await run(w.trx, `insert into ${quote(t.name)} (${cols.map(quote).join(', ')}) values ${values.join(', ')}`, params)
  } catch (err) {
    throw refusal(err, t.name)
  }
  if (t.hasId) w.written.set(t.name, upTo)
  w.wrote(batch.length)
}

/** One pass over the file: the rows of the tables it writes, in the file's order, a run of one table at a time. */
async function writePass(w: Writing, data: Buffer, pass: Set<string>): Promise<void> {
  let table: CampaignTable | null = null
  let key = ''
  let size = 0
  let batch: Row[] = []
  for await (const part of campaignRows(data)) {
    for (const [name, raw] of part) {
      if (!pass.has(name)) continue
      const cols = Object.keys(raw)
      const rowKey = `${name}|${cols.join(',')}`
      if (batch.length > 0 && (rowKey !== key || batch.length >= size)) {
        await writeBatch(w, table!, batch)
        batch = []
      }
      table = w.byTable.get(name)!
      key = rowKey
      size = Math.min(IMPORT_BATCH, Math.floor(MAX_PARAMS / Math.max(cols.length, 1)))
      const row = remapRow(w.maps, w.byTable, table, raw)
      if (name === 'campaign') w.campaign(row)
      batch.push(row)
    }
  }
  if (batch.length > 0) await writeBatch(w, table!, batch)
}

/**
 * Imports a campaign file into a PostgreSQL library (see importCampaign).
 * @example await importIntoPostgres(core.handle.db, readFileSync('keep.lantern.gz'), new Date(), {})
 */
export async function importIntoPostgres(db: Kysely<Database>, data: Buffer, now: Date, options: ImportOptions): Promise<ImportResult> {
  const { onProgress, signal } = options
  const tables = await pgCampaignTables(db)
  const byTable = new Map(tables.map((t) => [t.name, t]))
  const survey = await surveyCampaignFile(data, tables)
  const total = survey.rows
  if (signal?.aborted) throw stopped()
  const campaignRow = survey.campaign

  const write = async (trx: Transaction<Database>): Promise<{ maps: IdMaps; name: string }> => {
    await takeWriterLock(trx)
    const next = await usedIds(trx, tables)
    const first = new Map(next)
    const maps = assignIds(survey, next)
    const names = await run<{ name: string }>(trx, 'select name from campaign')
    const name = uniqueName(names.map((r) => r.name), String(campaignRow.name ?? ''))
    let done = 0
    const w: Writing = {
      trx,
      maps,
      byTable,
      first,
      next,
      written: new Map(first),
      late: [],
      campaign: (row) => {
        row.name = name
        row.updated_at = now.toISOString()
      },
      wrote: (n) => {
        done += n
        onProgress?.(done, total)
        if (signal?.aborted) throw stopped()
      },
    }
    for (const pass of passesOver(tables, survey.places)) await writePass(w, data, pass)
    await setLateLinks(trx, w.late)
    // Each table's sequence moves past the ids written, so the next row made gets the next id.
    for (const t of tables) {
      if (!t.hasId || !survey.places.has(t.name)) continue
      await run(trx, `select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${quote(t.name)}))`, [t.name])
    }
    return { maps, name }
  }

  let result: { maps: IdMaps; name: string }
  try {
    result = await db.transaction().execute(write)
  } catch (err) {
    if (err instanceof AppError) throw err
    throw refuse(`The campaign could not be written: ${(err as Error).message}.`)
  }
  onProgress?.(total, total)
  return { campaignId: result.maps.get('campaign')!.get(campaignRow.id as number)!, name: result.name, system: String(campaignRow.system), rows: total }
}

/** Sets the links written empty, a few thousand rows a statement. */
async function setLateLinks(trx: Transaction<Database>, late: LateLink[]): Promise<void> {
  const groups = new Map<string, LateLink[]>()
  for (const l of late) {
    const key = `${l.table.name}|${l.column}`
    let list = groups.get(key)
    if (!list) groups.set(key, (list = []))
    list.push(l)
  }
  for (const list of groups.values()) {
    const { table, column } = list[0]!
    for (let start = 0; start < list.length; start += IMPORT_BATCH) {
      const part = list.slice(start, start + IMPORT_BATCH)
      const params = part.flatMap((l) => [l.id, toSqlValue(l.value)])
      const values = part.map((_, i) => `($${2 * i + 1}::bigint, $${2 * i + 2}::bigint)`).join(', ')
      try {
        await run(trx, `update ${quote(table.name)} as t set ${quote(column)} = v.value from (values ${values}) as v(id, value) where t.id = v.id`, params)
      } catch (err) {
        throw refusal(err, table.name)
      }
    }
  }
}
