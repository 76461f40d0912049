/** The open campaign's recent log: loaded once, then extended by pushed `log.added` events. */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { LogEntry } from '../../../shared/contract'
import { useConnection } from './connection'

export const useCampaignLog = defineStore('campaign-log', () => {
  const campaignId = ref<number | null>(null)
  const entries = ref<LogEntry[]>([])
  const error = ref<string | null>(null)
  let unfollow: (() => void) | null = null

  async function open(id: number): Promise<void> {
    const api = useConnection().client()
    campaignId.value = id
    entries.value = []
    unfollow?.()
    unfollow = api.on('log.added', (entry) => {
      if (entry.campaignId === campaignId.value && !entries.value.some((e) => e.id === entry.id)) {
        entries.value = [entry, ...entries.value]
      }
    })
    try {
      entries.value = await api.call('log.list', { campaignId: id, limit: 50 })
      error.value = null
    } catch (err) {
      error.value = (err as Error).message
    }
  }

  async function note(text: string, gmOnly: boolean): Promise<void> {
    if (campaignId.value === null) return
    const entry = await useConnection().client().call('log.note', { campaignId: campaignId.value, text, gmOnly })
    if (!entries.value.some((e) => e.id === entry.id)) entries.value = [entry, ...entries.value]
  }

  return { campaignId, entries, error, open, note }
})
