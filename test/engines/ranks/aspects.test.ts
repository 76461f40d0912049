import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { addAspect, invokeAspect, legendaryRefresh, refreshAspect, rollRank, type Aspect } from '../../../src/main/engines/ranks'

const aspects: Aspect[] = [
  { name: 'Fencing master', used: false },
  { name: 'Avenging his father', used: false },
]

describe('RK-4: aspects add +1d6 ranks after the roll is seen', () => {
  it('adds the aspect die to the roll and reads it again', () => {
    const poor = rollRank(scriptedDice([1, 3]), { ability: 'fair' })
    expect(poor.result).toBe('poor')
    const boosted = addAspect(scriptedDice([4]), poor)
    // 3 + 1 − 3 + 4 = 5
    expect(boosted).toEqual({ ability: 'fair', up: 1, down: 3, aspect: 4, result: 'great', colour: 'green' })
  })

  it('Decision: an aspect can lift a natural Terrible, judged on the first two dice only', () => {
    const natural = rollRank(scriptedDice([1, 6]), { ability: 'great' })
    expect(natural.result).toBe('terrible')
    expect(addAspect(scriptedDice([6]), natural).result).toBe('superb') // 5 + 1 − 6 + 6 = 6
    expect(addAspect(scriptedDice([1]), natural).result).toBe('poor') // 5 + 1 − 6 + 1 = 1
    // a Poor ability's natural Terrible stays Terrible on a small aspect die: 1 + 1 − 6 + 1 = −3
    const low = rollRank(scriptedDice([1, 6]), { ability: 'poor' })
    expect(addAspect(scriptedDice([1]), low).result).toBe('terrible')
  })

  it('Decision: after an aspect the sum is clamped, so a natural Legendary read again is Spectacular', () => {
    const legendary = rollRank(scriptedDice([6, 1]), { ability: 'fair' })
    expect(addAspect(scriptedDice([1]), legendary).result).toBe('spectacular')
  })

  it('only one aspect per task', () => {
    const once = addAspect(scriptedDice([2]), rollRank(scriptedDice([2, 4]), { ability: 'fair' }))
    expect(() => addAspect(scriptedDice([3]), once)).toThrow(/already has an aspect \(\+2\): only one aspect/)
    const again = invokeAspect(scriptedDice([3]), { roll: once, aspects, name: 'Fencing master' })
    expect(again).toMatchObject({ ok: false, reason: expect.stringMatching(/only one aspect per task/) })
  })

  it('an invoked aspect stays used until refreshed', () => {
    const roll = rollRank(scriptedDice([2, 4]), { ability: 'fair' })
    const first = invokeAspect(scriptedDice([5]), { roll, aspects, name: 'Fencing master' })
    if (!first.ok) throw new Error(first.reason)
    expect(first.roll.result).toBe('superb') // 3 + 2 − 4 + 5
    expect(first.aspects).toEqual([{ name: 'Fencing master', used: true }, { name: 'Avenging his father', used: false }])
    const next = rollRank(scriptedDice([2, 4]), { ability: 'fair' })
    expect(invokeAspect(scriptedDice([5]), { roll: next, aspects: first.aspects, name: 'Fencing master' })).toEqual({
      ok: false,
      reason: "'Fencing master' was already invoked and stays used until it is refreshed.",
    })
    const fresh = refreshAspect(first.aspects, 'Fencing master')
    expect(fresh.ok && fresh.aspects[0]).toEqual({ name: 'Fencing master', used: false })
    expect(refreshAspect(aspects, 'Fencing master')).toMatchObject({ ok: false, reason: expect.stringMatching(/not used/) })
  })

  it('refuses an aspect the character does not have, naming the ones it has', () => {
    const roll = rollRank(scriptedDice([2, 4]), { ability: 'fair' })
    expect(invokeAspect(scriptedDice([5]), { roll, aspects, name: 'Lucky' })).toEqual({
      ok: false,
      reason: "There is no aspect called 'Lucky'; the aspects are Fencing master, Avenging his father.",
    })
  })

  it('if the result is still a failure after the aspect, the character may leave the scene', () => {
    const roll = rollRank(scriptedDice([1, 5]), { ability: 'fair' })
    const still = invokeAspect(scriptedDice([2]), { roll, aspects, name: 'Fencing master' })
    expect(still.ok && still.roll.result).toBe('poor')
    expect(still.ok && still.mayLeaveScene).toBe(true)
    const saved = invokeAspect(scriptedDice([6]), { roll, aspects, name: 'Fencing master' })
    expect(saved.ok && saved.mayLeaveScene).toBe(false)
  })
})

describe('RK-3: a Legendary result refreshes one aspect when no other bonus is agreed', () => {
  it('refreshes on Legendary and refuses on anything less', () => {
    const used: Aspect[] = [{ name: 'Fencing master', used: true }]
    const legendary = rollRank(scriptedDice([6, 1]), { ability: 'good' })
    const r = legendaryRefresh(legendary, used, 'Fencing master')
    expect(r.ok && r.aspects).toEqual([{ name: 'Fencing master', used: false }])
    const spectacular = rollRank(scriptedDice([6, 2]), { ability: 'spectacular' })
    expect(legendaryRefresh(spectacular, used, 'Fencing master')).toMatchObject({ ok: false, reason: expect.stringMatching(/Only a Legendary/) })
  })
})
