/** Opens a campaign library: one SQLite file, through better-sqlite3 and Kysely. */
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Database } from './schema'
import { openFailure, requireWritable } from './library-file'

export interface DbHandle {
  /** The file's path, or ':memory:'. */
  file: string
  sqlite: BetterSqlite3.Database
  db: Kysely<Database>
  close(): Promise<void>
}

/**
 * Opens (creating if needed) the library file with the pragmas the app relies on: WAL so reads
 * never wait on a write, foreign keys enforced, and `synchronous = FULL` so a logged change
 * survives a power cut (ARCHITECTURE.md, Data).
 * @example const h = openDatabase('/tmp/lantern.sqlite'); await migrateToLatest(h); await h.close()
 */
export function openDatabase(file: string): DbHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true })
  requireWritable(file)
  let sqlite: BetterSqlite3.Database
  try {
    sqlite = new BetterSqlite3(file)
  } catch (err) {
    throw openFailure(file, err)
  }
  try {
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('synchronous = FULL')
    sqlite.pragma('busy_timeout = 5000')
    // A file that is not SQLite fails here with SQLITE_NOTADB rather than later, mid-change.
    sqlite.prepare('select count(*) from sqlite_master').get()
  } catch (err) {
    sqlite.close()
    throw openFailure(file, err)
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return {
    file,
    sqlite,
    db,
    async close() {
      await db.destroy() // closes the better-sqlite3 handle too
    },
  }
}
