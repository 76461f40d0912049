/**
 * Who can roll at the table, with their assets, Plot Points and injuries: loaded once per campaign
 * and reloaded when a character, their ledger or their injuries change (here or in another window).
 */
import { onBeforeUnmount, ref, watch, type Ref } from 'vue'
import type { LadderCharacter } from '../../../../../shared/api/table-ladder.contract'
import { useConnection } from '../../../stores/connection'

export function useRoster(campaignId: Ref<number>) {
  const api = useConnection().client()
  const roster = ref<LadderCharacter[]>([])
  const error = ref<string | null>(null)

  async function load(): Promise<void> {
    try {
      roster.value = await api.call('ladder.roster', { campaignId: campaignId.value })
      error.value = null
    } catch (err) {
      error.value = (err as Error).message
    }
  }
  watch(campaignId, () => void load(), { immediate: true })
  const off = api.on('record.changed', (c) => {
    if (c.campaignId === campaignId.value && ['character', 'ledger', 'injury'].includes(c.kind)) void load()
  })
  onBeforeUnmount(off)

  const byId = (id: number | null) => (id === null ? null : (roster.value.find((c) => c.id === id) ?? null))
  return { roster, error, load, byId }
}
