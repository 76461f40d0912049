/**
 * The open campaign's recent log, its newest 50: loaded once, then extended by pushed `log.added`
 * events, and read again when one change wrote too many entries to be pushed one by one (`log.many`).
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { LogEntry } from '../../../shared/contract'
import { useConnection } from './connection'

/** How many of the newest entries the home shows. */
const RECENT = 50

export const useCampaignLog = defineStore('campaign-log', () => {
  const campaignId = ref<number | null>(null)
  const entries = ref<LogEntry[]>([])
  const error = ref<string | null>(null)
  let unfollows: (() => void)[] = []
  /** Counts the reads asked for: only the newest one's answer is kept. */
  let asked = 0

  async function read(id: number): Promise<void> {
    const mine = ++asked
    try {
      const newest = await useConnection().client().call('log.list', { campaignId: id, limit: RECENT })
      if (mine !== asked) return
      entries.value = newest
      error.value = null
    } catch (err) {
      if (mine === asked) error.value = (err as Error).message
    }
  }

  async function open(id: number): Promise<void> {
    const api = useConnection().client()
    campaignId.value = id
    entries.value = []
    unfollows.forEach((off) => off())
    unfollows = [
      api.on('log.added', (entry) => {
        if (entry.campaignId === campaignId.value) keep(entry)
      }),
      // Too many entries to be sent one by one (a long downtime): the newest are read again.
      api.on('log.many', (many) => {
        if (many.campaignId === campaignId.value) void read(many.campaignId)
      }),
    ]
    await read(id)
  }

  /** A new entry on top of the newest, once (its push and the note's own answer may both bring it). */
  function keep(entry: LogEntry): void {
    if (!entries.value.some((e) => e.id === entry.id)) entries.value = [entry, ...entries.value].slice(0, RECENT)
  }

  async function note(text: string, gmOnly: boolean): Promise<void> {
    if (campaignId.value === null) return
    const entry = await useConnection().client().call('log.note', { campaignId: campaignId.value, text, gmOnly })
    keep(entry)
  }

  return { campaignId, entries, error, open, note }
})
