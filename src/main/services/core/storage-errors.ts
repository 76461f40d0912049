/**
 * What SQLite (or a PostgreSQL server) says when the library's storage fails, in the GM's words. A change that meets one of
 * these is rolled back whole (its unit of work never commits), so each sentence can say that
 * nothing of it was saved. A failure outside a unit of work (reading what a screen shows) is told
 * as what it is: nothing could be read, and nothing was changed.
 */
import { AppError } from './errors'

/** A pattern for the error's code, the API's code, the sentence for a change, and the one for anything else. */
type Sentence = [RegExp, AppError['code'], string, string]

const SENTENCES: Sentence[] = [
  [
    /^SQLITE_FULL/,
    'refused',
    'The disk that holds your library is full, so this change was not saved (nothing of it was written). Free some space on that disk and try again.',
    'The disk that holds your library is full, so Lantern could not read what you asked for (nothing was changed). Free some space on that disk and try again.',
  ],
  [
    /^SQLITE_READONLY/,
    'refused',
    'Your library cannot be written to (the file or its folder is read-only), so this change was not saved. Make it writable and try again.',
    'Your library cannot be written to (the file or its folder is read-only), so Lantern could not do this (nothing was changed). Make it writable and try again.',
  ],
  [
    /^SQLITE_(BUSY|LOCKED)/,
    'conflict',
    'Another program is writing to your library right now, so this change was not saved. Try again in a moment.',
    'Another program is writing to your library right now, so Lantern could not read what you asked for (nothing was changed). Try again in a moment.',
  ],
  [
    /^SQLITE_IOERR/,
    'internal',
    'Lantern could not read or write your library on its disk (an input/output error), so this change was not saved. Check the disk, then try again.',
    'Lantern could not read your library on its disk (an input/output error), so it could not show what you asked for (nothing was changed). Check the disk, then try again.',
  ],
  [
    /^SQLITE_(CORRUPT|NOTADB)/,
    'internal',
    'Your library file is damaged, so this change was not saved. Close Lantern and restore the newest backup (Settings › Backups).',
    'Your library file is damaged, so Lantern could not read what you asked for (nothing was changed). Close Lantern and restore the newest backup (Settings › Backups).',
  ],
]

/**
 * What a PostgreSQL library's server or the way to it says (node's socket errors, PostgreSQL's
 * SQLSTATE codes), the same way. Lantern keeps trying to reach the server; the change can be made
 * again once it answers.
 */
const SERVER_SENTENCES: Sentence[] = [
  [
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EPIPE|08\w{3}|57P0[1-3])$/,
    'internal',
    'Lantern cannot reach the PostgreSQL server that holds your library, so this change was not saved (nothing of it was written). It keeps trying; make the change again once the server answers.',
    'Lantern cannot reach the PostgreSQL server that holds your library, so it could not read what you asked for (nothing was changed). It keeps trying; try again once the server answers.',
  ],
  [
    /^(40001|40P01)$/,
    'conflict',
    'Another Lantern changed the same thing at the same moment, so this change was not saved. Try again.',
    'Another Lantern changed the same thing at the same moment, so Lantern could not read it (nothing was changed). Try again.',
  ],
  [
    /^53300$/,
    'refused',
    'The PostgreSQL server that holds your library has no connection to spare (all of its max_connections are in use), so this change was not saved (nothing of it was written). Try again in a moment; if it goes on, ask whoever runs the server to raise max_connections.',
    'The PostgreSQL server that holds your library has no connection to spare (all of its max_connections are in use), so Lantern could not read what you asked for (nothing was changed). Try again in a moment; if it goes on, ask whoever runs the server to raise max_connections.',
  ],
  [
    /^53100$/,
    'refused',
    'The disk of the PostgreSQL server that holds your library is full, so this change was not saved (nothing of it was written).',
    'The disk of the PostgreSQL server that holds your library is full, so Lantern could not read what you asked for (nothing was changed).',
  ],
  [
    /^(28\w{3}|42501)$/,
    'refused',
    'The PostgreSQL server refused Lantern (its user or password, or its rights on the database), so this change was not saved.',
    'The PostgreSQL server refused Lantern (its user or password, or its rights on the database), so Lantern could not read what you asked for (nothing was changed).',
  ],
]

/** Connection problems that the driver reports without a code. */
const LOST_CONNECTION = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/

/** Errors that ended a change (a unit of work) rather than a read. */
const changes = new WeakSet<object>()

/**
 * Marks an error as the one that ended a change, so that it is told as a change not saved; the
 * unit of work marks every error it rethrows.
 * @example catch (err) { throw failedChange(err) }
 */
export function failedChange(err: unknown): unknown {
  if (typeof err === 'object' && err !== null) changes.add(err)
  return err
}

/** The AppError for a storage failure (disk full, read-only, busy, I/O, damaged, server out of reach), or null for any other error. */
export function storageError(err: unknown): AppError | null {
  const change = typeof err === 'object' && err !== null && changes.has(err)
  const code = (err as { code?: unknown } | null)?.code
  const said = (s: Sentence): AppError => new AppError(s[1], change ? s[2] : s[3])
  if (typeof code !== 'string') return err instanceof Error && LOST_CONNECTION.test(err.message) ? said(SERVER_SENTENCES[0]!) : null
  for (const s of [...SENTENCES, ...SERVER_SENTENCES]) if (s[0].test(code)) return said(s)
  return null
}
