/**
 * Restoring a backup. The backup is copied aside and checked whole first (a damaged backup is
 * refused, nothing changed). The library as it is is then backed up, so a restore can itself be
 * undone; a damaged library is not (its copy would be no backup) but moved aside whole to
 * `<file>.damaged-<stamp>`, never deleted. Then the library is closed, the backup put in its
 * place, reopened and migrated, and the new connection handed to every service.
 */
import BetterSqlite3 from 'better-sqlite3'
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase, type DbHandle } from '../../db/connection'
import { migrateToLatest } from '../../db/migrate'
import { AppError } from '../core'
import { checkFile, newestGoodBackupNow } from './check'
import { DamagedLibrary, takeBackup, type BackupSource } from './create'
import { backupFolder, KEPT_BACKUPS, listBackups, NAME, oneAtATime, stamp, type BackupInfo } from './names'

/** The library as the core holds it: its file, its open connection, and a way to swap that. */
export interface LibraryHost extends BackupSource {
  swap(next: DbHandle): void
}

export interface BackupContents {
  backup: BackupInfo
  /** The campaigns the backup holds. */
  campaigns: { name: string; system: string; updatedAt: string }[]
}

export interface RestoreResult {
  restored: BackupInfo
  /** The backup of the library as it was just before, to undo this restore; null when that library was damaged. */
  undo: BackupInfo | null
  /** Where the damaged library was moved, when it was. */
  damagedKeptAt: string | null
  campaigns: BackupContents['campaigns']
}

const SUFFIXES = ['', '-wal', '-shm', '-journal']

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
 * @example inspectBackup(library.dataFile, 'lantern-20250301-120000.sqlite') // { backup, campaigns: [{ name: 'The Sunken Keep', … }] }
 */
export function inspectBackup(dataFile: string, name: string): BackupContents {
  const { info, path } = requireBackup(dataFile, name)
  return { backup: info, campaigns: campaignsIn(path) }
}

/** Moves the library file (with its -wal and -shm) to `<file>.damaged-<stamp>[-n]`; returns where. */
function moveAside(file: string, now: Date): string {
  let aside = `${file}.damaged-${stamp(now)}`
  for (let n = 2; existsSync(aside); n++) aside = `${file}.damaged-${stamp(now)}-${n}`
  for (const s of SUFFIXES) if (existsSync(file + s)) renameSync(file + s, aside + s)
  return aside
}

function putInPlace(file: string, from: string): void {
  for (const s of ['-wal', '-shm', '-journal']) rmSync(file + s, { force: true })
  copyFileSync(from, file)
}

/**
 * Replaces the library with a backup. If the backup cannot be opened or migrated, the library is
 * put back as it was and the restore is refused.
 * @example await restoreBackup(library, 'lantern-20250301-120000.sqlite')
 */
export function restoreBackup(library: LibraryHost, name: string): Promise<RestoreResult> {
  return oneAtATime(library.dataFile, async () => {
    const { info, path } = requireBackup(library.dataFile, name)
    const campaigns = campaignsIn(path)
    // Copied aside first: the backup taken next may prune the very file being restored.
    const file = library.dataFile
    const staged = `${file}.restoring`
    copyFileSync(path, staged)
    try {
      const whole = await checkFile(staged, 'integrity_check')
      if (whole.verdict !== 'ok') throw new AppError('refused', `The backup ${name} is damaged itself (SQLite's check found “${whole.detail}”), so it was not restored. Nothing was changed; choose an older backup.`)
      let undo: BackupInfo | null = null
      if (!library.health?.damaged) {
        try {
          undo = await takeBackup(library)
        } catch (err) {
          if (!(err instanceof DamagedLibrary)) throw err
        }
      }
      await library.handle.close()
      const damagedKeptAt = undo === null ? moveAside(file, library.now()) : null
      try {
        putInPlace(file, staged)
        const next = openDatabase(file)
        try {
          await migrateToLatest(next)
        } catch (err) {
          await next.close()
          throw err
        }
        library.swap(next)
      } catch (err) {
        if (undo) putInPlace(file, join(backupFolder(file), undo.name))
        else for (const s of SUFFIXES) if (existsSync(damagedKeptAt! + s)) renameSync(damagedKeptAt! + s, file + s)
        const back = openDatabase(file)
        library.health?.protect(back)
        library.swap(back)
        throw new AppError('refused', `The backup ${name} could not be opened as a library (${(err as Error).message}); the library is as it was.`)
      }
      library.health?.restored()
      return { restored: info, undo, damagedKeptAt, campaigns }
    } finally {
      rmSync(staged, { force: true })
    }
  })
}

/**
 * Puts a copy of the newest good backup in a damaged library's place. The damaged file (with its
 * -wal and -shm) is moved aside to `<file>.damaged-<stamp>`, never written to, so nothing it still
 * holds is lost. Returns the backup used and where the damaged file now is; null when there is no
 * backup SQLite finds whole.
 * @example useNewestBackup('/libs/lantern.sqlite', new Date()) // { backup: { name: 'lantern-20250301-120000.sqlite', … }, damagedKeptAt: '/libs/lantern.sqlite.damaged-20250302-090000' }
 */
export function useNewestBackup(dataFile: string, now: Date): { backup: BackupInfo; damagedKeptAt: string } | null {
  const newest = newestGoodBackupNow(dataFile)
  if (!newest) return null
  const damagedKeptAt = moveAside(dataFile, now)
  copyFileSync(join(backupFolder(dataFile), newest.name), dataFile)
  return { backup: newest, damagedKeptAt }
}

/** The sentence that offers the newest good backup for a library that could not be opened. */
export function newestBackupOffer(dataFile: string): string {
  const all = listBackups(dataFile)
  const newest = newestGoodBackupNow(dataFile)
  if (!newest) return all.length === 0 ? `There is no backup of it in ${backupFolder(dataFile)}.` : `Its ${all.length} backups in ${backupFolder(dataFile)} are damaged too.`
  const newer = all.findIndex((b) => b.name === newest.name)
  const which = newer === 0 ? 'The newest backup is' : `The newest backup SQLite finds whole (the ${newer} newer ${newer === 1 ? 'one is' : 'ones are'} damaged) is`
  return `${which} ${newest.name}, taken ${newest.takenAt}: start Lantern with --open-backup to put a copy of it in the library's place (the damaged file is kept beside it, renamed, never overwritten).`
}
