/**
 * Odds that follow a roll panel's inputs (DICE-2). Where the page can work out the engine's exact
 * odds itself (`local` gives an answer), they are set in the same tick as the change, before the
 * next frame: no wait, no round trip. Otherwise (or where `local` answers null: something the page
 * has not loaded yet) they are asked of the API at once, and while an answer is on its way only the
 * newest inputs wait (shared/latest-call.ts): no debounce, and never odds for inputs already changed. A
 * refused input shows its reason; `refresh` works them out again at once.
 */
import { computed, onBeforeUnmount, ref, shallowRef, watch } from 'vue'
import { latestCall } from '../../../../shared/latest-call'

/** The page's own answer: the odds, or the sentence that says why there are none. */
export type LocalOdds<Res> = { odds: Res; error: null } | { odds: null; error: string }

export function useOdds<Req, Res>(request: () => Req | null, fetch: (req: Req) => Promise<Res>, local?: (req: Req) => LocalOdds<Res> | null) {
  const odds = shallowRef<Res | null>(null)
  const error = ref<string | null>(null)
  const here = computed(() => {
    const req = request()
    return req === null || !local ? null : local(req)
  })
  const call = latestCall(fetch, (answer) => {
    odds.value = answer.ok ? answer.value : null
    error.value = answer.ok ? null : (answer.error as Error).message
  })

  function refresh(): void {
    const req = request()
    if (req === null) {
      call.cancel()
      odds.value = null
      error.value = null
      return
    }
    const mine = here.value
    if (mine) {
      call.cancel()
      odds.value = mine.odds
      error.value = mine.error
      return
    }
    call.ask(req)
  }

  watch([() => JSON.stringify(request()), here], refresh, { immediate: true })
  onBeforeUnmount(() => call.cancel())
  return { odds, error, refresh }
}
