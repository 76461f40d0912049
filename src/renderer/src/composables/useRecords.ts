/**
 * A campaign's records of one kind: loaded through the API, then reloaded whenever a
 * `record.changed` event says that kind changed in this campaign (in this window or another).
 */
import { onBeforeUnmount, ref, shallowRef, watch, type Ref } from 'vue'
import type { RecordKind } from '../../../shared/api/records.names'
import type { Api } from '../api'
import { useConnection } from '../stores/connection'

export function useRecords<T>(
  kinds: RecordKind | RecordKind[],
  campaignId: Ref<number>,
  load: (api: Api, campaignId: number) => Promise<T>,
  initial: T,
) {
  const api = useConnection().client()
  const data = shallowRef<T>(initial)
  const loading = ref(true)
  const error = ref<string | null>(null)
  const wanted = new Set(Array.isArray(kinds) ? kinds : [kinds])
  let queued = false

  async function reload(): Promise<void> {
    try {
      data.value = await load(api, campaignId.value)
      error.value = null
    } catch (err) {
      error.value = (err as Error).message
    } finally {
      loading.value = false
    }
  }

  const off = api.on('record.changed', (change) => {
    if (change.campaignId !== campaignId.value || !wanted.has(change.kind) || queued) return
    // Several changes in one burst (a move renumbers many rows) reload once.
    queued = true
    queueMicrotask(() => {
      queued = false
      void reload()
    })
  })
  onBeforeUnmount(off)
  watch(campaignId, () => void reload(), { immediate: true })

  return { data, loading, error, reload }
}
