/** A call that follows its inputs with no wait, showing only the answer for the newest ones. */
import { onBeforeUnmount, ref, watch, type Ref, type WatchSource } from 'vue'
import { latestCall } from '../../../../../shared/latest-call'

/**
 * `load` runs at once when `source` changes (and once at first); while an answer is on its way only
 * the newest input waits, so the chart never shows odds for inputs already changed.
 * @example const odds = useLatest(() => input.value, (i) => api.call('challenge.odds', i))
 */
export function useLatest<I, T>(source: WatchSource<I>, load: (input: I) => Promise<T>): { value: Ref<T | null>; error: Ref<string | null>; failure: Ref<unknown>; busy: Ref<boolean> } {
  const value = ref<T | null>(null) as Ref<T | null>
  const error = ref<string | null>(null)
  const failure = ref<unknown>(null)
  const busy = ref(false)
  const call = latestCall(
    load,
    (answer) => {
      value.value = answer.ok ? answer.value : null
      error.value = answer.ok ? null : (answer.error as Error).message
      failure.value = answer.ok ? null : answer.error
    },
    (b) => (busy.value = b),
  )
  watch(source, (input) => call.ask(input), { deep: true, immediate: true })
  onBeforeUnmount(() => call.cancel())
  return { value, error, failure, busy }
}
