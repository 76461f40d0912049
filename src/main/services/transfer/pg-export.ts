/**
 * Campaign export from a PostgreSQL library: the same file as from SQLite (export-stream.ts), read
 * inside one `repeatable read`, read-only transaction, so every row is of one moment however long
 * the file takes while other Lanterns keep changing the library. Rows come a batch at a time, each
 * batch the next ids (or primary keys) after the last one read.
 */
import { CompiledQuery, type ControlledTransaction, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { AppError } from '../core'
import type { IdMaps } from './remap'
import type { CampaignTable } from './tables'
import { campaignExport, Renumbering, type CampaignExport, type Row } from './export-stream'
import { pgCampaignTables } from './pg-tables'
import { pgLatestSchema } from './schema-version'

/** Rows read from the server at a time. */
const READ_BATCH = 5000

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** A table's condition for the campaign, with the campaign's id as the query's first parameter. */
function campaignWhere(t: CampaignTable): string {
  return t.where.replace('?', '$1')
}

async function query<T>(trx: Kysely<Database>, text: string, params: unknown[]): Promise<T[]> {
  return (await trx.executeQuery<T>(CompiledQuery.raw(text, params))).rows
}

/**
 * A table's rows a batch at a time, ordered by its primary key, each batch those after the last
 * key read. A table without a primary key is read whole, in one batch.
 */
async function* batches(trx: Kysely<Database>, t: CampaignTable, campaignId: number): AsyncGenerator<Row[]> {
  const from = `select * from ${quote(t.name)} where (${campaignWhere(t)})`
  if (t.key.length === 0) {
    yield await query<Row>(trx, from, [campaignId])
    return
  }
  const key = t.key.map(quote).join(', ')
  let last: unknown[] | null = null
  for (;;) {
    const after: string = last ? ` and (${key}) > (${last.map((_, i) => `$${i + 2}`).join(', ')})` : ''
    const rows: Row[] = await query<Row>(trx, `${from}${after} order by ${key} limit ${READ_BATCH}`, [campaignId, ...(last ?? [])])
    if (rows.length > 0) yield rows
    if (rows.length < READ_BATCH) return
    const end: Row = rows[rows.length - 1]!
    last = t.key.map((c): unknown => end[c])
  }
}

/**
 * Opens an export of one campaign on a PostgreSQL library: the header (counts included) is read at
 * once, inside the transaction that holds the moment; `writeTo` streams the rows; `close` ends the
 * transaction (awaited, so the connection goes back to the pool).
 * @example const x = await openPgExport(core.handle.db, 3, new Date()); try { await x.writeTo(sink) } finally { await x.close() }
 */
export async function openPgExport(db: Kysely<Database>, campaignId: number, now: Date): Promise<CampaignExport> {
  const trx: ControlledTransaction<Database> = await db.startTransaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute()
  let open = true
  const close = async (): Promise<void> => {
    if (!open) return
    open = false
    // A read-only transaction: ending it either way changes nothing; a lost connection ends it too.
    await trx.rollback().execute().catch(() => {})
  }
  try {
    const [campaign] = await query<{ name: string; system: string }>(trx, 'select name, system from campaign where id = $1', [campaignId])
    if (!campaign) throw new AppError('not_found', `There is no campaign with id ${campaignId}; it may have been deleted.`)
    const tables = await pgCampaignTables(trx)
    const maps: IdMaps = new Map()
    const counts: Record<string, number> = {}
    for (const t of tables) {
      if (t.hasId) {
        const ids = await query<{ id: number }>(trx, `select id from ${quote(t.name)} where ${campaignWhere(t)} order by id`, [campaignId])
        maps.set(t.name, new Renumbering(Float64Array.from(ids, (r) => r.id)))
        counts[t.name] = ids.length
      } else {
        const [row] = await query<{ n: number }>(trx, `select count(*) as n from ${quote(t.name)} where ${campaignWhere(t)}`, [campaignId])
        counts[t.name] = Number(row?.n ?? 0)
      }
    }
    return campaignExport({
      now,
      schema: await pgLatestSchema(trx),
      campaign: { name: campaign.name, system: campaign.system },
      counts,
      tables,
      maps,
      rowsOf: (t) => batches(trx, t, campaignId),
      close,
    })
  } catch (err) {
    await close()
    throw err
  }
}
