/**
 * Opening a library safely: one Lantern per library file (a lock file beside it naming the process
 * that holds it), a read-only file refused with a sentence, and a damaged file told apart from
 * other failures so the GM can be offered the newest backup.
 */
import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { dirname } from 'node:path'

export type LibraryProblem = 'in-use' | 'read-only' | 'damaged' | 'unreadable' | 'newer'

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

interface LockInfo {
  pid: number
  host: string
  since: string
  mode: string
}

/** Files this process holds, so a second core in the same process is refused too. */
const held = new Set<string>()

/** Whether a process is running: a killed one not yet reaped by its parent (a zombie on Linux) is not. */
function alive(pid: number): boolean {
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

function readLock(path: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockInfo
  } catch {
    return null
  }
}

/**
 * Takes the library for this process: `<file>.lock` holds the pid, host, start time and mode.
 * A lock left by a Lantern that is no longer running (killed, or the machine lost power) is taken
 * over; one held by a running Lantern, here or on another machine sharing the folder, is refused.
 * @example const lock = lockLibrary('/libs/lantern.sqlite', 'browser'); …; lock.release()
 */
export function lockLibrary(file: string, mode: string): { release(): void } {
  if (file === ':memory:') return { release() {} }
  const path = `${file}.lock`
  if (held.has(file)) throw inUse(file, { pid: process.pid, host: hostname(), since: '', mode })
  const me: LockInfo = { pid: process.pid, host: hostname(), since: new Date().toISOString(), mode }
  mkdirSync(dirname(file), { recursive: true })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeFileSync(fd, JSON.stringify(me))
      closeSync(fd)
      held.add(file)
      return {
        release() {
          held.delete(file)
          if (readLock(path)?.pid === me.pid) rmSync(path, { force: true })
        },
      }
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') throw readOnly(file)
      if (code !== 'EEXIST') throw err
      const other = readLock(path)
      const stale = other === null || (other.host === hostname() && other.pid !== process.pid && !alive(other.pid))
      if (!stale) throw inUse(file, other)
      rmSync(path, { force: true })
    }
  }
  throw inUse(file, readLock(path))
}

function inUse(file: string, other: LockInfo | null): LibraryOpenError {
  const who = other
    ? `another Lantern (${other.mode === 'desktop' ? 'the desktop app' : 'the browser mode'}, process ${other.pid}${other.host === hostname() ? '' : ` on ${other.host}`}${other.since ? `, since ${other.since}` : ''})`
    : 'another Lantern'
  return new LibraryOpenError(
    'in-use',
    file,
    `The library ${file} is already open in ${who}. Use that one, or close it first; two Lanterns writing one library could lose each other's changes. If no other Lantern is running, delete ${file}.lock and start again.`,
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
  return new LibraryOpenError('unreadable', file, `Lantern could not open ${file} as a campaign library: ${why}`)
}
