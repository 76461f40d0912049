/**
 * Taking a backup: SQLite's online backup API copies the library to a temporary name in
 * `backups/`, SQLite's integrity check proves the copy whole, and only then is it given its own
 * name (never one already taken) and the oldest beyond seven deleted. A copy that fails the check
 * is deleted, never kept: it would push a good backup out. One library's backups are taken one
 * at a time (`oneAtATime`), so calls made together each get their own backup.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { DbHandle } from '../../db/connection'
import { copyLibrary } from '../../db/migrate'
import { AppError } from '../core'
import { checkFile, newestGoodBackup, rememberGood } from './check'
import { backupFolder, KEPT_BACKUPS, listBackups, NAME, oneAtATime, order, stamp, type BackupInfo } from './names'
import type { LibraryHealth } from './health'
import { goodBackupOffer } from './words'

/** An automatic backup is taken on start when the newest is older than this. */
export const AUTO_BACKUP_AGE_MS = 24 * 60 * 60 * 1000

/** What a backup needs of the library: its file, its open connection, the time, and who hears of damage. */
export interface BackupSource {
  dataFile: string
  readonly handle: DbHandle
  now(): Date
  health?: LibraryHealth
}

/** The library itself is damaged: its copy failed SQLite's check, so no backup was kept. */
export class DamagedLibrary extends AppError {
  constructor(message: string) {
    super('refused', message)
  }
}

const PARTIAL = /^\.lantern-partial-.*\.sqlite(-journal|-wal|-shm)?$/
const removeFile = (path: string) => {
  for (const s of ['', '-wal', '-shm', '-journal']) rmSync(path + s, { force: true })
}

/**
 * Gives the checked copy at `temp` the next free name of its second: linked there, which fails
 * rather than replace a file of that name, then unlinked from its temporary name. Where the disk
 * has no hard links (FAT, exFAT) it is renamed, which is safe here because one library's backups
 * are taken one at a time.
 */
function putUnderNewName(temp: string, dir: string, now: Date): string {
  const base = `lantern-${stamp(now)}`
  // Numbered on from the highest kept (-2, -3 …, -10), never reusing the number of one already
  // pruned, so the newest always sorts first.
  const sameSecond = readdirSync(dir).filter((f) => NAME.test(f) && (f === `${base}.sqlite` || f.startsWith(`${base}-`)))
  for (let next = sameSecond.length === 0 ? 1 : Math.max(...sameSecond.map(order)) + 1; ; next++) {
    const name = next === 1 ? `${base}.sqlite` : `${base}-${next}.sqlite`
    const dest = join(dir, name)
    try {
      linkSync(temp, dest)
      rmSync(temp)
      return name
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'EEXIST') continue
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err
      if (existsSync(dest)) continue
      renameSync(temp, dest)
      return name
    }
  }
}

/**
 * Takes a backup now; the caller holds the library's turn (`oneAtATime`).
 * @example await oneAtATime(file, () => takeBackup(library))
 */
export async function takeBackup(library: BackupSource): Promise<BackupInfo> {
  if (library.dataFile === ':memory:') throw new AppError('refused', 'This library lives only in memory; there is no file to back up.')
  const dir = backupFolder(library.dataFile)
  mkdirSync(dir, { recursive: true })
  // Left by a Lantern stopped mid-copy: never a backup, and no copy is under way now.
  for (const f of readdirSync(dir)) if (PARTIAL.test(f)) rmSync(join(dir, f), { force: true })
  const temp = join(dir, `.lantern-partial-${process.pid}.sqlite`)
  try {
    await copyLibrary(library.handle, temp)
  } catch (err) {
    removeFile(temp)
    throw new AppError('internal', `Lantern could not back up the library to ${dir} (${(err as Error).message}). No backup was taken; the backups already there are as they were.`)
  }
  const check = await checkFile(temp, 'integrity_check')
  if (check.verdict !== 'ok') {
    removeFile(temp)
    if (check.verdict === 'unknown') {
      throw new AppError('internal', `Lantern could not check the backup it had just copied (${check.detail}), so it did not keep it. The backups already there are as they were.`)
    }
    library.health?.found(check)
    const offer = goodBackupOffer(await newestGoodBackup(library.dataFile), dir)
    throw new DamagedLibrary(
      `Lantern did not take this backup: your library file is damaged (SQLite's check of the copy found “${check.detail}”), and a copy of a damaged library is no backup. The backups already there were kept as they were. ${offer}`,
    )
  }
  const name = putUnderNewName(temp, dir, library.now())
  rememberGood(join(dir, name))
  library.health?.found(check)
  pruneBackups(library.dataFile, name)
  return listBackups(library.dataFile).find((b) => b.name === name)!
}

/**
 * Takes a backup now, after any other backup, restore or check of the same library, and keeps
 * only the newest seven.
 * @example const b = await createBackup(library) // { name: 'lantern-20250301-120000.sqlite', … }
 */
export function createBackup(library: BackupSource): Promise<BackupInfo> {
  return oneAtATime(library.dataFile, () => takeBackup(library))
}

/**
 * Deletes all but the newest `KEPT_BACKUPS` backups; `taken`, the one just made, is kept whatever
 * its name says (a clock set back makes a new backup look older than the others). Pruning follows
 * only a backup that passed its check, so the newest good backup is always among those kept.
 */
export function pruneBackups(dataFile: string, taken?: string): void {
  const dir = backupFolder(dataFile)
  const all = listBackups(dataFile)
  const kept = taken === undefined ? all : [...all.filter((b) => b.name === taken), ...all.filter((b) => b.name !== taken)]
  for (const old of kept.slice(KEPT_BACKUPS)) removeFile(join(dir, old.name))
}

/**
 * Takes a backup when the newest is older than a day (or there is none); null when none was due.
 * @example await backupIfDue(library) // on start
 */
export function backupIfDue(library: BackupSource): Promise<BackupInfo | null> {
  if (library.dataFile === ':memory:') return Promise.resolve(null)
  return oneAtATime(library.dataFile, async () => {
    // A library with no campaign yet (a first start) has nothing to protect.
    const { n } = library.handle.sqlite.prepare('select count(*) as n from campaign').get() as { n: number }
    if (n === 0) return null
    const newest = listBackups(library.dataFile)[0]
    if (newest && library.now().getTime() - Date.parse(newest.takenAt) < AUTO_BACKUP_AGE_MS) return null
    return takeBackup(library)
  })
}
