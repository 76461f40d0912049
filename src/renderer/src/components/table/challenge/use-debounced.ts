/** Runs a call a short while after its inputs stop changing, keeping only the latest answer. */
import { onBeforeUnmount, ref, watch, type Ref, type WatchSource } from 'vue'

/**
 * `load` runs ~100 ms after `source` last changed (and once at first); an answer that comes back
 * after a newer call started is dropped, so the chart never shows odds for inputs already changed.
 * @example const odds = useDebounced(() => input.value, (i) => api.call('challenge.odds', i))
 */
export function useDebounced<I, T>(source: WatchSource<I>, load: (input: I) => Promise<T>, delay = 100): { value: Ref<T | null>; error: Ref<string | null>; failure: Ref<unknown>; busy: Ref<boolean> } {
  const value = ref<T | null>(null) as Ref<T | null>
  const error = ref<string | null>(null)
  const failure = ref<unknown>(null)
  const busy = ref(false)
  let timer: ReturnType<typeof setTimeout> | null = null
  let latest = 0
  const run = async (input: I): Promise<void> => {
    const mine = ++latest
    busy.value = true
    try {
      const answer = await load(input)
      if (mine !== latest) return
      value.value = answer
      error.value = null
      failure.value = null
    } catch (err) {
      if (mine !== latest) return
      value.value = null
      error.value = (err as Error).message
      failure.value = err
    } finally {
      if (mine === latest) busy.value = false
    }
  }
  watch(
    source,
    (input) => {
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => void run(input), delay)
    },
    { deep: true, immediate: true },
  )
  onBeforeUnmount(() => {
    if (timer) clearTimeout(timer)
  })
  return { value, error, failure, busy }
}
