/**
 * Which schema a campaign file says it came from: the newest migration of the library that wrote
 * it, always named as SQLite's migrations name it, so a file reads the same whichever kind of
 * library wrote it or reads it.
 */
import { sql, type Kysely } from 'kysely'
import type BetterSqlite3 from 'better-sqlite3'
import type { Database } from '../../db/schema'

/**
 * PostgreSQL's migrations by the SQLite migration that leaves the same schema. PostgreSQL's first
 * migration creates at once what SQLite's 0001–0016 built; every later migration is written for
 * both with the same name (db/pg-migrations/index.ts), so a name not listed here is the same on both.
 */
const SQLITE_NAME_OF_PG: Record<string, string> = {
  '0001-initial': '0016-log-search-queue',
}

/**
 * SQLite's name for a PostgreSQL migration.
 * @example sqliteSchemaName('0001-initial') // '0016-log-search-queue'
 */
export function sqliteSchemaName(pgMigration: string): string {
  return SQLITE_NAME_OF_PG[pgMigration] ?? pgMigration
}

/** The newest migration of a SQLite library ('' when it has none). */
export function sqliteLatestSchema(sqlite: BetterSqlite3.Database): string {
  try {
    const row = sqlite.prepare('select name from kysely_migration order by name desc limit 1').get() as { name: string } | undefined
    return row?.name ?? ''
  } catch {
    return ''
  }
}

/** The newest migration of a PostgreSQL library, as SQLite names it ('' when it has none). */
export async function pgLatestSchema(db: Kysely<Database>): Promise<string> {
  // Asked first, so a library without the table does not fail (and end) the caller's transaction.
  const { rows: known } = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db)
  if (!known[0]?.t) return ''
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db)
  return rows[0] ? sqliteSchemaName(rows[0].name) : ''
}
