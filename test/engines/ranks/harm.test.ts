import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { beyondDoomed, recoverHarm, takeHarm, unharmed, type HarmTrack } from '../../../src/main/engines/ranks'

describe('RK-8: the Harm track', () => {
  it('each Harm marks the lowest free box: Weary, then Hurt, then Doomed', () => {
    let track: HarmTrack = unharmed()
    const marked: (string | null)[] = []
    for (let i = 0; i < 3; i++) {
      const r = takeHarm(track)
      track = r.track
      marked.push(r.marked)
      expect(r.beyondDoomed).toBe(false)
    }
    expect(marked).toEqual(['weary', 'hurt', 'doomed'])
    expect(track).toEqual({ weary: true, hurt: true, doomed: true })
  })

  it('Harm beyond Doomed marks nothing and takes the character out of the scene', () => {
    const doomed = { weary: true, hurt: true, doomed: true }
    expect(takeHarm(doomed)).toEqual({ track: doomed, marked: null, beyondDoomed: true })
  })

  it('a recovered box is the lowest free one again', () => {
    const healed = recoverHarm({ weary: true, hurt: true, doomed: false }, 'weary')
    if (!healed.ok) throw new Error(healed.reason)
    expect(takeHarm(healed.track).marked).toBe('weary')
  })

  it('recovering clears the highest marked box by default, and refuses a box that is not marked', () => {
    expect(recoverHarm({ weary: true, hurt: true, doomed: false })).toEqual({
      ok: true,
      track: { weary: true, hurt: false, doomed: false },
      recovered: 'hurt',
    })
    expect(recoverHarm(unharmed())).toEqual({ ok: false, reason: 'No Harm is marked, so there is none to recover.' })
    expect(recoverHarm({ weary: true, hurt: false, doomed: false }, 'doomed')).toEqual({
      ok: false,
      reason: 'Doomed is not marked, so it cannot be recovered.',
    })
  })

  it('beyond Doomed, a failed Courage roll removes the character from the campaign', () => {
    const r = beyondDoomed(scriptedDice([2, 4]), { courage: 'fair' })
    expect(r.roll?.result).toBe('poor')
    expect(r.outcome).toBe('removed')
  })

  it('beyond Doomed, a successful Courage roll means found recovering (still Doomed)', () => {
    expect(beyondDoomed(scriptedDice([3, 3]), { courage: 'fair' }).outcome).toBe('recovering')
    expect(beyondDoomed(scriptedDice([5, 1]), { courage: 'mediocre' }).outcome).toBe('recovering')
  })

  it('taking a Manifestation skips the Courage roll entirely', () => {
    // no dice are given: a roll would throw
    expect(beyondDoomed(scriptedDice([]), { courage: 'poor', manifestation: true })).toEqual({ outcome: 'manifestation' })
  })
})
