/**
 * Follows a campaign's log: `reload` runs once after each burst of new entries (a step writes
 * hundreds at once) and when the clock moves (an undo marks entries undone), until unmount.
 */
import { onBeforeUnmount, toValue, type MaybeRefOrGetter } from 'vue'
import { useConnection } from '../../stores/connection'

/** How long a burst of entries may keep arriving before the view reloads, in ms. */
const SETTLE_MS = 60

export function useLogFollow(campaignId: MaybeRefOrGetter<number>, reload: () => unknown): void {
  const api = useConnection().client()
  let timer: ReturnType<typeof setTimeout> | null = null
  const soon = (id: number): void => {
    if (id !== toValue(campaignId)) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      void reload()
    }, SETTLE_MS)
  }
  const offs = [api.onLog((e) => soon(e.campaignId)), api.on('clock.moved', (m) => soon(m.campaignId))]
  onBeforeUnmount(() => {
    if (timer) clearTimeout(timer)
    offs.forEach((off) => off())
  })
}
