/**
 * The library an export reads or an import writes: the app's handle on either kind of library, or
 * a SQLite connection on its own (a test, a script, the benchmarks).
 */
import type BetterSqlite3 from 'better-sqlite3'
import type { DbHandle } from '../../db/connection'

export type TransferLibrary = BetterSqlite3.Database | Pick<DbHandle, 'dialect' | 'db' | 'sqlite'>

/**
 * The SQLite connection of a library, or null for a PostgreSQL one.
 * @example sqliteOfLibrary(core.handle) // null on PostgreSQL
 */
export function sqliteOfLibrary(library: TransferLibrary): BetterSqlite3.Database | null {
  // A handle's `sqlite` throws on PostgreSQL, so its dialect is asked first.
  if ('dialect' in library) return library.dialect === 'sqlite' ? library.sqlite : null
  return library
}

/** The Kysely instance of a library that is not a bare SQLite connection. */
export function dbOfLibrary(library: TransferLibrary): DbHandle['db'] {
  if (!('dialect' in library)) throw new Error('A bare SQLite connection has no Kysely instance here.')
  return library.db
}
