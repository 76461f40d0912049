/**
 * Odds that follow a roll panel's inputs (DICE-2). Where the page can work out the engine's exact
 * odds itself (`local` gives an answer), they are set in the same tick as the change, before the
 * next frame: no wait, no round trip. Otherwise (or where `local` answers null: something the page
 * has not loaded yet) they are asked of the API about `delay` ms after the last change, the newest
 * answer winning. A refused input shows its reason; `refresh` works them out again at once.
 */
import { computed, onBeforeUnmount, ref, shallowRef, watch } from 'vue'

/** The page's own answer: the odds, or the sentence that says why there are none. */
export type LocalOdds<Res> = { odds: Res; error: null } | { odds: null; error: string }

export function useOdds<Req, Res>(request: () => Req | null, fetch: (req: Req) => Promise<Res>, delay = 100, local?: (req: Req) => LocalOdds<Res> | null) {
  const odds = shallowRef<Res | null>(null)
  const error = ref<string | null>(null)
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked = 0
  const here = computed(() => {
    const req = request()
    return req === null || !local ? null : local(req)
  })

  async function ask(req: Req): Promise<void> {
    const mine = ++asked
    try {
      const answer = await fetch(req)
      if (mine !== asked) return
      odds.value = answer
      error.value = null
    } catch (err) {
      if (mine !== asked) return
      odds.value = null
      error.value = (err as Error).message
    }
  }

  function refresh(): void {
    clearTimeout(timer)
    const req = request()
    if (req === null) {
      asked++
      odds.value = null
      error.value = null
      return
    }
    const mine = here.value
    if (mine) {
      asked++
      odds.value = mine.odds
      error.value = mine.error
      return
    }
    timer = setTimeout(() => void ask(req), delay)
  }

  watch([() => JSON.stringify(request()), here], refresh, { immediate: true })
  onBeforeUnmount(() => clearTimeout(timer))
  return { odds, error, refresh }
}
