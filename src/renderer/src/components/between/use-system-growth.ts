/**
 * A system's growth panel reading its view between sessions, and again
 * whenever a character, the ledger or the log moves (an undo, a redo, a sheet saved elsewhere, a
 * roll at the table); `done` holds what the last growth did, in the log's words, until an undo or a
 * redo moves the story on.
 */
import { onBeforeUnmount, ref, watch, type Ref } from 'vue'
import { useConnection } from '../../stores/connection'
import { reloadOnce } from '../../composables/reload-once'

type Api = ReturnType<ReturnType<typeof useConnection>['client']>

export function useSystemGrowth<T>(campaignId: () => number, read: (api: Api, id: number) => Promise<T>) {
  const api = useConnection().client()
  const view = ref<T | null>(null) as Ref<T | null>
  const error = ref<string | null>(null)
  const done = ref<string | null>(null)

  async function load(): Promise<void> {
    try {
      view.value = await read(api, campaignId())
      error.value = null
    } catch (err) {
      error.value = (err as Error).message
    }
  }
  watch(campaignId, () => void load(), { immediate: true })
  // A burst of changes (a session's XP shared among the party) reads the view again once, not once a row.
  const later = reloadOnce(load)
  const offs = [
    api.on('record.changed', (p) => p.campaignId === campaignId() && later()),
    api.onLog((p) => {
      if (p.campaignId !== campaignId()) return
      // What the last growth did is no longer so once an undo or a redo has moved the story.
      if (p.kind === 'play.undone' || p.kind === 'play.redone') done.value = null
      if (/^(play\.|growth\.|ranks\.|setting\.|session\.|adventure\.)/.test(p.kind)) later()
    }),
    api.on('campaign.changed', (p) => p.campaignId === campaignId() && later()),
  ]
  onBeforeUnmount(() => offs.forEach((off) => off()))

  /** A growth went through: its sentence is said, and the view follows (the one it answered, or read again). */
  function grown(next: T | null, text: string | null): void {
    if (next !== null) view.value = next
    else void load()
    done.value = text
  }
  return { api, view, error, done, load, grown }
}
