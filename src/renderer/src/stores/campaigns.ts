/** Campaigns: loaded once through the API, then kept in step by pushed events. */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { Campaign, MethodInput } from '../../../shared/contract'
import { useConnection } from './connection'

export const useCampaigns = defineStore('campaigns', () => {
  const list = ref<Campaign[]>([])
  const loaded = ref(false)
  const loadError = ref<string | null>(null)
  let following = false

  async function load(): Promise<void> {
    const api = useConnection().client()
    if (!following) {
      following = true
      // Another window or tab may change the library: follow it.
      api.on('campaign.changed', () => void refresh())
    }
    await refresh()
  }

  async function refresh(): Promise<void> {
    try {
      list.value = await useConnection().client().call('campaign.list', {})
      loadError.value = null
    } catch (err) {
      loadError.value = (err as Error).message
    } finally {
      loaded.value = true
    }
  }

  const byId = computed(() => new Map(list.value.map((c) => [c.id, c])))

  async function create(input: MethodInput<'campaign.create'>): Promise<Campaign> {
    const c = await useConnection().client().call('campaign.create', input)
    list.value = [c, ...list.value.filter((x) => x.id !== c.id)]
    return c
  }

  async function rename(id: number, name: string): Promise<Campaign> {
    const c = await useConnection().client().call('campaign.rename', { id, name })
    list.value = list.value.map((x) => (x.id === id ? c : x))
    return c
  }

  async function remove(id: number, confirmName: string): Promise<void> {
    await useConnection().client().call('campaign.delete', { id, confirmName })
    list.value = list.value.filter((x) => x.id !== id)
  }

  return { list, loaded, loadError, byId, load, refresh, create, rename, remove }
})
