/**
 * A PostgreSQL library's tables as the transfer sees them: the same description SQLite's pragmas
 * give (columns with their place in the primary key, foreign keys), read from the server's catalog,
 * so the campaign's tables are found by the same rules on both (tables.ts).
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { describeCampaignTables, isInternal, type CampaignTable, type TableInfo } from './tables'

interface CatalogColumn {
  table: string
  name: string
  notnull: boolean
  type: string
  pk: number | null
}

interface CatalogFk {
  table: string
  from: string
  ref: string
  to: string
}

/** The schema's own tables: those the search path finds, the server's catalogs left out. */
const OWN_TABLES = sql`c.relkind in ('r', 'p') and pg_table_is_visible(c.oid)
  and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`

/**
 * Every campaign-scoped table of a PostgreSQL library, in the order the tables were created (a
 * table's foreign keys name tables made before it).
 * @example await pgCampaignTables(core.handle.db) // [{ name: 'campaign', … }, { name: 'setting', … }, …]
 */
export async function pgCampaignTables(db: Kysely<Database>): Promise<CampaignTable[]> {
  const columns = await sql<CatalogColumn>`
    select c.relname as "table", a.attname as name, a.attnotnull as notnull,
      format_type(a.atttypid, a.atttypmod) as type,
      (select k.n from pg_index i, unnest(i.indkey::int2[]) with ordinality k(attnum, n)
        where i.indrelid = c.oid and i.indisprimary and k.attnum = a.attnum) as pk
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where ${OWN_TABLES}
    order by c.oid, a.attnum`.execute(db)
  const fks = await sql<CatalogFk>`
    select c.relname as "table", af.attname as "from", r.relname as ref, at.attname as "to"
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_class r on r.oid = k.confrelid
    join pg_attribute af on af.attrelid = k.conrelid and af.attnum = k.conkey[1]
    join pg_attribute at on at.attrelid = k.confrelid and at.attnum = k.confkey[1]
    where k.contype = 'f' and ${OWN_TABLES}
    order by k.oid`.execute(db)
  const info: TableInfo = new Map()
  for (const c of columns.rows) {
    if (isInternal(c.table)) continue
    let t = info.get(c.table)
    if (!t) info.set(c.table, (t = { cols: [], fks: [] }))
    t.cols.push({ name: c.name, pk: Number(c.pk ?? 0), notnull: c.notnull ? 1 : 0, type: c.type })
  }
  for (const f of fks.rows) info.get(f.table)?.fks.push({ table: f.ref, from: f.from, to: f.to })
  return describeCampaignTables(info)
}
