/** Runs pending migrations, taking an online backup of an existing file first. */
import BetterSqlite3 from 'better-sqlite3'
import { Migrator, type MigrationProvider } from 'kysely/migration'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { DbHandle } from './connection'
import { LibraryOpenError } from './library-file'
import { sql } from 'kysely'
import { migrationProvider } from './migrations'
import { pgMigrationProvider } from './pg-migrations'

/** How many pre-migration backups are kept beside the library file. */
export const KEPT_MIGRATION_BACKUPS = 3

export interface MigrationReport {
  applied: string[]
  /** Path of the backup taken before migrating, when the file already held data. */
  backup: string | null
}

function existingBackups(file: string): { path: string; n: number }[] {
  const dir = dirname(file)
  const prefix = `${basename(file)}.bak-`
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.startsWith(prefix) && /^\d+$/.test(f.slice(prefix.length)))
    .map((f) => ({ path: join(dir, f), n: Number(f.slice(prefix.length)) }))
    .sort((a, b) => a.n - b.n)
}

/**
 * Copies the open library to `dest` with SQLite's online backup API (a consistent copy while the
 * app keeps working) and turns the copy into one self-contained file a GM can copy anywhere.
 * @example await copyLibrary(handle, '/libs/backups/lantern-20250301-120000.sqlite')
 */
export async function copyLibrary(handle: Pick<DbHandle, 'sqlite'>, dest: string): Promise<void> {
  await handle.sqlite.backup(dest)
  // The copy inherits WAL mode; turn it back into one self-contained file.
  const copy = new BetterSqlite3(dest)
  copy.pragma('journal_mode = DELETE')
  copy.close()
}

/**
 * Copies the library with SQLite's online backup API to `<file>.bak-<n>` (n one more than the
 * newest backup) and keeps only the newest `KEPT_MIGRATION_BACKUPS`.
 */
export async function backupBeforeMigration(handle: DbHandle): Promise<string> {
  const backups = existingBackups(handle.file)
  const n = (backups.at(-1)?.n ?? 0) + 1
  const dest = `${handle.file}.bak-${n}`
  await copyLibrary(handle, dest)
  const all = existingBackups(handle.file)
  for (const old of all.slice(0, Math.max(0, all.length - KEPT_MIGRATION_BACKUPS))) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(old.path + suffix, { force: true })
  }
  return dest
}

/**
 * A library written by a newer Lantern holds format changes this one does not know: opening it
 * could misread or damage them, so it is refused before anything is written.
 */
async function refuseNewerLibrary(handle: DbHandle, provider: MigrationProvider): Promise<void> {
  if (!(await userTables(handle)).includes('kysely_migration')) return
  const known = new Set(Object.keys(await provider.getMigrations()))
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db)
  const unknown = rows.map((r) => r.name).filter((n) => !known.has(n))
  if (unknown.length > 0) {
    throw new LibraryOpenError(
      'newer',
      handle.file,
      `The library ${handle.file} was written by a newer Lantern: it has format changes this version does not know (${unknown.join(', ')}). Update Lantern to open it; the file was left as it is.`,
    )
  }
}

/**
 * A damaged library's format is never changed: the migration would write into pages that can no
 * longer be trusted, and spread the damage. SQLite's quick check finds it first.
 */
function refuseDamagedLibrary(handle: DbHandle): void {
  let finding: string
  try {
    finding = String(handle.sqlite.pragma('quick_check(1)', { simple: true }))
  } catch (err) {
    finding = (err as Error).message
  }
  if (finding === 'ok') return
  throw new LibraryOpenError(
    'damaged',
    handle.file,
    `Lantern did not update the format of ${handle.file}: SQLite finds it damaged (“${finding}”), and changing a damaged file could spread the damage. It has been left exactly as it is.`,
  )
}

/** The library's own tables (SQLite's internal ones left out). */
async function userTables(handle: DbHandle): Promise<string[]> {
  const { rows } =
    handle.dialect === 'postgres'
      ? await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(handle.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(handle.db)
  return rows.map((r) => r.name)
}

/**
 * Brings the library to the latest schema. A file that already holds tables is backed up first,
 * so a migration that fails (or a bug in one) never costs the GM their campaign.
 * `provider` is the app's static registry; tests pass a longer one to play a future migration.
 * @example const report = await migrateToLatest(openDatabase(file)) // { applied: ['0001-initial'], backup: null }
 */
export async function migrateToLatest(
  handle: DbHandle,
  provider: MigrationProvider = handle.dialect === 'postgres' ? pgMigrationProvider : migrationProvider,
): Promise<MigrationReport> {
  await refuseNewerLibrary(handle, provider)
  const migrator = new Migrator({ db: handle.db, provider })
  const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt)
  if (pending.length === 0) return { applied: [], backup: null }

  // A PostgreSQL server is backed up with its own tools (pg_dump, replication), not by Lantern.
  const holdsData = handle.dialect === 'sqlite' && handle.file !== ':memory:' && (await userTables(handle)).length > 0
  if (holdsData) refuseDamagedLibrary(handle)
  const backup = holdsData ? await backupBeforeMigration(handle) : null
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'a migration'
    const where = backup ? ` The library was backed up first to ${backup}.` : ''
    throw new Error(`Lantern could not update the library's format (${failed} failed: ${(error as Error).message}).${where}`)
  }
  return { applied: (results ?? []).map((r) => r.migrationName), backup }
}
