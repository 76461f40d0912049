/**
 * A reload asked for by pushed events. A step that changes 18 rows sends 18 `record.changed`, each
 * its own message (so its own task: a microtask cannot gather them): the first starts the reload
 * (after the task it came in, with any heard in that task), those that come while it is on its
 * way ask for one more after it, not one each. The last reload starts after the last event heard,
 * so what it shows is as new as what was told.
 * @example const soon = reloadOnce(reload); api.on('record.changed', () => soon())
 */
export function reloadOnce(reload: () => Promise<void>): () => void {
  let queued = false
  let running = false
  let again = false
  const run = (): void => {
    running = true
    void reload().finally(() => {
      running = false
      if (!again) return
      again = false
      run()
    })
  }
  return () => {
    if (running) again = true
    else if (!queued) {
      queued = true
      queueMicrotask(() => {
        queued = false
        run()
      })
    }
  }
}
