/**
 * Library backups: whole copies of the library file taken with SQLite's online backup API, kept in
 * `<library folder>/backups/lantern-YYYYMMDD-HHMMSS.sqlite` (UTC), the newest seven kept. One is
 * taken on start when the newest is older than a day, and whenever the GM asks. Restoring one
 * first backs up the library as it is (so a restore can itself be undone), then closes the
 * library, puts the backup in its place, reopens and migrates it, and hands the new connection to
 * every service.
 */
import BetterSqlite3 from 'better-sqlite3'
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { openDatabase, type DbHandle } from '../../db/connection'
import { copyLibrary, migrateToLatest } from '../../db/migrate'
import { AppError } from '../core'

/** How many backups are kept; older ones are deleted after each new one. */
export const KEPT_BACKUPS = 7
/** An automatic backup is taken on start when the newest is older than this. */
export const AUTO_BACKUP_AGE_MS = 24 * 60 * 60 * 1000

const NAME = /^lantern-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d+))?\.sqlite$/

/** The library as the core holds it: its file, its open connection, and a way to swap that. */
export interface LibraryHost {
  dataFile: string
  readonly handle: DbHandle
  swap(next: DbHandle): void
  now(): Date
}

export interface BackupInfo {
  /** The file name, which is also its id in the API. */
  name: string
  /** When it was taken (ISO, from the name). */
  takenAt: string
  bytes: number
}

export interface BackupContents {
  backup: BackupInfo
  /** The campaigns the backup holds. */
  campaigns: { name: string; system: string; updatedAt: string }[]
}

/** @example backupFolder('/home/gm/.lantern/lantern.sqlite') // '/home/gm/.lantern/backups' */
export function backupFolder(dataFile: string): string {
  return join(dirname(dataFile), 'backups')
}

/** The n of a second backup taken in the same second (`-2`), 1 for the first. */
function order(name: string): number {
  return Number(NAME.exec(name)?.[7] ?? 1)
}

function takenAt(name: string): Date | null {
  const m = NAME.exec(name)
  if (!m) return null
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!))
}

/**
 * The library's backups, newest first.
 * @example listBackups('/libs/lantern.sqlite') // [{ name: 'lantern-20250301-120000.sqlite', takenAt: '2025-03-01T12:00:00.000Z', bytes: 81920 }]
 */
export function listBackups(dataFile: string): BackupInfo[] {
  const dir = backupFolder(dataFile)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => NAME.test(f))
    .map((name) => ({ name, takenAt: takenAt(name)!.toISOString(), bytes: statSync(join(dir, name)).size }))
    .sort((a, b) => b.takenAt.localeCompare(a.takenAt) || order(b.name) - order(a.name))
}

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`
}

/**
 * Takes a backup now and keeps only the newest seven.
 * @example const b = await createBackup(library) // { name: 'lantern-20250301-120000.sqlite', … }
 */
export async function createBackup(library: Pick<LibraryHost, 'dataFile' | 'handle' | 'now'>): Promise<BackupInfo> {
  if (library.dataFile === ':memory:') throw new AppError('refused', 'This library lives only in memory; there is no file to back up.')
  const dir = backupFolder(library.dataFile)
  mkdirSync(dir, { recursive: true })
  // Backups taken in the same second are numbered on from the highest kept (-2, -3 …, -10), never
  // reusing the number of one already pruned, so the newest always sorts first.
  const base = `lantern-${stamp(library.now())}`
  const sameSecond = readdirSync(dir).filter((f) => NAME.test(f) && (f === `${base}.sqlite` || f.startsWith(`${base}-`)))
  const next = sameSecond.length === 0 ? 1 : Math.max(...sameSecond.map(order)) + 1
  const name = next === 1 ? `${base}.sqlite` : `${base}-${next}.sqlite`
  const dest = join(dir, name)
  try {
    await copyLibrary(library.handle, dest)
  } catch (err) {
    for (const s of ['', '-wal', '-shm', '-journal']) rmSync(dest + s, { force: true })
    throw new AppError('internal', `Lantern could not back up the library to ${dir}: ${(err as Error).message}`)
  }
  pruneBackups(library.dataFile, name)
  return listBackups(library.dataFile).find((b) => b.name === name)!
}

/**
 * Deletes all but the newest `KEPT_BACKUPS` backups; `taken`, the one just made, is kept whatever
 * its name says (a clock set back makes a new backup look older than the others).
 */
export function pruneBackups(dataFile: string, taken?: string): void {
  const dir = backupFolder(dataFile)
  const all = listBackups(dataFile)
  const kept = taken === undefined ? all : [...all.filter((b) => b.name === taken), ...all.filter((b) => b.name !== taken)]
  for (const old of kept.slice(KEPT_BACKUPS)) {
    for (const s of ['', '-wal', '-shm', '-journal']) rmSync(join(dir, old.name) + s, { force: true })
  }
}

/**
 * Takes a backup when the newest is older than a day (or there is none); null when none was due.
 * @example await backupIfDue(library) // on start
 */
export async function backupIfDue(library: Pick<LibraryHost, 'dataFile' | 'handle' | 'now'>): Promise<BackupInfo | null> {
  if (library.dataFile === ':memory:') return null
  // A library with no campaign yet (a first start) has nothing to protect.
  const { n } = library.handle.sqlite.prepare('select count(*) as n from campaign').get() as { n: number }
  if (n === 0) return null
  const newest = listBackups(library.dataFile)[0]
  if (newest && library.now().getTime() - Date.parse(newest.takenAt) < AUTO_BACKUP_AGE_MS) return null
  return createBackup(library)
}

function requireBackup(dataFile: string, name: string): { info: BackupInfo; path: string } {
  const info = NAME.test(name) ? listBackups(dataFile).find((b) => b.name === name) : undefined
  if (!info) throw new AppError('not_found', `There is no backup named "${name}"; it may have been deleted as older than the newest ${KEPT_BACKUPS}.`, [{ field: 'name', problem: 'no backup has this name' }])
  return { info, path: join(backupFolder(dataFile), name) }
}

function campaignsIn(file: string): BackupContents['campaigns'] {
  let db: BetterSqlite3.Database | null = null
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true })
    return db.prepare('select name, system, updated_at as updatedAt from campaign order by updated_at desc, id desc').all() as BackupContents['campaigns']
  } catch (err) {
    throw new AppError('refused', `The backup ${file} cannot be read as a Lantern library (${(err as Error).message}); it was not restored.`)
  } finally {
    db?.close()
  }
}

/**
 * What a backup holds, for the confirmation before restoring it.
 * @example await inspectBackup(library.dataFile, 'lantern-20250301-120000.sqlite') // { backup, campaigns: [{ name: 'The Sunken Keep', … }] }
 */
export function inspectBackup(dataFile: string, name: string): BackupContents {
  const { info, path } = requireBackup(dataFile, name)
  return { backup: info, campaigns: campaignsIn(path) }
}

export interface RestoreResult {
  restored: BackupInfo
  /** The backup of the library as it was just before, to undo this restore. */
  undo: BackupInfo
  campaigns: BackupContents['campaigns']
}

/**
 * Replaces the library with a backup. The library as it was is backed up first; if the backup
 * cannot be opened or migrated, the library is put back as it was and the restore is refused.
 * @example await restoreBackup(library, 'lantern-20250301-120000.sqlite')
 */
export async function restoreBackup(library: LibraryHost, name: string): Promise<RestoreResult> {
  const { info, path } = requireBackup(library.dataFile, name)
  const campaigns = campaignsIn(path)
  // Copy it aside first: the backup taken next may prune the very file being restored.
  const staged = `${library.dataFile}.restoring`
  copyFileSync(path, staged)
  const undo = await createBackup(library)
  const file = library.dataFile
  const undoPath = join(backupFolder(file), undo.name)
  await library.handle.close()
  const putInPlace = (from: string) => {
    for (const s of ['-wal', '-shm', '-journal']) rmSync(file + s, { force: true })
    copyFileSync(from, file)
  }
  try {
    putInPlace(staged)
    const next = openDatabase(file)
    try {
      await migrateToLatest(next)
    } catch (err) {
      await next.close()
      throw err
    }
    library.swap(next)
  } catch (err) {
    putInPlace(undoPath)
    library.swap(openDatabase(file))
    throw new AppError('refused', `The backup ${name} could not be opened as a library (${(err as Error).message}); the library is as it was.`)
  } finally {
    rmSync(staged, { force: true })
  }
  return { restored: info, undo, campaigns }
}

/**
 * Puts a copy of the newest backup in a damaged library's place. The damaged file (with its -wal
 * and -shm) is moved aside to `<file>.damaged-<stamp>`, never written to, so nothing it still holds
 * is lost. Returns the backup used and where the damaged file now is; null when there is no backup.
 * @example useNewestBackup('/libs/lantern.sqlite', new Date()) // { backup: { name: 'lantern-20250301-120000.sqlite', … }, damagedKeptAt: '/libs/lantern.sqlite.damaged-20250302-090000' }
 */
export function useNewestBackup(dataFile: string, now: Date): { backup: BackupInfo; damagedKeptAt: string } | null {
  const newest = listBackups(dataFile)[0]
  if (!newest) return null
  const damagedKeptAt = `${dataFile}.damaged-${stamp(now)}`
  for (const s of ['', '-wal', '-shm', '-journal']) if (existsSync(dataFile + s)) renameSync(dataFile + s, damagedKeptAt + s)
  copyFileSync(join(backupFolder(dataFile), newest.name), dataFile)
  return { backup: newest, damagedKeptAt }
}

/** The sentence that offers the newest backup for a library that could not be opened. */
export function newestBackupOffer(dataFile: string): string {
  const newest = listBackups(dataFile)[0]
  if (!newest) return `There is no backup of it in ${backupFolder(dataFile)}.`
  return `The newest backup is ${newest.name}, taken ${newest.takenAt}: start Lantern with --open-backup to put a copy of it in the library's place (the damaged file is kept beside it, renamed, never overwritten).`
}
