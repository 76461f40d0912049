/**
 * A call that follows inputs as they change, with no wait: the first change is asked at once;
 * while an answer is on its way, only the newest input is kept, and asked for when that answer
 * comes (an answer for inputs already changed is never shown). So a chart follows typing as fast
 * as the server answers, and a burst of changes costs at most two calls in flight, not one each.
 */
export type Answer<T> = { ok: true; value: T } | { ok: false; error: unknown }

export interface LatestCall<I> {
  /** Asks for `input`: now, or once the call on its way has answered. */
  ask(input: I): void
  /** Drops the call on its way and any input waiting: their answers are not applied. */
  cancel(): void
  /** True while a call is on its way or an input waits. */
  busy(): boolean
}

/**
 * @example const odds = latestCall((req) => api.call('osr.odds', req), (a) => (a.ok ? show(a.value) : fail(a.error)))
 */
export function latestCall<I, T>(load: (input: I) => Promise<T>, apply: (answer: Answer<T>) => void, onBusy?: (busy: boolean) => void): LatestCall<I> {
  let inFlight = false
  let waiting: { input: I } | null = null
  let generation = 0
  const report = () => onBusy?.(inFlight || waiting !== null)
  async function go(input: I): Promise<void> {
    inFlight = true
    report()
    const mine = generation
    let answer: Answer<T>
    try {
      answer = { ok: true, value: await load(input) }
    } catch (error) {
      answer = { ok: false, error }
    }
    inFlight = false
    if (waiting !== null) {
      const next = waiting.input
      waiting = null
      void go(next)
      return
    }
    if (mine === generation) apply(answer)
    report()
  }
  return {
    ask(input: I): void {
      if (inFlight) {
        waiting = { input }
        report()
      } else void go(input)
    },
    cancel(): void {
      generation++
      waiting = null
      report()
    },
    busy: () => inFlight || waiting !== null,
  }
}
