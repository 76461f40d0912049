/**
 * The campaign import or export under way in a library: one at a time, with how far it is (pushed
 * to the GM's screens as `transfer.progress`) and the way to stop it (`transfer.stop`). A stopped
 * import writes nothing (its transaction is rolled back); a stopped export leaves no file.
 */
import type { ServiceDeps } from '../core'
import { AppError } from '../core'
import { indexLogSoon } from '../core/log-search-queue'

export type TransferOperation = 'import' | 'export'

interface Run {
  operation: TransferOperation
  controller: AbortController
}
const running = new WeakMap<object, Run>()

/** What a run gives the import or export it wraps. */
export interface TransferRun {
  signal: AbortSignal
  onProgress: (done: number, total: number) => void
}

/**
 * Runs `work` as the library's import or export, refusing while another is under way.
 * @example await runTransfer(deps, 'import', ({ signal, onProgress }) => importCampaign(sqlite, data, now, { signal, onProgress, db: deps.db }))
 */
export async function runTransfer<T>(deps: ServiceDeps, operation: TransferOperation, work: (run: TransferRun) => Promise<T>): Promise<T> {
  const other = running.get(deps.db)
  if (other) {
    throw new AppError('conflict', `Lantern is ${other.operation === 'import' ? 'importing' : 'exporting'} a campaign; wait for it to finish, or stop it. Nothing was changed.`)
  }
  const run: Run = { operation, controller: new AbortController() }
  running.set(deps.db, run)
  try {
    const result = await work({
      signal: run.controller.signal,
      onProgress: (done, total) => deps.events.emit('transfer.progress', { operation, done, total }),
    })
    // An imported log's words go into the search index in the background, as after any change.
    if (operation === 'import') indexLogSoon(deps.db)
    return result
  } finally {
    running.delete(deps.db)
  }
}

/**
 * Stops the library's import or export under way: true when there was one.
 * @example stopTransfer(deps) // true
 */
export function stopTransfer(deps: ServiceDeps): boolean {
  const run = running.get(deps.db)
  if (!run) return false
  run.controller.abort()
  return true
}
