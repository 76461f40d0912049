/**
 * Builds Lantern's core without Electron: opens the library, migrates it (backing it up first),
 * and wires services to the router. The Electron entry and the browser server both call this.
 */
import { openDatabase, type DbHandle } from './db/connection'
import { migrateToLatest, type MigrationReport } from './db/migrate'
import { createHandlers, type AppInfo } from './handlers'
import { createRouter, type Router } from './router'
import { EventBus } from './services/events'
import type { ServiceDeps } from './services/context'

export interface Core {
  dataFile: string
  handle: DbHandle
  deps: ServiceDeps
  router: Router
  events: EventBus
  migration: MigrationReport
  close(): Promise<void>
}

export interface CoreOptions {
  dataFile: string
  mode: AppInfo['mode']
  version: string
  now?: () => Date
  checkOutputs?: boolean
}

/** @example const core = await createCore({ dataFile: '/tmp/l.sqlite', mode: 'browser', version: '0.1.0' }) */
export async function createCore(options: CoreOptions): Promise<Core> {
  const handle = openDatabase(options.dataFile)
  let migration: MigrationReport
  try {
    migration = await migrateToLatest(handle)
  } catch (err) {
    await handle.close()
    throw err
  }
  const events = new EventBus()
  const deps: ServiceDeps = { db: handle.db, events, now: options.now ?? (() => new Date()) }
  const router = createRouter(
    createHandlers(deps, { version: options.version, dataFile: options.dataFile, mode: options.mode }),
    options.checkOutputs === undefined ? {} : { checkOutputs: options.checkOutputs },
  )
  return {
    dataFile: options.dataFile,
    handle,
    deps,
    router,
    events,
    migration,
    close: () => handle.close(),
  }
}
