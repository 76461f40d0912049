/**
 * What SQLite says when the library's storage fails, in the GM's words. A change that meets one of
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

/** The AppError for a storage failure (disk full, read-only, busy, I/O, damaged), or null for any other error. */
export function storageError(err: unknown): AppError | null {
  const code = (err as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return null
  for (const [pattern, apiCode, sentence] of SENTENCES) if (pattern.test(code)) return new AppError(apiCode, sentence)
  return null
}
