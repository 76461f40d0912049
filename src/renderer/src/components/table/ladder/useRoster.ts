/**
 * Who can roll at the table, with their assets, Plot Points and injuries: loaded once per campaign
 * and reloaded when a character, their ledger or their injuries change (here or in another window).
 */
import type { Ref } from 'vue'
import type { LadderCharacter } from '../../../../../shared/api/table-ladder.contract'
import { useRecords } from '../../../composables/useRecords'

export function useRoster(campaignId: Ref<number>) {
  const { data: roster, error, reload: load } = useRecords<LadderCharacter[]>(
    ['character', 'ledger', 'injury'],
    campaignId,
    (api, id) => api.call('ladder.roster', { campaignId: id }),
    [],
  )
  const byId = (id: number | null) => (id === null ? null : (roster.value.find((c) => c.id === id) ?? null))
  return { roster, error, load, byId }
}
