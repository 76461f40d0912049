/**
 * A campaign's records of some kinds, or one character's: loaded through the API, then reloaded
 * whenever a `record.changed` event concerns them (in this window or another).
 */
import { onBeforeUnmount, ref, shallowRef, toValue, watch, type MaybeRefOrGetter, type Ref } from 'vue'
import type { EventPayload } from '../../../shared/contract'
import type { RecordKind } from '../../../shared/api/records.names'
import type { Api } from '../api'
import { useConnection } from '../stores/connection'
import { reloadOnce } from './reload-once'

export type RecordChange = EventPayload<'record.changed'>

/** Which `record.changed` events a view follows. */
export interface RecordScope {
  /** Kinds whose every change in the campaign counts. */
  kinds?: readonly RecordKind[]
  /** The character the view is about; while it is null, no change counts for `characterKinds`. */
  characterId?: MaybeRefOrGetter<number | null>
  /**
   * Kinds whose change counts only when it concerns that character: the character itself for
   * `character`, a record the character holds for the others (inventory, ledger, injury).
   */
  characterKinds?: readonly RecordKind[]
}

/** Whether a change in the campaign `campaignId` concerns the scope. */
export function concerns(change: RecordChange, campaignId: number, scope: RecordScope): boolean {
  if (change.campaignId !== campaignId) return false
  if (scope.kinds?.includes(change.kind)) return true
  const characterId = toValue(scope.characterId) ?? null
  if (characterId === null || !scope.characterKinds?.includes(change.kind)) return false
  return change.kind === 'character' ? change.id === characterId : change.characterId === characterId
}

/** Calls `listener` with each `record.changed` event that concerns the scope, until the component unmounts. */
export function onRecordChange(campaignId: Ref<number>, scope: RecordScope, listener: (change: RecordChange) => void): void {
  const off = useConnection()
    .client()
    .on('record.changed', (change) => {
      if (concerns(change, campaignId.value, scope)) listener(change)
    })
  onBeforeUnmount(off)
}

/**
 * `load` runs at once, again when the campaign or the scope's character changes, and once after
 * each burst of changes that concern the scope; a failed load leaves its message in `error`. Only
 * the newest load's answer is kept, however the answers arrive.
 * @example useRecords(['session', 'character'], campaignId, (api, id) => api.call('session.list', { campaignId: id }), [])
 * @example useRecords({ characterId, characterKinds: ['inventory', 'ledger'] }, campaignId, load, empty)
 */
export function useRecords<T>(
  scope: RecordKind | readonly RecordKind[] | RecordScope,
  campaignId: Ref<number>,
  load: (api: Api, campaignId: number) => Promise<T>,
  initial: T,
) {
  const api = useConnection().client()
  const data = shallowRef<T>(initial)
  const loading = ref(true)
  const error = ref<string | null>(null)
  const followed: RecordScope = typeof scope === 'string' ? { kinds: [scope] } : isKinds(scope) ? { kinds: scope } : scope
  /** Loads asked so far: an answer to an older one, arriving after a newer one was asked, is dropped. */
  let asked = 0

  async function reload(): Promise<void> {
    const mine = ++asked
    try {
      const loaded = await load(api, campaignId.value)
      if (mine !== asked) return
      data.value = loaded
      error.value = null
    } catch (err) {
      if (mine !== asked) return
      error.value = (err as Error).message
    } finally {
      if (mine === asked) loading.value = false
    }
  }

  // A burst of changes (a step's rations and lights, a move renumbering many rows) reloads once
  // while a load is on its way, and once after it: not once a change. `soon` asks the same way.
  const soon = reloadOnce(reload)
  onRecordChange(campaignId, followed, soon)
  watch([campaignId, () => toValue(followed.characterId)], () => void reload(), { immediate: true })

  return { data, loading, error, reload, soon }
}

function isKinds(scope: readonly RecordKind[] | RecordScope): scope is readonly RecordKind[] {
  return Array.isArray(scope)
}
