/**
 * Whether a library file (or a backup of one) is whole: SQLite's own checks, run on a read-only
 * connection of their own in a worker thread so the GM's calls are answered meanwhile (a check of
 * a large library takes a second or more), or in this thread where a worker cannot start; and what
 * the file's size says before SQLite opens it (an empty file, a file cut short).
 */
import BetterSqlite3 from 'better-sqlite3'
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { backupFolder, listBackups, type BackupInfo } from './names'

/**
 * `quick_check` proves every page of every b-tree well formed, the free pages accounted for and no
 * page used twice: what a damaged or cut-off page breaks. `integrity_check` also proves every index
 * matches its table, and is used on each backup before it counts.
 */
export type CheckKind = 'quick_check' | 'integrity_check'

/** ok; damaged, with SQLite's first finding; or unknown when the file could not be read to check it. */
export type CheckResult = { verdict: 'ok' } | { verdict: 'damaged' | 'unknown'; detail: string }

/** A file up to this size is checked in this thread (about 50 ms at most); a larger one in a worker. */
export const CHECK_INLINE_UP_TO_BYTES = 16 * 1024 * 1024

/** How many findings SQLite stops at: the first is all the GM is shown. */
const MAX_FINDINGS = 10

const DAMAGED_CODES = /^SQLITE_(CORRUPT|NOTADB)/

const sizeOf = (file: string): number => (existsSync(file) ? statSync(file).size : 0)

function verdictOf(rows: unknown[]): CheckResult {
  return rows.length === 1 && rows[0] === 'ok' ? { verdict: 'ok' } : { verdict: 'damaged', detail: String(rows[0] ?? 'no answer') }
}

function failure(code: string, message: string): CheckResult {
  return { verdict: DAMAGED_CODES.test(code) ? 'damaged' : 'unknown', detail: message }
}

/**
 * Checks the file in this thread (it waits for SQLite: keep it for small files and for start-up
 * when the library could not be opened anyway).
 * @example checkFileNow('/libs/backups/lantern-20250301-120000.sqlite', 'quick_check') // { verdict: 'ok' }
 */
export function checkFileNow(file: string, kind: CheckKind): CheckResult {
  let db: BetterSqlite3.Database | null = null
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true })
    return checkConnection(db, kind)
  } catch (err) {
    return failure(String((err as { code?: unknown }).code ?? ''), (err as Error).message)
  } finally {
    db?.close()
  }
}

/**
 * Checks the library through a connection already open on it (in this thread).
 * @example checkConnection(core.handle.sqlite, 'quick_check') // { verdict: 'ok' }
 */
export function checkConnection(db: BetterSqlite3.Database, kind: CheckKind): CheckResult {
  try {
    const rows = db.pragma(`${kind}(${MAX_FINDINGS})`, { simple: false }) as Record<string, unknown>[]
    return verdictOf(rows.map((r) => Object.values(r)[0]))
  } catch (err) {
    return failure(String((err as { code?: unknown }).code ?? ''), (err as Error).message)
  }
}

/** The worker's code: CommonJS, given better-sqlite3's resolved path, so it loads in any build. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
let Database = null
try { Database = require(workerData.module) } catch (err) { parentPort.postMessage({ unavailable: String(err.message) }) }
let db = null
if (Database) try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true })
  parentPort.postMessage({ rows: db.pragma(workerData.pragma, { simple: false }).map((r) => Object.values(r)[0]) })
} catch (err) {
  parentPort.postMessage({ code: String(err.code || ''), message: String(err.message) })
} finally {
  if (db) db.close()
}
`

let sqliteModule: string | null | undefined

function sqliteModulePath(): string | null {
  if (sqliteModule === undefined) {
    try {
      sqliteModule = createRequire(__filename).resolve('better-sqlite3')
    } catch {
      sqliteModule = null
    }
  }
  return sqliteModule
}

type WorkerAnswer = { rows: unknown[] } | { code: string; message: string } | { unavailable: string }

/**
 * Checks the file: in a worker thread when it (with its write-ahead log) is larger than
 * `inlineUpTo` bytes, so the GM's calls are answered meanwhile; in this thread when it is smaller
 * (starting a worker costs more than checking it) or when no worker can be started or load SQLite
 * (the check is never skipped).
 * @example await checkFile(core.dataFile, 'quick_check') // { verdict: 'damaged', detail: 'Tree 5 page 5: btreeInitPage() returns error code 11' }
 */
export async function checkFile(file: string, kind: CheckKind, inlineUpTo = CHECK_INLINE_UP_TO_BYTES): Promise<CheckResult> {
  const module = sqliteModulePath()
  if (module === null || sizeOf(file) + sizeOf(`${file}-wal`) <= inlineUpTo) return checkFileNow(file, kind)
  const answer = await new Promise<WorkerAnswer | null>((done) => {
    let worker: Worker
    try {
      worker = new Worker(WORKER, { eval: true, workerData: { module, file, pragma: `${kind}(${MAX_FINDINGS})` } })
    } catch {
      return done(null)
    }
    worker.once('message', (m: WorkerAnswer) => done(m))
    worker.once('error', () => done(null))
    worker.once('exit', () => done(null)) // after a message this is a no-op
  })
  if (answer === null || 'unavailable' in answer) return checkFileNow(file, kind)
  if ('rows' in answer) return verdictOf(answer.rows)
  return failure(answer.code, answer.message)
}

/** The first 100 bytes of a SQLite file: its page size and, when valid, how many pages it holds. */
function headerOf(file: string): Buffer | null {
  const fd = openSync(file, 'r')
  try {
    const header = Buffer.alloc(100)
    return readSync(fd, header, 0, 100, 0) === 100 && header.toString('latin1', 0, 16) === 'SQLite format 3\0' ? header : null
  } finally {
    closeSync(fd)
  }
}


/**
 * What is wrong with a library file that SQLite would open without a word, or null: empty though
 * backups of it exist (SQLite would make a new, empty library in it), or shorter than its header
 * says (the end cut off; SQLite would read the missing pages as empty). A file whose write-ahead
 * log still holds changes is left to SQLite, which finishes them on opening.
 * @example libraryFileProblem('/libs/lantern.sqlite', 3) // 'The library /libs/lantern.sqlite is empty (0 bytes) …'
 */
export function libraryFileProblem(file: string, backups: number): string | null {
  if (file === ':memory:' || !existsSync(file) || sizeOf(`${file}-wal`) > 0) return null
  const size = statSync(file).size
  if (size === 0) {
    if (backups === 0) return null // a new library: nothing was ever in it
    return `The library ${file} is empty (0 bytes), though it has ${backups === 1 ? 'a backup' : `${backups} backups`}: it was a library and has lost what it held, so Lantern did not make a new, empty library in its place. It has been left exactly as it is.`
  }
  const header = headerOf(file)
  if (header === null) return null // not SQLite at all: SQLite itself says so when it opens it
  const pageSize = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16)
  // The page count at offset 28 is valid only when offset 92 repeats the change counter at 24.
  const pages = header.readUInt32BE(92) === header.readUInt32BE(24) ? header.readUInt32BE(28) : 0
  const expected = pages * pageSize
  if (pages === 0 || size >= expected) return null
  return `The library ${file} has been cut short: it is ${size.toLocaleString('en')} bytes, but its own header says it holds ${expected.toLocaleString('en')}, so the end of it (and of your campaigns) is missing. It has been left exactly as it is.`
}

/** Backups known whole, by path: the size and time of the file that passed. */
const knownGood = new Map<string, string>()
const fingerprint = (path: string): string => {
  const s = statSync(path)
  return `${s.size}:${s.mtimeMs}`
}

/** Records a backup that has just passed its check, so it is not checked again unless it changes. */
export function rememberGood(path: string): void {
  knownGood.set(path, fingerprint(path))
}

/** The library's backups, newest first, each with its path and whether it is already known whole. */
function candidates(dataFile: string): { info: BackupInfo; path: string; known: boolean }[] {
  return listBackups(dataFile).map((info) => {
    const path = join(backupFolder(dataFile), info.name)
    return { info, path, known: existsSync(path) && knownGood.get(path) === fingerprint(path) }
  })
}

/**
 * The newest backup SQLite finds whole (each checked once, in a worker), or null.
 * @example await newestGoodBackup('/libs/lantern.sqlite') // { name: 'lantern-20250301-120000.sqlite', … }
 */
export async function newestGoodBackup(dataFile: string): Promise<BackupInfo | null> {
  for (const c of candidates(dataFile)) {
    if (c.known || (await checkFile(c.path, 'quick_check')).verdict === 'ok') {
      rememberGood(c.path)
      return c.info
    }
  }
  return null
}

/** The same, checked in this thread: for start-up, when the library could not be opened anyway. */
export function newestGoodBackupNow(dataFile: string): BackupInfo | null {
  for (const c of candidates(dataFile)) {
    if (c.known || checkFileNow(c.path, 'quick_check').verdict === 'ok') {
      rememberGood(c.path)
      return c.info
    }
  }
  return null
}
