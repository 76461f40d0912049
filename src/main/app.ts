/**
 * Builds Lantern's core without Electron: opens the library, migrates it (backing it up first),
 * and wires services to the router. The Electron entry and the browser server both call this.
 */
import { openDatabase, type DbHandle } from './db/connection'
import { openPostgres } from './db/postgres'
import { userInfo } from 'node:os'
import { LibraryOpenError, lockLibrary } from './db/library-file'
import { migrateToLatest, type MigrationReport } from './db/migrate'
import { createHandlers, type AppInfo } from './handlers'
import { createRouter, type Router } from './router'
import { EventBus, shareEvents, type Listener, type ServiceDeps } from './services/core'
import { backupIfDue, LibraryHealth, libraryFileProblem, listBackups, newestBackupOffer, useNewestBackup, type HealthOptions, type LibraryHost } from './services/backup'
import { playersGate } from './services/players'
import type { FileDialogs } from './platform'

export interface Core {
  dataFile: string
  /** The open library; replaced (here and in `deps.db`) when a backup is restored. */
  readonly handle: DbHandle
  deps: ServiceDeps
  /** The library as backup and transfer services hold it: the file, the handle, and its swap. */
  library: LibraryHost
  /** The automatic start-up backup, running after the core is returned (null when none was due). */
  startupBackup: Promise<unknown>
  /** SQLite's check of the library as it opened: done before return for a small file, after it for a large one. */
  libraryCheck: Promise<unknown>
  router: Router
  events: EventBus
  migration: MigrationReport
  close(): Promise<void>
}

export interface CoreOptions {
  /** The SQLite library file; with `databaseUrl`, only where desktop settings live beside it. */
  dataFile: string
  /**
   * A PostgreSQL connection string (`postgres://…`): the library is that database instead of the
   * file, shared by every Lantern pointed at it.
   */
  databaseUrl?: string
  /**
   * This GM's name in the undo history of a PostgreSQL library (who did what); the system user's
   * name unless given. Not used for a file, which one GM keeps.
   */
  gmName?: string
  mode: AppInfo['mode']
  version: string
  now?: () => Date
  checkOutputs?: boolean
  /** Back up the library on start when the newest backup is older than a day (default true). */
  autoBackup?: boolean
  /** The desktop app's file dialogs; absent in the browser (files are downloads and uploads there). */
  dialogs?: FileDialogs
  /** Put a copy of the newest backup in the library's place first (the file as it was is kept aside). */
  openNewestBackup?: boolean
  /** When the library file is checked for damage (as it opens, in this thread up to a size, then hourly). */
  libraryChecks?: HealthOptions
}

/** The library the options name: the PostgreSQL database, or the file (first put back from its newest backup if asked). */
function openLibrary(options: CoreOptions): DbHandle {
  if (options.databaseUrl !== undefined) {
    return openPostgres(options.databaseUrl, (err) => console.error(`Lantern lost a connection to its PostgreSQL server: ${err.message}`))
  }
  if (options.openNewestBackup) {
    const used = useNewestBackup(options.dataFile, (options.now ?? (() => new Date()))())
    if (!used) throw new LibraryOpenError('damaged', options.dataFile, `There is no backup of ${options.dataFile} to open; nothing was changed.`)
    console.log(`Lantern opened a copy of the backup ${used.backup.name}; the library as it was is kept at ${used.damagedKeptAt}.`)
  }
  // An emptied or cut-short file SQLite would open without a word (and write a new library into).
  const problem = libraryFileProblem(options.dataFile, listBackups(options.dataFile).length)
  if (problem) throw new LibraryOpenError('damaged', options.dataFile, problem)
  return openDatabase(options.dataFile)
}

/** The name a GM's actions carry on a shared library: given, or the system user's, or "A GM". */
function gmNameOf(given: string | undefined): string {
  let name = given?.trim() ?? ''
  if (!name) {
    try {
      name = userInfo().username
    } catch {
      // No user name on this system: the fallback below.
    }
  }
  return name.slice(0, 60) || 'A GM'
}

/** @example const core = await createCore({ dataFile: '/tmp/l.sqlite', mode: 'browser', version: '0.1.0' }) */
export async function createCore(options: CoreOptions): Promise<Core> {
  const shared = options.databaseUrl !== undefined
  // One Lantern per library file: taken before the file is opened, so two never migrate it at once.
  // A PostgreSQL library is for several Lanterns at once (its migrations take the server's own lock).
  const lock = shared ? { release() {} } : lockLibrary(options.dataFile, options.mode)
  let handle: DbHandle
  let migration: MigrationReport
  const offerBackup = (err: unknown) => {
    if (err instanceof LibraryOpenError && err.problem === 'damaged') err.message += ` ${newestBackupOffer(options.dataFile)}`
    return err
  }
  try {
    handle = openLibrary(options)
  } catch (err) {
    lock.release()
    throw offerBackup(err)
  }
  try {
    migration = await migrateToLatest(handle)
  } catch (err) {
    await handle.close()
    lock.release()
    throw offerBackup(err)
  }
  const events = new EventBus()
  const deps: ServiceDeps = {
    db: handle.db,
    events,
    now: options.now ?? (() => new Date()),
    gm: shared ? gmNameOf(options.gmName) : '',
    // Who each log entry is for, decided as it is written (services/players/audience).
    audience: playersGate(),
  }
  let sharing: Listener | null = null
  if (shared) {
    try {
      sharing = await shareEvents(options.databaseUrl!, handle.db, events, (state) => events.emit('library.connection', { state }))
    } catch (err) {
      await handle.close()
      throw err
    }
  }
  const library: LibraryHost = {
    dataFile: options.dataFile,
    get handle() {
      return handle
    },
    // Services read `deps.db` at call time, so every call after a swap sees the new library.
    swap(next) {
      handle = next
      deps.db = next.db
    },
    now: () => deps.now(),
  }
  // A library file is checked for damage; while damaged, its changes are refused in words.
  if (!shared && options.dataFile !== ':memory:') library.health = new LibraryHealth(library, events)
  const handlers = createHandlers(
    deps,
    { version: options.version, dataFile: options.dataFile, mode: options.mode, database: shared ? handle.file : null, gmName: deps.gm ?? '' },
    library,
    options.dialogs ?? null,
  )
  const router = createRouter(library.health?.guard(handlers) ?? handlers, options.checkOutputs === undefined ? {} : { checkOutputs: options.checkOutputs })
  const libraryCheck = library.health?.start(options.libraryChecks ?? {}) ?? Promise.resolve(null)
  // Not awaited: start-up never waits on a backup. A failed one is reported, never fatal.
  const startupBackup =
    options.autoBackup === false || shared
      ? Promise.resolve(null)
      : new Promise((r) => setImmediate(r))
          .then(() => backupIfDue(library))
          .catch((err: unknown) => console.error(`Lantern could not take its daily backup: ${(err as Error).message}`))
  return {
    dataFile: options.dataFile,
    get handle() {
      return handle
    },
    deps,
    library,
    startupBackup,
    libraryCheck,
    router,
    events,
    migration,
    close: async () => {
      await startupBackup
      await library.health?.stop()
      await sharing?.close()
      await handle.close()
      lock.release()
    },
  }
}
