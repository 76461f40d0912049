/**
 * What SQLite (or a PostgreSQL server) says when the library's storage fails, in the GM's words. A change that meets one of
 * these is rolled back whole (its unit of work never commits), so each sentence can say that
 * nothing of it was saved.
 */
import { AppError } from './errors'

const SENTENCES: [RegExp, AppError['code'], string][] = [
  [/^SQLITE_FULL/, 'refused', 'The disk that holds your library is full, so this change was not saved (nothing of it was written). Free some space on that disk and try again.'],
  [/^SQLITE_READONLY/, 'refused', 'Your library cannot be written to (the file or its folder is read-only), so this change was not saved. Make it writable and try again.'],
  [/^SQLITE_(BUSY|LOCKED)/, 'conflict', 'Another program is writing to your library right now, so this change was not saved. Try again in a moment.'],
  [/^SQLITE_IOERR/, 'internal', 'Lantern could not read or write your library on its disk (an input/output error), so this change was not saved. Check the disk, then try again.'],
  [/^SQLITE_(CORRUPT|NOTADB)/, 'internal', 'Your library file is damaged, so this change was not saved. Close Lantern and restore the newest backup (Settings › Backups).'],
]

/**
 * What a PostgreSQL library's server or the way to it says (node's socket errors, PostgreSQL's
 * SQLSTATE codes), the same way. Lantern keeps trying to reach the server; the change can be made
 * again once it answers.
 */
const SERVER_SENTENCES: [RegExp, AppError['code'], string][] = [
  [
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EPIPE|08\w{3}|57P0[1-3])$/,
    'internal',
    "Lantern cannot reach the PostgreSQL server that holds your library, so this change was not saved (nothing of it was written). It keeps trying; make the change again once the server answers.",
  ],
  [/^(40001|40P01)$/, 'conflict', 'Another Lantern changed the same thing at the same moment, so this change was not saved. Try again.'],
  [/^53100$/, 'refused', 'The disk of the PostgreSQL server that holds your library is full, so this change was not saved (nothing of it was written).'],
  [/^(28\w{3}|42501)$/, 'refused', 'The PostgreSQL server refused Lantern (its user or password, or its rights on the database), so this change was not saved.'],
]

/** Connection problems that the driver reports without a code. */
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/

/** The AppError for a storage failure (disk full, read-only, busy, I/O, damaged, server out of reach), or null for any other error. */
export function storageError(err: unknown): AppError | null {
  const code = (err as { code?: unknown } | null)?.code
  if (typeof code !== 'string') {
    return err instanceof Error && LOST_CONNECTION.test(err.message) ? new AppError(SERVER_SENTENCES[0]![1], SERVER_SENTENCES[0]![2]) : null
  }
  for (const [pattern, apiCode, sentence] of [...SENTENCES, ...SERVER_SENTENCES]) if (pattern.test(code)) return new AppError(apiCode, sentence)
  return null
}
