/**
 * SQL straight against a test's library, the same on SQLite and PostgreSQL: what a test reads to
 * prove what a call wrote (or did not), and rows it plants that no API call makes. Placeholders
 * are `?` on both (numbered for PostgreSQL here). Everything is async, as a server's queries are.
 * @example expect(await value(core, 'select count(*) from log_entry where campaign_id = ?', id)).toBe(3)
 */
import { CompiledQuery, type Kysely } from 'kysely'
import { inject } from 'vitest'
import type { Core } from '../../src/main/app'
import { dialectOf } from '../../src/main/db/connection'
import type { Database } from '../../src/main/db/schema'

/** Whether this run's libraries are on PostgreSQL (`LANTERN_TEST_DATABASE=postgres`). */
export const onPostgres = (): boolean => inject('postgres') != null

type Target = Core | Kysely<Database>
const dbOf = (t: Target): Kysely<Database> => ('deps' in t ? t.deps.db : t)

/** `?` → `$1`, `$2`, … outside quoted text, for PostgreSQL. */
function numbered(text: string): string {
  let n = 0
  let out = ''
  let quote: string | null = null
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null
    } else if (ch === "'" || ch === '"') quote = ch
    else if (ch === '?') {
      out += `$${++n}`
      continue
    }
    out += ch
  }
  return out
}

function compiled(db: Kysely<Database>, text: string, params: unknown[]): CompiledQuery {
  return CompiledQuery.raw(dialectOf(db) === 'postgres' ? numbered(text) : text, params)
}

/** Every row the query returns. */
export async function all<T = Record<string, unknown>>(t: Target, text: string, ...params: unknown[]): Promise<T[]> {
  const db = dbOf(t)
  return (await db.executeQuery<T>(compiled(db, text, params))).rows
}

/** The first row, or undefined. */
export async function one<T = Record<string, unknown>>(t: Target, text: string, ...params: unknown[]): Promise<T | undefined> {
  return (await all<T>(t, text, ...params))[0]
}

/** The first column of the first row (a count, an id), or undefined when there is no row. */
export async function value<T = number>(t: Target, text: string, ...params: unknown[]): Promise<T | undefined> {
  const row = await one<Record<string, unknown>>(t, text, ...params)
  return row === undefined ? undefined : (Object.values(row)[0] as T)
}

/** The first column of every row. */
export async function column<T = number>(t: Target, text: string, ...params: unknown[]): Promise<T[]> {
  return (await all<Record<string, unknown>>(t, text, ...params)).map((r) => Object.values(r)[0] as T)
}

/** Runs a statement that returns nothing of interest; how many rows it changed. */
export async function run(t: Target, text: string, ...params: unknown[]): Promise<number> {
  const db = dbOf(t)
  const r = await db.executeQuery(compiled(db, text, params))
  return Number(r.numAffectedRows ?? 0)
}

/**
 * Inserts one row and returns its new id (`returning id` on both: SQLite has it since 3.35).
 * @example const npc = await insert(core, 'character', { campaign_id: 1, kind: 'npc', name: 'Mira', created_at: 't', updated_at: 't' })
 */
export async function insert(t: Target, table: string, row: Record<string, unknown>): Promise<number> {
  const cols = Object.keys(row)
  const text = `insert into "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map(() => '?').join(', ')}) returning id`
  return Number(await value(t, text, ...Object.values(row)))
}
