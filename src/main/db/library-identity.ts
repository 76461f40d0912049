/**
 * One Lantern per library *file*, whatever path it is opened by (a hard link, a symlink, a bind
 * mount, a path with `..` in it): two SQLite connections that reach one file by two names keep two
 * write-ahead logs, and each checkpoint overwrites the other's pages. Two guards, both keyed by the
 * file itself rather than its name:
 *
 * - a lock file named by the file's device and inode in a per-user folder, holding the process,
 *   its mode and the path it opened: it refuses a second Lantern of this user on this machine and
 *   names the one that holds the file;
 * - SQLite's own lock on the file: a probe connection in exclusive locking mode asks for an
 *   exclusive lock, which SQLite cannot get while any other connection, in any process and by any
 *   path, has the library open (a connection in WAL mode holds a shared lock on the file for as long
 *   as it is open). It refuses another user's Lantern, or a database tool, as well; the system
 *   drops those locks when a process dies, so a killed Lantern never blocks the next.
 */
import BetterSqlite3 from 'better-sqlite3'
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'

export interface Holder {
  pid: number
  host: string
  since: string
  mode: string
  /** The path the holder opened the library by. */
  file?: string
}

/** The identities this process holds, with the path each was opened by. */
const heldHere = new Map<string, Holder>()

/** Whether a process is running: a killed one not yet reaped by its parent (a zombie on Linux) is not. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return true
  }
}

export function readHolder(path: string): Holder | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Holder
  } catch {
    return null
  }
}

/**
 * The folder of identity locks: this user's runtime folder, else a folder of this user's own in
 * the temp folder; null when it cannot be made or belongs to someone else.
 */
function lockFolder(): string | null {
  const uid = process.getuid?.()
  const dir = join(process.env.XDG_RUNTIME_DIR || tmpdir(), uid === undefined ? 'lantern-locks' : `lantern-locks-${uid}`)
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const st = lstatSync(dir)
    return st.isDirectory() && (uid === undefined || st.uid === uid) ? dir : null
  } catch {
    return null
  }
}

/** The file's identity (device and inode), the same by every path that reaches it; null where it cannot be read. */
export function fileIdentity(file: string): string | null {
  try {
    const st = statSync(file, { bigint: true })
    return `${st.dev}-${st.ino}`
  } catch {
    return null
  }
}

export type IdentityClaim = { ok: true; release(): void } | { ok: false; holder: Holder | null }

/**
 * Claims the library file by its identity for this process. Refused (with who holds it, where that
 * is known) when another core of this process, another Lantern of this user on this machine, or any
 * other connection holds the same file, by whatever path.
 * @example const c = claimIdentity('/libs/lantern.sqlite', 'browser'); if (c.ok) … c.release()
 */
export function claimIdentity(file: string, mode: string): IdentityClaim {
  const id = fileIdentity(file)
  if (id === null) return { ok: true, release() {} }
  const here = heldHere.get(id)
  if (here) return { ok: false, holder: here }
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), mode, file }
  const dir = lockFolder()
  const path = dir === null ? null : join(dir, `${id}.lock`)
  if (path !== null) {
    const taken = takeLockFile(path, me)
    if (taken !== true) return { ok: false, holder: taken }
  }
  const release = (): void => {
    heldHere.delete(id)
    if (path !== null && readHolder(path)?.pid === me.pid) rmSync(path, { force: true })
  }
  heldHere.set(id, me)
  if (!sqliteWouldShare(file)) {
    release()
    return { ok: false, holder: null }
  }
  return { ok: true, release }
}

/**
 * Writes the identity lock file; true when taken (or when it cannot be written at all: SQLite's
 * own lock still guards the file), else the holder. A lock left by a process that is no longer
 * running, or by this process without its core (it is not held here), is taken over.
 */
function takeLockFile(path: string, me: Holder): true | Holder | null {
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number
    try {
      fd = openSync(path, 'wx', 0o600)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return true
      const other = readHolder(path)
      const stale = other === null || other.pid === process.pid || !alive(other.pid)
      if (!stale) return other
      rmSync(path, { force: true })
      continue
    }
    try {
      writeFileSync(fd, JSON.stringify(me))
    } catch {
      // No room in the lock folder: leave no empty lock behind; SQLite's lock still guards the file.
      closeSync(fd)
      rmSync(path, { force: true })
      return true
    }
    closeSync(fd)
    return true
  }
  return readHolder(path)
}

/**
 * Whether no other connection has the library open: a throwaway connection in exclusive locking
 * mode reads it, which takes an exclusive lock on the file in WAL mode (SQLITE_BUSY at once while
 * any other connection holds it). A file SQLite cannot read at all is left to the open that
 * follows, which says why.
 */
function sqliteWouldShare(file: string): boolean {
  let probe: BetterSqlite3.Database | null = null
  try {
    probe = new BetterSqlite3(file, { timeout: 0 })
    probe.pragma('locking_mode = EXCLUSIVE')
    probe.prepare('select count(*) from sqlite_master').get()
    return true
  } catch (err) {
    return !/^SQLITE_(BUSY|LOCKED)/.test(String((err as { code?: unknown }).code ?? ''))
  } finally {
    try {
      probe?.close()
    } catch {
      // Closing checkpoints the write-ahead log into the file when it can; a full disk leaves it for later.
    }
  }
}
