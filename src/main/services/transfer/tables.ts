/**
 * Which tables hold a campaign, read from the library's own schema (so a table added by a later
 * migration is exported without touching this file), and how each column refers to other rows.
 */
import type BetterSqlite3 from 'better-sqlite3'

export interface ColumnRef {
  /** The table whose id this column holds. */
  table: string
}

export interface CampaignTable {
  name: string
  columns: string[]
  /** True when the table has an integer `id` primary key that is renumbered on import. */
  hasId: boolean
  /** Columns that hold another row's id, by column name. */
  refs: Map<string, ColumnRef>
  /** SQL condition (one `?` for the campaign id) that picks this campaign's rows. */
  where: string
  /** The primary key's columns, in order (what PostgreSQL's export orders and pages rows by). */
  key: string[]
  /** The foreign keys the library enforces (the ids of `refs` that must point at a row). */
  foreignKeys: PragmaFk[]
}

/**
 * Id columns the schema does not declare as foreign keys (log links kept loose so undo can run in
 * any order), by column name. `replaces_id` points into its own table.
 */
const LOOSE_ID_COLUMNS: Record<string, string> = {
  session_id: 'session',
  log_entry_id: 'log_entry',
  first_log_id: 'log_entry',
  last_log_id: 'log_entry',
  character_id: 'character',
  npc_id: 'character',
  corrects_id: 'ledger_entry',
}

/**
 * Tables a campaign file does not carry: the undo history. Its actions are taken back through ids
 * kept inside log payloads and step journals that an import cannot all renumber, so an undo after
 * an import could reach another campaign's rows; an imported campaign's undo starts afresh.
 */
export const NOT_CARRIED: ReadonlySet<string> = new Set(['action'])

/** Tables that are never exported: FTS5, its queue, the log's tally, the ledger's sums and the players' version kept by triggers, the migrator's own, SQLite's own. */
export function isInternal(name: string): boolean {
  return (
    name.startsWith('sqlite_') || name.startsWith('kysely_') || name.startsWith('search_index') ||
    name === 'search_pending' || name === 'log_tally' || name === 'ledger_sum' || name === 'players_version' || NOT_CARRIED.has(name)
  )
}

/** A column as `pragma table_info` gives it: `pk` is its place in the primary key (1…), or 0. */
export interface PragmaColumn { name: string; pk: number; notnull: number; type: string }
/** A foreign key as `pragma foreign_key_list` gives it: column `from` holds a `table`'s `to`. */
export interface PragmaFk { table: string; from: string; to: string }
/** Each table's columns and foreign keys, in the order the tables are listed. */
export type TableInfo = Map<string, { cols: PragmaColumn[]; fks: PragmaFk[] }>

/**
 * Every campaign-scoped table, parents before children where the schema allows (foreign keys are
 * deferred on import, so order only matters for speed and readability of the file).
 * @example campaignTables(core.handle.sqlite).map((t) => t.name) // ['campaign', 'setting', 'log_entry', …]
 */
export function campaignTables(sqlite: BetterSqlite3.Database): CampaignTable[] {
  const names = (
    sqlite.prepare("select name from sqlite_master where type = 'table' order by rowid").all() as { name: string }[]
  )
    .map((r) => r.name)
    .filter((n) => !isInternal(n))
  const info: TableInfo = new Map()
  for (const n of names) {
    info.set(n, {
      cols: sqlite.prepare(`pragma table_info("${n}")`).all() as PragmaColumn[],
      fks: sqlite.prepare(`pragma foreign_key_list("${n}")`).all() as PragmaFk[],
    })
  }
  return describeCampaignTables(info)
}

/**
 * The campaign's tables from a description of the library's tables (SQLite's pragmas, or the
 * same read from PostgreSQL's catalog): the campaign, the tables with a `campaign_id`, then the
 * tables that belong to a campaign through a parent row.
 */
export function describeCampaignTables(info: TableInfo): CampaignTable[] {
  const names = [...info.keys()]
  const included = new Map<string, CampaignTable>()
  const make = (name: string, where: string): CampaignTable => {
    const { cols, fks } = info.get(name)!
    const refs = new Map<string, ColumnRef>()
    const hasId = cols.some((c) => c.name === 'id' && c.pk === 1 && c.type.toLowerCase() === 'integer')
    for (const c of cols) {
      if (c.name === 'id' && hasId) continue
      const fk = fks.find((f) => f.from === c.name)
      if (fk) refs.set(c.name, { table: fk.table })
      else if (c.name === 'replaces_id') refs.set(c.name, { table: name })
      else if (c.name === 'campaign_id') refs.set(c.name, { table: 'campaign' })
      else if (LOOSE_ID_COLUMNS[c.name]) refs.set(c.name, { table: LOOSE_ID_COLUMNS[c.name]! })
    }
    const key = cols.filter((c) => c.pk > 0).sort((x, y) => x.pk - y.pk).map((c) => c.name)
    return { name, columns: cols.map((c) => c.name), hasId, refs, where, key, foreignKeys: fks }
  }
  if (!info.has('campaign')) throw new Error('This library has no campaign table.')
  included.set('campaign', make('campaign', 'id = ?'))
  for (const n of names) {
    if (n !== 'campaign' && info.get(n)!.cols.some((c) => c.name === 'campaign_id')) included.set(n, make(n, 'campaign_id = ?'))
  }
  // Tables that belong to a campaign through a parent row (attendance, inventory, encounter rows).
  for (let grew = true; grew; ) {
    grew = false
    for (const n of names) {
      if (included.has(n)) continue
      const { cols, fks } = info.get(n)!
      const fk = fks.find((f) => included.has(f.table) && cols.find((c) => c.name === f.from)?.notnull === 1)
      if (!fk) continue
      const parent = included.get(fk.table)!
      included.set(n, make(n, `"${fk.from}" in (select "${fk.to}" from "${fk.table}" where ${parent.where})`))
      grew = true
    }
  }
  return [...included.values()]
}
