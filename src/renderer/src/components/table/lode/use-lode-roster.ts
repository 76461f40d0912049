/**
 * Who can roll at the LODE table: the campaign's active PCs, and the NPCs the GM has picked this
 * session; each with their sheet's attributes and skills (LODE-1) and their Destiny and Energy
 * (LODE-9), loaded when first needed and reloaded when their sheet or ledger changes.
 */
import { ref, watch, type Ref } from 'vue'
import type { LodeTrait } from '../../../../../shared/api/sheets/lode'
import { onRecordChange } from '../../../composables/useRecords'
import { useConnection } from '../../../stores/connection'

export interface LodeCharacter {
  id: number
  name: string
  kind: 'pc' | 'npc'
  attributes: LodeTrait[]
  skills: LodeTrait[]
  energySupply: number
  destiny: number
  energy: number
}

export interface RosterEntry {
  id: number
  name: string
  kind: 'pc' | 'npc'
}

export function useLodeRoster(campaignId: Ref<number>) {
  const api = useConnection().client()
  const pcs = ref<RosterEntry[]>([])
  const npcs = ref<RosterEntry[]>([])
  const details = ref<Record<number, LodeCharacter>>({})
  const error = ref<string | null>(null)

  async function loadPcs(): Promise<void> {
    try {
      const page = await api.call('character.list', { campaignId: campaignId.value, kind: 'pc', status: 'active', limit: 200 })
      pcs.value = page.items.map((c) => ({ id: c.id, name: c.name, kind: 'pc' }))
    } catch (err) {
      error.value = (err as Error).message
    }
  }

  async function refresh(id: number): Promise<LodeCharacter | null> {
    try {
      const c = await api.call('character.get', { id })
      const sheet = c.sheet as { attributes?: LodeTrait[]; skills?: LodeTrait[]; energySupply?: number }
      const character: LodeCharacter = {
        id: c.id,
        name: c.name,
        kind: c.kind,
        attributes: (sheet.attributes ?? []).filter((t) => t.name.trim() !== ''),
        skills: (sheet.skills ?? []).filter((t) => t.name.trim() !== ''),
        energySupply: sheet.energySupply ?? 0,
        destiny: c.balances.destiny ?? 0,
        energy: c.balances.energy ?? 0,
      }
      details.value = { ...details.value, [id]: character }
      return character
    } catch (err) {
      error.value = (err as Error).message
      return null
    }
  }

  /** A character's sheet and points, loading them the first time. */
  function load(id: number | null): void {
    if (id !== null && !details.value[id]) void refresh(id)
  }

  function addNpc(npc: { id: number; name: string }): void {
    if (!npcs.value.some((n) => n.id === npc.id)) npcs.value = [...npcs.value, { ...npc, kind: 'npc' }]
    load(npc.id)
  }

  onRecordChange(campaignId, { kinds: ['character', 'ledger'] }, (c) => {
    if (c.kind === 'character') {
      void loadPcs()
      if (details.value[c.id]) void refresh(c.id)
    }
    if (c.kind === 'ledger' && c.characterId && details.value[c.characterId]) void refresh(c.characterId)
  })
  watch(campaignId, () => {
    details.value = {}
    npcs.value = []
    void loadPcs()
  }, { immediate: true })

  return { pcs, npcs, details, error, load, refresh, addNpc }
}

export type LodeRoster = ReturnType<typeof useLodeRoster>
