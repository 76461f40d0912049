/** The characters a side can be (PCs first, then NPCs), and each one's abilities as they stand (CH-1, CH-10). */
import { ref, type Ref } from 'vue'
import type { ChallengeAbilityView } from '../../../../../shared/api/table-challenge.contract'
import { useConnection } from '../../../stores/connection'

export interface RosterEntry {
  id: number
  name: string
  kind: 'pc' | 'npc'
}

export interface Roster {
  characters: Ref<RosterEntry[]>
  error: Ref<string | null>
  load(campaignId: number): Promise<void>
  abilities(characterId: number): Promise<ChallengeAbilityView[]>
}

/**
 * Loads the campaign's active PCs and up to 200 NPCs by name; abilities are fetched per character
 * when asked (fresh each time, so a consequence just written shows).
 * @example const roster = useRoster(); await roster.load(1)
 */
export function useRoster(): Roster {
  const api = useConnection().client()
  const characters = ref<RosterEntry[]>([])
  const error = ref<string | null>(null)
  return {
    characters,
    error,
    async load(campaignId) {
      try {
        const [pcs, npcs] = await Promise.all([
          api.call('character.list', { campaignId, kind: 'pc', status: 'active', limit: 100 }),
          api.call('character.list', { campaignId, kind: 'npc', status: 'active', limit: 200 }),
        ])
        characters.value = [...pcs.items, ...npcs.items].map((c) => ({ id: c.id, name: c.name, kind: c.kind }))
        error.value = null
      } catch (err) {
        error.value = (err as Error).message
      }
    },
    async abilities(characterId) {
      return (await api.call('challenge.abilities', { characterId })).abilities
    },
  }
}
