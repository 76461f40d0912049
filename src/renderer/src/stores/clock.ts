/**
 * The open campaign's clock: loaded once, then reloaded when the clock moves or the party's
 * inventory changes (a torch bought, rations eaten), in this window or another.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef, watch } from 'vue'
import { STOP_KINDS, type StopKindName } from '../../../shared/api/clock.names'
import type { ClockReport, ClockView, MethodInput } from '../../../shared/contract'
import type { MethodName } from '../../../shared/methods'
import { useConnection } from './connection'
import { reloadOnce } from '../composables/reload-once'

type CampaignMethod = Extract<
  MethodName,
  | 'clock.advance'
  | 'clock.goOn'
  | 'clock.setTime'
  | 'clock.startCombat'
  | 'clock.nextRound'
  | 'clock.endCombat'
  | 'clock.setMode'
  | 'clock.setEncounter'
  | 'light.light'
  | 'light.douse'
  | 'light.refill'
  | 'light.handOver'
  | 'timer.add'
  | 'timer.remove'
  | 'clock.rest'
  | 'journey.plan'
  | 'journey.setOut'
  | 'journey.travel'
  | 'journey.detour'
  | 'journey.forcedMarch'
  | 'journey.turnBack'
  | 'journey.stop'
  | 'journey.weather'
  | 'journey.watch'
>

const UNTIL_KEY = 'lantern.clock.until'
/** CLK-3's "something happens", unless the GM chose otherwise. */
export const DEFAULT_UNTIL: StopKindName[] = ['encounter', 'light out', 'timer', 'new day']

function storedUntil(): StopKindName[] {
  try {
    const kinds = JSON.parse(localStorage.getItem(UNTIL_KEY) ?? 'null') as unknown
    if (Array.isArray(kinds) && kinds.length > 0 && kinds.every((k) => (STOP_KINDS as readonly string[]).includes(k))) return kinds as StopKindName[]
  } catch {
    // a damaged preference falls back to the default
  }
  return [...DEFAULT_UNTIL]
}

export const useClock = defineStore('clock', () => {
  /** What "until something happens" stops at, as this GM chose (kept on this screen). */
  const until = ref<StopKindName[]>(storedUntil())
  watch(until, (kinds) => localStorage.setItem(UNTIL_KEY, JSON.stringify(kinds)), { deep: true })
  const campaignId = ref<number | null>(null)
  const clock = shallowRef<ClockView | null>(null)
  /** What the last step did (its lines, an encounter found), for the bar's alert. */
  const last = shallowRef<ClockReport | null>(null)
  const error = ref<string | null>(null)
  /**
   * Where the refusal in `error` is said, once: 'bar' (the clock bar, for what the bar, its keys,
   * the palette and the table ask), or the name of the panel whose form asked (ClockRefusal).
   */
  const errorAt = ref('bar')
  const busy = ref(false)
  let offs: (() => void)[] = []

  async function reload(): Promise<void> {
    if (campaignId.value === null) return
    try {
      clock.value = await useConnection().client().call('clock.get', { campaignId: campaignId.value })
    } catch (err) {
      error.value = (err as Error).message
      errorAt.value = 'bar'
    }
  }

  async function open(id: number): Promise<void> {
    if (campaignId.value === id && clock.value) return
    offs.forEach((off) => off())
    campaignId.value = id
    clock.value = null
    last.value = null
    error.value = null
    const api = useConnection().client()
    // A step's events come many at once (a row changed each): one reload on its way, one after.
    const soon = reloadOnce(reload)
    offs = [
      // Any clock change (a step, an undo from the log, another window): show the clock as it is.
      api.on('clock.moved', (m) => {
        if (m.campaignId === campaignId.value) soon()
      }),
      api.on('record.changed', (c) => {
        if (c.campaignId === campaignId.value && (c.kind === 'inventory' || c.kind === 'character')) soon()
      }),
      // Settings say where a new clock starts and whether a reaction is rolled (CLK-1, CLK-4).
      api.on('campaign.changed', (c) => {
        if (c.campaignId === campaignId.value && c.change === 'settings') soon()
      }),
    ]
    await reload()
  }

  // Actions run one after another in the order asked: T pressed twice is two turns.
  let queue: Promise<unknown> = Promise.resolve()
  let waiting = 0

  /** Runs one clock action after those already asked for; a refusal is said where it was asked (`from`, see errorAt), not thrown. */
  function act<K extends CampaignMethod>(method: K, input: Omit<MethodInput<K>, 'campaignId'>, from = 'bar'): Promise<ClockReport | null> {
    waiting++
    busy.value = true
    const run = queue.then(() => runAct(method, input, from))
    queue = run.finally(() => {
      waiting--
      busy.value = waiting > 0
    })
    return run
  }

  async function runAct<K extends CampaignMethod>(method: K, input: Omit<MethodInput<K>, 'campaignId'>, from: string): Promise<ClockReport | null> {
    if (campaignId.value === null) return null
    error.value = null
    errorAt.value = from
    try {
      const report = (await useConnection()
        .client()
        .call(method, { campaignId: campaignId.value, ...input } as MethodInput<K>)) as ClockReport
      clock.value = report.clock
      last.value = report
      undone.value = null
      return report
    } catch (err) {
      error.value = (err as Error).message
      return null
    }
  }

  /** Undoes the last action of play, whatever it was (a clock step, a spend, an injury, a roll). */
  async function undoLast(): Promise<void> {
    if (campaignId.value === null) return
    error.value = null
    errorAt.value = 'bar'
    try {
      const r = await useConnection().client().call('play.undo', { campaignId: campaignId.value })
      last.value = null
      undone.value = `Undone: ${r.undone}.`
      await reload()
    } catch (err) {
      error.value = (err as Error).message
    }
  }
  const undone = ref<string | null>(null)

  /** Makes again what was just undone, with the same dice (Ctrl+Shift+Z). */
  async function redoLast(): Promise<void> {
    if (campaignId.value === null) return
    error.value = null
    errorAt.value = 'bar'
    try {
      const r = await useConnection().client().call('play.redo', { campaignId: campaignId.value })
      last.value = null
      undone.value = `Redone: ${r.redone}.`
      await reload()
    } catch (err) {
      error.value = (err as Error).message
    }
  }

  function dismiss(): void {
    last.value = null
    error.value = null
  }

  return { campaignId, clock, last, error, errorAt, busy, until, undone, open, reload, act, undoLast, redoLast, dismiss }
})
