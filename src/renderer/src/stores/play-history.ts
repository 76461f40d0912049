/**
 * The open campaign's history of play (`play.history`: the last actions, what Undo and Redo take),
 * loaded once per burst of log entries or clock move and shared by everything that shows it: the
 * clock bar's Undo and the table's History panel ask the server once between them, not once each.
 */
import { defineStore } from 'pinia'
import { onBeforeUnmount, shallowRef, toValue, watch, type MaybeRefOrGetter } from 'vue'
import type { MethodOutput } from '../../../shared/contract'
import { useConnection } from './connection'

/** How long a burst of entries may keep arriving before the history reloads, in ms (as the log's). */
const SETTLE_MS = 60
/** The History panel's length; the clock bar reads only the newest. */
const LIMIT = 12

export const usePlayHistory = defineStore('play-history', () => {
  const campaignId = shallowRef<number | null>(null)
  const history = shallowRef<MethodOutput<'play.history'> | null>(null)
  let followers = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  let offs: (() => void)[] = []

  async function load(): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    const h = await useConnection()
      .client()
      .call('play.history', { campaignId: id, limit: LIMIT })
      .catch(() => null)
    if (id === campaignId.value && h) history.value = h
  }

  function soon(id: number): void {
    if (id !== campaignId.value) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      void load()
    }, SETTLE_MS)
  }

  /** Starts following a campaign's history (shared among followers); gives the function that stops. */
  function follow(id: number): () => void {
    if (followers++ === 0) {
      const api = useConnection().client()
      offs = [api.onLog((e) => soon(e.campaignId)), api.on('clock.moved', (m) => soon(m.campaignId))]
    }
    if (campaignId.value !== id) {
      campaignId.value = id
      history.value = null
      void load()
    }
    let stopped = false
    return () => {
      if (stopped) return
      stopped = true
      if (--followers > 0) return
      offs.forEach((off) => off())
      offs = []
      if (timer) clearTimeout(timer)
      timer = null
      campaignId.value = null
      history.value = null
    }
  }

  return { history, load, follow }
})

/** The history of a campaign for a component, followed while it is mounted. */
export function useHistoryOf(campaignId: MaybeRefOrGetter<number>): ReturnType<typeof usePlayHistory> {
  const store = usePlayHistory()
  let stop: (() => void) | null = null
  watch(
    () => toValue(campaignId),
    (id) => {
      const previous = stop
      stop = store.follow(id)
      previous?.()
    },
    { immediate: true },
  )
  onBeforeUnmount(() => stop?.())
  return store
}
