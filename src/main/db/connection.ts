/** Opens a campaign library: one SQLite file, through better-sqlite3 and Kysely. */
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresAdapter, SqliteDialect } from 'kysely'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Database } from './schema'
import { openFailure, requireWritable } from './library-file'

/** The better-sqlite3 handle under each Kysely instance this module opened (for batched writes). */
const handles = new WeakMap<object, BetterSqlite3.Database>()

/**
 * The better-sqlite3 connection a Kysely instance runs on, or null for one opened elsewhere.
 * Kysely's SQLite driver holds one connection, so inside a transaction its statements run in
 * that transaction.
 * @example sqliteOf(deps.db)?.prepare('insert into log_entry …')
 */
export function sqliteOf(db: object): BetterSqlite3.Database | null {
  return handles.get(db) ?? null
}

/** How many prepared statements a connection keeps for reuse (Kysely prepares every query it runs). */
const STATEMENT_CACHE = 400

/**
 * The connection as Kysely's SQLite dialect sees it, with each query's prepared statement kept
 * and reused (least recently used dropped first), so a query run again is not parsed and planned
 * again. SQLite re-prepares a kept statement by itself when the schema changes.
 */
function reusingStatements(sqlite: BetterSqlite3.Database): { prepare: (sql: string) => BetterSqlite3.Statement; close: () => void } {
  const kept = new Map<string, BetterSqlite3.Statement>()
  return {
    prepare(sql: string) {
      let stmt = kept.get(sql)
      if (stmt) {
        kept.delete(sql)
      } else {
        stmt = sqlite.prepare(sql)
        if (kept.size >= STATEMENT_CACHE) kept.delete(kept.keys().next().value!)
      }
      kept.set(sql, stmt)
      return stmt
    },
    close() {
      kept.clear()
      sqlite.close()
    },
  }
}

/**
 * Frames in the write-ahead log past which SQLite checkpoints in the commit that wrote them: ten times
 * the background checkpoint's threshold, a bound on the log (40 MiB of 4 KiB pages) should the
 * background never have a turn.
 */
export const WAL_AUTOCHECKPOINT_BACKSTOP = 10_000

export type Dialect = 'sqlite' | 'postgres'

export interface DbHandle {
  /** The file's path, or ':memory:'; for PostgreSQL the connection string without its password. */
  file: string
  dialect: Dialect
  /** The SQLite connection (a SQLite library only: on PostgreSQL, reading it throws). */
  sqlite: BetterSqlite3.Database
  db: Kysely<Database>
  close(): Promise<void>
}

/**
 * Which database a Kysely instance or one of its transactions runs on, from its dialect's adapter.
 * @example if (dialectOf(tx.trx) === 'postgres') …
 */
export function dialectOf(db: Kysely<Database>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
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
    // The write-ahead log is copied into the file after a change, in the background
    // (services/core/wal-checkpoint.ts); SQLite's own checkpoint in a change's commit only past this.
    sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_BACKSTOP}`)
    // A file that is not SQLite fails here with SQLITE_NOTADB rather than later, mid-change.
    sqlite.prepare('select count(*) from sqlite_master').get()
  } catch (err) {
    sqlite.close()
    throw openFailure(file, err)
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) })
  handles.set(db, sqlite)
  return {
    file,
    dialect: 'sqlite',
    sqlite,
    db,
    async close() {
      await db.destroy() // closes the better-sqlite3 handle too
    },
  }
}
