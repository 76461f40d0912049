/**
 * Where a library's backups live and what they are called: `<library folder>/backups/
 * lantern-YYYYMMDD-HHMMSS[-n].sqlite` (UTC; `<name>-backups/` for a library not named
 * `lantern.sqlite`), newest first; and the one-at-a-time queue every
 * backup, restore and check of one library goes through.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { LIBRARY_FILE_NAME } from '../../paths'

/** How many backups are kept; older ones are deleted after each new one. */
export const KEPT_BACKUPS = 7

export const NAME = /^lantern-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d+))?\.sqlite$/

export interface BackupInfo {
  /** The file name, which is also its id in the API. */
  name: string
  /** When it was taken (ISO, from the name). */
  takenAt: string
  bytes: number
}

/**
 * A library's own backup folder beside it: `backups` for `lantern.sqlite` (where its backups have
 * always been), `<name>-backups` for a library of another name, so two libraries kept in one
 * folder never list, prune, restore or count as due each other's backups.
 * @example backupFolder('/home/gm/.lantern/lantern.sqlite') // '/home/gm/.lantern/backups'
 * @example backupFolder('/home/gm/campaigns/keep.sqlite') // '/home/gm/campaigns/keep-backups'
 */
export function backupFolder(dataFile: string): string {
  const file = basename(dataFile)
  if (file.toLowerCase() === LIBRARY_FILE_NAME) return join(dirname(dataFile), 'backups')
  return join(dirname(dataFile), `${file.replace(/\.(sqlite3?|db)$/i, '')}-backups`)
}

/** The n of a second backup taken in the same second (`-2`), 1 for the first. */
export function order(name: string): number {
  return Number(NAME.exec(name)?.[7] ?? 1)
}

function takenAt(name: string): Date {
  const m = NAME.exec(name)!
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!))
}

/**
 * The library's backups, newest first. A copy still being made or checked has another name
 * (`.lantern-….partial`) and is never listed.
 * @example listBackups('/libs/lantern.sqlite') // [{ name: 'lantern-20250301-120000.sqlite', takenAt: '2025-03-01T12:00:00.000Z', bytes: 81920 }]
 */
export function listBackups(dataFile: string): BackupInfo[] {
  const dir = backupFolder(dataFile)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => NAME.test(f))
    .flatMap((name) => {
      try {
        return [{ name, takenAt: takenAt(name).toISOString(), bytes: statSync(join(dir, name)).size }]
      } catch {
        return [] // deleted between the listing and its size
      }
    })
    .sort((a, b) => b.takenAt.localeCompare(a.takenAt) || order(b.name) - order(a.name))
}

/** @example stamp(new Date('2025-03-01T12:00:00Z')) // '20250301-120000' */
export function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`
}

const queues = new Map<string, Promise<void>>()

/**
 * Runs `job` after every job queued before it for the same library file has finished, so two
 * backups never choose one name, a restore never replaces the file under a backup or a check, and
 * a check never reads a file half put in place.
 * @example await oneAtATime(library.dataFile, () => takeBackup(library))
 */
export function oneAtATime<T>(dataFile: string, job: () => Promise<T>): Promise<T> {
  const key = resolve(dataFile)
  const run = (queues.get(key) ?? Promise.resolve()).then(job)
  const tail = run.then(
    () => undefined,
    () => undefined,
  )
  queues.set(key, tail)
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key)
  })
  return run
}
