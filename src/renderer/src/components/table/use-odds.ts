/**
 * Odds that follow a roll panel's inputs: asked of the API (the engine's exact odds, DICE-2) about
 * 100 ms after the last change, the newest answer winning; a refused input shows its reason. Every
 * system's panel uses it; `refresh` asks again at once (after something else changed the odds).
 */
import { onBeforeUnmount, ref, shallowRef, watch } from 'vue'

export function useOdds<Req, Res>(request: () => Req | null, fetch: (req: Req) => Promise<Res>, delay = 100) {
  const odds = shallowRef<Res | null>(null)
  const error = ref<string | null>(null)
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked = 0

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
    timer = setTimeout(() => void ask(req), delay)
  }

  watch(() => JSON.stringify(request()), refresh, { immediate: true })
  onBeforeUnmount(() => clearTimeout(timer))
  return { odds, error, refresh }
}
