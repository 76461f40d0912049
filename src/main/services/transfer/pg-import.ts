/**
 * Campaign import into a PostgreSQL library: one transaction that first takes the library's writer
 * lock (so every other Lantern's change waits for it, as on SQLite), gives the rows fresh ids above
 * every id the library has used, writes them a table at a time in multi-row inserts, and moves each
 * table's id sequence past the ids it wrote. The server's foreign keys are checked as each insert
 * ends (they cannot be deferred as SQLite's are), so tables go in parents first, and a link to a
 * row not written yet (a location's parent further on) goes in empty and is set once that row is in.
 * The log's words are queued for the search index by its triggers, indexed after the commit; its
 * tally is kept by its statement-level triggers.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../core'
import { takeWriterLock } from '../core'
import { remapRow, type IdMaps } from './remap'
import type { CampaignTable } from './tables'
import { parseCampaignFile, refuse, unpack } from './format'
import { assignIds, IMPORT_BATCH, stopped, toSqlValue, uniqueName, type ImportOptions, type ImportResult } from './import-ids'
import { pgCampaignTables } from './pg-tables'

type Row = Record<string, unknown>

/** Parameters one statement may carry (the protocol counts them in 16 bits). */
const MAX_PARAMS = 65_535

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

async function run<T>(trx: Transaction<Database>, text: string, params: unknown[] = []): Promise<T[]> {
  return (await trx.executeQuery<T>(CompiledQuery.raw(text, params))).rows
}

/** Tables in an order that writes every table a foreign key points at before the table itself. */
function insertionOrder(tables: CampaignTable[]): CampaignTable[] {
  const names = new Set(tables.map((t) => t.name))
  const placed = new Set<string>()
  const left = [...tables]
  const out: CampaignTable[] = []
  while (left.length > 0) {
    let i = left.findIndex((t) => t.foreignKeys.every((f) => f.table === t.name || placed.has(f.table) || !names.has(f.table)))
    // A cycle of tables: the first goes in, its links to the others set afterwards.
    if (i === -1) i = 0
    const [t] = left.splice(i, 1)
    placed.add(t!.name)
    out.push(t!)
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

/** What writing the tables shares: the fresh ids, the links to set afterwards, what is written so far. */
interface Writing {
  trx: Transaction<Database>
  maps: IdMaps
  byTable: Map<string, CampaignTable>
  /** Each table's highest used id before the import, and after it. */
  first: Map<string, number>
  next: Map<string, number>
  /** Tables written so far. */
  placed: Set<string>
  late: LateLink[]
  /** The imported campaign's row, as it goes in (its name and "last changed"). */
  campaign: (row: Row) => void
  /** After each statement: rows written in it. */
  wrote: (rows: number) => void
}

/**
 * Writes one table's rows of the file, a multi-row insert at a time. Links that may point at rows
 * not in yet (to this same table, or to a table of a cycle) go in empty and are set afterwards.
 */
async function writeTable(w: Writing, t: CampaignTable, list: Row[]): Promise<void> {
  const selfLinks = t.hasId ? t.foreignKeys.filter((f) => f.table === t.name).map((f) => f.from) : []
  const laterLinks = t.hasId ? t.foreignKeys.filter((f) => f.table !== t.name && w.byTable.has(f.table) && !w.placed.has(f.table)).map((f) => f.from) : []
  const firstId = w.first.get(t.name) ?? 0
  const lastId = w.next.get(t.name) ?? 0
  for (let start = 0; start < list.length; ) {
    const cols = Object.keys(list[start]!)
    const key = cols.join(',')
    const size = Math.min(IMPORT_BATCH, Math.floor(MAX_PARAMS / Math.max(cols.length, 1)))
    const batch: Row[] = []
    for (let i = start; i < list.length && batch.length < size && Object.keys(list[i]!).join(',') === key; i++) {
      const row = remapRow(w.maps, w.byTable, t, list[i]!)
      if (t.name === 'campaign') w.campaign(row)
      batch.push(row)
    }
    start += batch.length
    // This statement writes ids up to its last row's; a link to a later row of the file waits for it.
    const upTo = t.hasId ? (batch[batch.length - 1]!.id as number) : 0
    for (const row of batch) {
      for (const c of selfLinks) {
        const v = row[c]
        if (typeof v !== 'number' || v <= upTo || v <= firstId || v > lastId) continue
        w.late.push({ table: t, column: c, id: row.id as number, value: v })
        row[c] = null
      }
      for (const c of laterLinks) {
        if (row[c] === null || row[c] === undefined) continue
        w.late.push({ table: t, column: c, id: row.id as number, value: row[c] })
        row[c] = null
      }
    }
    const params: unknown[] = []
    const values = batch.map((row) => `(${cols.map((c) => (params.push(toSqlValue(row[c])), `$${params.length}`)).join(', ')})`)
    try {
      await run(w.trx, `insert into ${quote(t.name)} (${cols.map(quote).join(', ')}) values ${values.join(', ')}`, params)
    } catch (err) {
      throw refusal(err, t.name)
    }
    w.wrote(batch.length)
  }
  w.placed.add(t.name)
}

/**
 * Imports a campaign file into a PostgreSQL library (see importCampaign).
 * @example await importIntoPostgres(core.handle.db, readFileSync('keep.lantern.gz'), new Date(), {})
 */
export async function importIntoPostgres(db: Kysely<Database>, data: Buffer, now: Date, options: ImportOptions): Promise<ImportResult> {
  const { onProgress, signal } = options
  const tables = await pgCampaignTables(db)
  const byTable = new Map(tables.map((t) => [t.name, t]))
  const { rows } = parseCampaignFile(await unpack(data), tables)
  if (signal?.aborted) throw stopped()
  const campaignRow = rows.find(([t]) => t === 'campaign')![1]
  const byName = new Map<string, Row[]>()
  for (const [table, row] of rows) {
    let list = byName.get(table)
    if (!list) byName.set(table, (list = []))
    list.push(row)
  }

  const write = async (trx: Transaction<Database>): Promise<{ maps: IdMaps; name: string }> => {
    await takeWriterLock(trx)
    const next = await usedIds(trx, tables)
    const first = new Map(next)
    const maps = assignIds(rows, byTable, next)
    const names = await run<{ name: string }>(trx, 'select name from campaign')
    const name = uniqueName(names.map((r) => r.name), String(campaignRow.name ?? ''))
    let done = 0
    const w: Writing = {
      trx,
      maps,
      byTable,
      first,
      next,
      placed: new Set(),
      late: [],
      campaign: (row) => {
        row.name = name
        row.updated_at = now.toISOString()
      },
      wrote: (n) => {
        done += n
        onProgress?.(done, rows.length)
        if (signal?.aborted) throw stopped()
      },
    }
    for (const t of insertionOrder(tables)) await writeTable(w, t, byName.get(t.name) ?? [])
    await setLateLinks(trx, w.late)
    // Each table's sequence moves past the ids written, so the next row made gets the next id.
    for (const t of tables) {
      if (!t.hasId || !byName.has(t.name)) continue
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
  onProgress?.(rows.length, rows.length)
  return { campaignId: result.maps.get('campaign')!.get(campaignRow.id as number)!, name: result.name, system: String(campaignRow.system), rows: rows.length }
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
