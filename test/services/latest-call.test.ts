/**
 * The odds charts' calls to the server (DICE-2): asked at once with no debounce, and while one is
 * on its way only the newest inputs wait, so a burst of changes shows the odds of the last one
 * and never those of inputs already changed.
 */
import { describe, expect, it } from 'vitest'
import { latestCall, type Answer } from '../../src/shared/latest-call'

/** A server whose answers the test releases one at a time. */
function server() {
  const asked: number[] = []
  const pending: (() => void)[] = []
  const load = (n: number) =>
    new Promise<number>((resolve, reject) => {
      asked.push(n)
      pending.push(() => (n < 0 ? reject(new Error(`refused ${n}`)) : resolve(n * 10)))
    })
  const answerNext = async () => {
    pending.shift()!()
    await new Promise((r) => setTimeout(r, 0))
  }
  return { asked, load, answerNext }
}

describe('latestCall', () => {
  it('asks at once, and shows the answer', async () => {
    const s = server()
    const shown: Answer<number>[] = []
    const call = latestCall(s.load, (a) => shown.push(a))
    call.ask(1)
    expect(s.asked).toEqual([1])
    await s.answerNext()
    expect(shown).toEqual([{ ok: true, value: 10 }])
    expect(call.busy()).toBe(false)
  })

  it('while an answer is on its way keeps only the newest input, and never shows an answer for inputs already changed', async () => {
    const s = server()
    const shown: Answer<number>[] = []
    const busy: boolean[] = []
    const call = latestCall(s.load, (a) => shown.push(a), (b) => busy.push(b))
    call.ask(1)
    call.ask(2)
    call.ask(3)
    expect(s.asked).toEqual([1])
    await s.answerNext()
    // The answer for 1 is dropped: 3 is asked in its place, and 2 never.
    expect(shown).toEqual([])
    expect(s.asked).toEqual([1, 3])
    expect(call.busy()).toBe(true)
    await s.answerNext()
    expect(shown).toEqual([{ ok: true, value: 30 }])
    expect(busy.at(-1)).toBe(false)
  })

  it('a refusal is shown as the answer; cancel drops the call on its way', async () => {
    const s = server()
    const shown: Answer<number>[] = []
    const call = latestCall(s.load, (a) => shown.push(a))
    call.ask(-1)
    await s.answerNext()
    expect(shown[0]!.ok).toBe(false)
    call.ask(4)
    call.cancel()
    await s.answerNext()
    expect(shown).toHaveLength(1)
  })
})
