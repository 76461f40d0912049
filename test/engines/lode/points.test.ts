import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  attemptPool,
  giveUpHalfmagic,
  newHalfmagicScene,
  rerollDeliberate,
  rerollWithDestiny,
  rollPool,
  startDeliberateHalfmagic,
  stopDeliberate,
} from '../../../src/main/engines/lode'

function expectOk<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r)}`)
  return r as Extract<T, { ok: true }>
}

describe('LODE-9: Destiny re-rolls and Energy dice', () => {
  it('spending a Destiny point rolls all the dice again; the old roll is kept for the log', () => {
    const dice = scriptedDice([1, 2, 5, 4])
    const first = expectOk(attemptPool(dice, { baseDice: 2 }, { destiny: 1, energy: 0 }))
    expect(first.attempt.result.successes).toBe(0)
    const again = expectOk(rerollWithDestiny(dice, first.attempt))
    expect(again.attempt.result.rolled).toEqual([5, 4])
    expect(again.attempt.earlier.map((r) => r.rolled)).toEqual([[1, 2]])
    expect(again.attempt.points.destiny).toBe(0)
    expect(again.attempt.entries).toEqual([{ point: 'destiny', change: -1, reason: 'a re-roll' }])
  })

  it('refuses a re-roll with no Destiny left, leaving nothing rolled', () => {
    const dice = scriptedDice([1, 2])
    const first = expectOk(attemptPool(dice, { baseDice: 2 }, { destiny: 0, energy: 0 }))
    const again = rerollWithDestiny(dice, first.attempt)
    expect(again).toEqual({ ok: false, reason: 'No Destiny point is left to spend on a re-roll.' })
  })

  it('Decision: each Energy point spent adds one die, and is taken from the ledger', () => {
    const r = expectOk(attemptPool(scriptedDice([4, 4, 4, 1]), { baseDice: 2, energy: 2 }, { destiny: 0, energy: 3 }))
    expect(r.attempt.result.pool).toBe(4)
    expect(r.attempt.points).toEqual({ destiny: 0, energy: 1 })
    expect(r.attempt.entries).toEqual([{ point: 'energy', change: -2, reason: '2 extra dice for this roll' }])
  })

  it('a Destiny re-roll keeps the Energy dice without charging them again', () => {
    const dice = scriptedDice([1, 1, 1, 4, 4, 4])
    const first = expectOk(attemptPool(dice, { baseDice: 2, energy: 1 }, { destiny: 1, energy: 1 }))
    const again = expectOk(rerollWithDestiny(dice, first.attempt))
    expect(again.attempt.result.pool).toBe(3)
    expect(again.attempt.points).toEqual({ destiny: 0, energy: 0 })
  })

  it('refuses to spend Energy the character does not have, or a broken roll, in plain words', () => {
    expect(attemptPool(scriptedDice([]), { baseDice: 2, energy: 3 }, { destiny: 0, energy: 1 })).toEqual({
      ok: false,
      reason: 'Spending 3 Energy needs 3 Energy points, but only 1 are left.',
    })
    const bad = attemptPool(scriptedDice([]), { baseDice: 2, advantages: -2 }, { destiny: 0, energy: 0 })
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.reason).toMatch(/Advantages must be a whole number, 0 or more; got -2/)
    expect(attemptPool(scriptedDice([]), { baseDice: 2 }, { destiny: -1, energy: 0 })).toMatchObject({ ok: false })
  })
})

describe('LODE-10: deliberate Halfmagic', () => {
  // 9 advantages at BD 2: 11 dice; nine 4s reach the Web of 9
  const hit = [4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 1]
  const miss = [4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1]

  it('is rolled at BD 2 and costs one Destiny point even when the first roll works', () => {
    const r = expectOk(startDeliberateHalfmagic(scriptedDice(hit), { advantages: 9 }, { destiny: 2, energy: 0 }))
    expect(r.state.attempt.result.pool).toBe(11)
    expect(r.state.status).toBe('succeeded')
    expect(r.state.attempt.points.destiny).toBe(1)
    expect(r.state.attempt.entries[0]).toMatchObject({ point: 'destiny', change: -1 })
  })

  it('ignores any other Base Dice asked for: it is always BD 2', () => {
    const input = { advantages: 9, baseDice: -5 } as { advantages: number }
    const r = expectOk(startDeliberateHalfmagic(scriptedDice(hit), input, { destiny: 1, energy: 0 }))
    expect(r.state.attempt.result.pool).toBe(11)
  })

  it('needs at least one Destiny point to try at all', () => {
    expect(startDeliberateHalfmagic(scriptedDice(hit), { advantages: 9 }, { destiny: 0, energy: 0 })).toEqual({
      ok: false,
      reason: 'A deliberate Halfmagic attempt costs at least one Destiny point, and none is left.',
    })
  })

  it('the point paid up front covers the first re-roll; each later one costs a point', () => {
    const dice = scriptedDice([...miss, ...miss, ...hit])
    const start = expectOk(startDeliberateHalfmagic(dice, { advantages: 9 }, { destiny: 2, energy: 0 }))
    expect(start.state.status).toBe('rolling')
    const second = expectOk(rerollDeliberate(dice, start.state))
    expect(second.state.attempt.points.destiny).toBe(1)
    expect(second.state.status).toBe('rolling')
    const third = expectOk(rerollDeliberate(dice, second.state))
    expect(third.state.attempt.points.destiny).toBe(0)
    expect(third.state.status).toBe('succeeded')
    expect(third.state.attempt.earlier).toHaveLength(2)
  })

  it('succeeds only on Halfmagic: a high but short result fails when the player stops', () => {
    const dice = scriptedDice([4, 4, 4, 4, 4, 4, 4, 4, 1, 1, 1])
    const start = expectOk(startDeliberateHalfmagic(dice, { advantages: 9 }, { destiny: 1, energy: 0 }))
    expect(start.state.attempt.result.successes).toBe(8)
    expect(start.state.status).toBe('rolling')
    expect(expectOk(stopDeliberate(start.state)).state.status).toBe('failed')
  })

  it('refuses re-rolls after success, after giving up, and with no Destiny left', () => {
    const won = expectOk(startDeliberateHalfmagic(scriptedDice(hit), { advantages: 9 }, { destiny: 1, energy: 0 }))
    expect(rerollDeliberate(scriptedDice([]), won.state)).toMatchObject({ ok: false, reason: expect.stringMatching(/already succeeded/) })
    const dice = scriptedDice([...miss, ...miss])
    const start = expectOk(startDeliberateHalfmagic(dice, { advantages: 9 }, { destiny: 1, energy: 0 }))
    const free = expectOk(rerollDeliberate(dice, start.state))
    expect(rerollDeliberate(dice, free.state)).toMatchObject({ ok: false, reason: expect.stringMatching(/No Destiny point/) })
    const stopped = expectOk(stopDeliberate(free.state))
    expect(rerollDeliberate(dice, stopped.state)).toMatchObject({ ok: false, reason: expect.stringMatching(/given up/) })
  })
})

describe('LODE-11: giving up Halfmagic', () => {
  const halfmagic = rollPool(scriptedDice([4, 4, 4, 4, 4, 4, 4, 4, 4]), { baseDice: 9 })

  it('the successes stand as an ordinary result and the character gains a Destiny point', () => {
    const r = expectOk(giveUpHalfmagic(newHalfmagicScene(), { result: halfmagic, character: 'Brann' }))
    expect(r.result.successes).toBe(9)
    expect(r.result.label).toBe('astonishing')
    expect(r.result.halfmagic).toBe(0)
    expect(r.destinyTo).toBe('Brann')
    expect(r.scene.keptBy).toEqual(['Brann'])
  })

  it('only the first in a scene is kept: the next must go to another player’s character', () => {
    const first = expectOk(giveUpHalfmagic(newHalfmagicScene(), { result: halfmagic, character: 'Brann' }))
    const refused = giveUpHalfmagic(first.scene, { result: halfmagic, character: 'Brann' })
    expect(refused).toMatchObject({ ok: false, reason: expect.stringMatching(/Brann already kept.*another player's character.*Say whose/) })
    expect(giveUpHalfmagic(first.scene, { result: halfmagic, character: 'Brann', giveTo: 'Brann' }).ok).toBe(false)
    const given = expectOk(giveUpHalfmagic(first.scene, { result: halfmagic, character: 'Brann', giveTo: 'Ysolde' }))
    expect(given.destinyTo).toBe('Ysolde')
    // another character still keeps their own first one
    expect(expectOk(giveUpHalfmagic(given.scene, { result: halfmagic, character: 'Ysolde' })).destinyTo).toBe('Ysolde')
  })

  it('a new scene lets the character keep one again', () => {
    const first = expectOk(giveUpHalfmagic(newHalfmagicScene(), { result: halfmagic, character: 'Brann' }))
    expect(first.scene.keptBy).toContain('Brann')
    expect(giveUpHalfmagic(newHalfmagicScene(), { result: halfmagic, character: 'Brann' }).ok).toBe(true)
  })

  it('refuses a roll without Halfmagic', () => {
    const plain = rollPool(scriptedDice([4, 4]), { baseDice: 2 })
    expect(giveUpHalfmagic(newHalfmagicScene(), { result: plain, character: 'Brann' })).toEqual({
      ok: false,
      reason: 'This roll has no Halfmagic to give up.',
    })
  })
})
