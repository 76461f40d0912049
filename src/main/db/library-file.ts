/**
 * Opening a library safely: one Lantern per library file (a lock file beside it naming the process
 * that holds it, and the file itself claimed by its identity, whatever path reaches it), a
 * read-only file or a full disk refused with a sentence, and a damaged file told apart from other
 * failures so the GM can be offered the newest backup.
 */
import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { dirname } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { alive, claimIdentity, readHolder, type Holder, type IdentityClaim } from './library-identity'

export type LibraryProblem = 'in-use' | 'read-only' | 'disk-full' | 'damaged' | 'unreadable' | 'newer'

/** Why a library could not be opened, with a sentence for the GM. */
export class LibraryOpenError extends Error {
  constructor(
    readonly problem: LibraryProblem,
    readonly file: string,
    message: string,
  ) {
    super(message)
    this.name = 'LibraryOpenError'
  }
}

/** Files this process holds by the path it opened them with, so a second core here is refused too. */
const held = new Set<string>()

/**
 * Takes the library for this process. Two locks: `<file>.lock` beside it holds the pid, host, start
 * time and mode (a Lantern on another machine sharing the folder sees it too), and the file itself
 * is claimed by its identity (library-identity.ts), so a second Lantern reaching it by another path
 * — a hard link, a symlink, a bind mount — is refused as well. A lock left by a Lantern that is no
 * longer running (killed, or the machine lost power) is taken over; one held by a running Lantern
 * is refused, naming it.
 * @example const lock = lockLibrary('/libs/lantern.sqlite', 'browser'); …; lock.release()
 */
export function lockLibrary(file: string, mode: string): { release(): void } {
  if (file === ':memory:') return { release() {} }
  const path = `${file}.lock`
  if (held.has(file)) throw inUse(file, { pid: process.pid, host: hostname(), since: '', mode })
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), mode, file }
  mkdirSync(dirname(file), { recursive: true })
  const release = (): void => {
    held.delete(file)
    if (readHolder(path)?.pid === me.pid) rmSync(path, { force: true })
  }
  takePathLock(file, path, me)
  held.add(file)
  let claim: IdentityClaim
  try {
    // A new library is made now, empty, as SQLite makes it (openDatabase adds nothing to it), so
    // that it has an identity to claim from its first moment.
    if (!existsSync(file)) makeEmptyLibrary(file)
    claim = claimIdentity(file, mode)
  } catch (err) {
    release()
    throw err instanceof LibraryOpenError ? err : (storageProblem(file, err) ?? err)
  }
  if (!claim.ok) {
    release()
    throw inUse(file, claim.holder, false)
  }
  return {
    release() {
      claim.release()
      release()
    },
  }
}

function makeEmptyLibrary(file: string): void {
  let sqlite: BetterSqlite3.Database | null = null
  try {
    sqlite = new BetterSqlite3(file)
    sqlite.pragma('journal_mode = WAL')
  } catch (err) {
    throw openFailure(file, err)
  } finally {
    sqlite?.close()
  }
}

function takePathLock(file: string, path: string, me: Holder): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number
    try {
      fd = openSync(path, 'wx')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw storageProblem(file, err) ?? err
      const other = readHolder(path)
      const stale = other === null || (other.host === hostname() && other.pid !== process.pid && !alive(other.pid))
      if (!stale) throw inUse(file, other)
      rmSync(path, { force: true })
      continue
    }
    try {
      writeFileSync(fd, JSON.stringify(me))
    } catch (err) {
      closeSync(fd)
      rmSync(path, { force: true })
      throw storageProblem(file, err) ?? err
    }
    closeSync(fd)
    return
  }
  throw inUse(file, readHolder(path))
}

/** A read-only or full disk met while taking the library, in words; null for any other error. */
function storageProblem(file: string, err: unknown): LibraryOpenError | null {
  const code = (err as NodeJS.ErrnoException).code
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') return readOnly(file)
  if (code === 'ENOSPC' || code === 'EDQUOT') return diskFull(file)
  return null
}

/**
 * @param lockFile whether the holder is named by `<file>.lock` (deleting it is then the way out
 *   when no Lantern is running); the file's own lock names no file to delete.
 */
function inUse(file: string, other: Holder | null, lockFile = true): LibraryOpenError {
  const as = other?.file && other.file !== file ? ` as ${other.file} (the same file by another name)` : ''
  const who = other
    ? `another Lantern (${other.mode === 'desktop' ? 'the desktop app' : 'the browser mode'}, process ${other.pid}${other.host === hostname() ? '' : ` on ${other.host}`}${other.since ? `, since ${other.since}` : ''})${as}`
    : lockFile
      ? 'another Lantern'
      : 'another program: another Lantern (perhaps by another path to the same file, or on another machine) or a database tool'
  const way = lockFile ? ` If no other Lantern is running, delete ${file}.lock and start again.` : ' Nothing was changed.'
  return new LibraryOpenError(
    'in-use',
    file,
    `The library ${file} is already open in ${who}. Use that one, or close it first; two Lanterns writing one library could lose each other's changes.${way}`,
  )
}

function diskFull(file: string): LibraryOpenError {
  return new LibraryOpenError(
    'disk-full',
    file,
    `The disk that holds ${file} is full, so Lantern did not open the library: it needs a little room beside it to start (nothing was changed). Free some space on that disk and start Lantern again.`,
  )
}

function readOnly(file: string): LibraryOpenError {
  return new LibraryOpenError(
    'read-only',
    file,
    `Lantern cannot write to ${file} (the file or its folder is read-only), so it did not open it: every change would be refused. Make it writable, or copy it to a folder you can write to and open that copy (--data).`,
  )
}

/** Refuses a library Lantern could read but never write (checked before SQLite opens it). */
export function requireWritable(file: string): void {
  if (file === ':memory:') return
  try {
    accessSync(dirname(file), constants.W_OK)
    if (existsSync(file)) accessSync(file, constants.R_OK | constants.W_OK)
  } catch {
    throw readOnly(file)
  }
}

/** Tells a damaged file (not SQLite, or corrupt) from other failures to open it. */
export function openFailure(file: string, err: unknown): LibraryOpenError {
  const code = String((err as { code?: unknown }).code ?? '')
  const why = (err as Error).message
  if (/^SQLITE_(NOTADB|CORRUPT)/.test(code)) {
    return new LibraryOpenError('damaged', file, `Lantern could not open ${file} as a campaign library: the file is damaged or is not a library at all (${why}). It has been left exactly as it is.`)
  }
  if (/^SQLITE_(READONLY|CANTOPEN)/.test(code)) return readOnly(file)
  if (/^SQLITE_FULL/.test(code)) return diskFull(file)
  return new LibraryOpenError('unreadable', file, `Lantern could not open ${file} as a campaign library: ${why}`)
}
