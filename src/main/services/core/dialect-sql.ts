/**
 * The few pieces of SQL that SQLite and PostgreSQL spell differently, for services that write
 * their own: each takes the Kysely instance or transaction the query runs on.
 */
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely'
import { dialectOf } from '../../db/connection'
import type { Database } from '../../db/schema'

type Db = Kysely<Database>

/** An expression to sort text by ignoring case (SQLite's NOCASE collation, PostgreSQL's lower()). */
export function noCase(db: Db, column: string): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres' ? sql`lower(${sql.ref(column)})` : sql`${sql.ref(column)} collate nocase`
}

/** `expr` matches a LIKE pattern (backslash escapes), ignoring case as SQLite's LIKE does (ILIKE on PostgreSQL). */
export function likeNoCase(db: Db, expr: Expression<unknown> | RawBuilder<unknown>, pattern: string): RawBuilder<boolean> {
  const like = dialectOf(db) === 'postgres' ? sql`ilike` : sql`like`
  return sql<boolean>`${expr} ${like} ${pattern} escape '\\'`
}

/** The strings of a JSON array column, as rows of `value` (for `exists (select 1 from … where …)`). */
export function jsonArrayValues(db: Db, column: string): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres' ? sql`jsonb_array_elements_text(${sql.ref(column)}::jsonb) as j(value)` : sql`json_each(${sql.ref(column)})`
}

/** The number at a top-level key of a JSON text column (null when absent). */
export function jsonNumber(db: Db, column: string, key: string): RawBuilder<number | null> {
  return dialectOf(db) === 'postgres'
    ? sql<number | null>`(${sql.ref(column)}::jsonb ->> ${key})::double precision`
    : sql<number | null>`json_extract(${sql.ref(column)}, ${'$.' + key})`
}

/** How many items the array at a top-level key of a JSON text column holds (0 when it holds none or no array). */
export function jsonArrayLength(db: Db, column: string, key: string): RawBuilder<number> {
  return dialectOf(db) === 'postgres'
    ? sql<number>`(case when jsonb_typeof(${sql.ref(column)}::jsonb -> ${key}) = 'array' then jsonb_array_length(${sql.ref(column)}::jsonb -> ${key}) else 0 end)`
    : sql<number>`coalesce(json_array_length(json_extract(${sql.ref(column)}, ${'$.' + key})), 0)`
}
