/**
 * Exact odds that follow the inputs (DICE-2): asked of the engine through `ladder.odds` about 100 ms
 * after the last change, answers to older inputs dropped. A refused input shows its sentence.
 */
import { onBeforeUnmount, ref, shallowRef, watch, type Ref } from 'vue'
import type { MethodInput } from '../../../../../shared/contract'
import type { Odds } from '../../../../../shared/api/table-ladder.contract'
import { useConnection } from '../../../stores/connection'

export const ODDS_DEBOUNCE_MS = 100

export function useOdds(input: Ref<MethodInput<'ladder.odds'> | null>) {
  const api = useConnection().client()
  const odds = shallowRef<Odds | null>(null)
  const error = ref<string | null>(null)
  let asked = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  async function ask(which: number, value: MethodInput<'ladder.odds'>): Promise<void> {
    try {
      const answer = await api.call('ladder.odds', value)
      if (which !== asked) return
      odds.value = answer
      error.value = null
    } catch (err) {
      if (which !== asked) return
      odds.value = null
      error.value = (err as Error).message
    }
  }

  watch(
    input,
    (value) => {
      clearTimeout(timer)
      const which = ++asked
      if (value === null) {
        odds.value = null
        return
      }
      timer = setTimeout(() => void ask(which, value), ODDS_DEBOUNCE_MS)
    },
    { immediate: true, deep: true },
  )
  onBeforeUnmount(() => clearTimeout(timer))
  return { odds, error }
}
