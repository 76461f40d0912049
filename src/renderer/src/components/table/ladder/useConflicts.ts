/**
 * The campaign's open trackers, loaded once and reloaded when a Ladder conflict entry reaches the
 * log (from this window or another), so every screen shows the same AP.
 */
import { onBeforeUnmount, ref, type Ref } from 'vue'
import { watch } from 'vue'
import type { ConflictView } from '../../../../../shared/api/table-ladder.contract'
import { useConnection } from '../../../stores/connection'

export function useConflicts(campaignId: Ref<number>) {
  const api = useConnection().client()
  const list = ref<ConflictView[]>([])
  const error = ref<string | null>(null)

  async function load(): Promise<void> {
    try {
      list.value = await api.call('ladder.conflict.list', { campaignId: campaignId.value, openOnly: true })
      error.value = null
    } catch (err) {
      error.value = (err as Error).message
    }
  }
  watch(campaignId, () => void load(), { immediate: true })
  const off = api.onLog((e) => {
    if (e.campaignId === campaignId.value && /^ladder\.(conflict|combat)\./.test(e.kind)) void load()
  })
  // The combat follows the clock's: a round, an end or an undo on the clock bar changes it too.
  const offClock = api.on('clock.moved', (m) => {
    if (m.campaignId === campaignId.value) void load()
  })
  onBeforeUnmount(() => {
    off()
    offClock()
  })

  /** Puts a tracker's new view in the list (or takes it out when over), without waiting for the reload. */
  function put(view: ConflictView): void {
    const rest = list.value.filter((c) => c.id !== view.id)
    list.value = view.status === 'open' ? [view, ...rest].sort((a, b) => b.id - a.id) : rest
  }
  return { list, error, load, put }
}
export type Conflicts = ReturnType<typeof useConflicts>
