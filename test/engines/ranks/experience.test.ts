import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { addAspect, experienceFor, rollRank, type ExperienceRule } from '../../../src/main/engines/ranks'

const roll = (up: number, down: number) => rollRank(scriptedDice([up, down]), { ability: 'fair' })

describe('RK-6: experience, by campaign setting', () => {
  it("'losses': +1 XP when the final result is Poor or Terrible, none otherwise", () => {
    expect(experienceFor(roll(2, 4), 'losses')).toEqual({ xp: 1, reasons: ['a Poor result'] })
    expect(experienceFor(roll(1, 2), 'losses').xp).toBe(0) // Mediocre
    expect(experienceFor(roll(4, 3), 'losses').xp).toBe(0)
  })

  it('accepting a Terrible as final adds +1 XP on top, under either rule', () => {
    expect(experienceFor(roll(1, 6), 'losses')).toEqual({ xp: 2, reasons: ['a Terrible result', 'accepted a Terrible result'] })
    expect(experienceFor(roll(1, 6), 'unchanged-aspect')).toEqual({ xp: 1, reasons: ['accepted a Terrible result'] })
  })

  it("'unchanged-aspect': +1 XP when the aspect left the outcome band as it was (seed: the 1-in-6 aspect that gives no benefit)", () => {
    const poor = roll(2, 4)
    expect(experienceFor(addAspect(scriptedDice([1]), poor), 'unchanged-aspect')).toEqual({
      xp: 1,
      reasons: ['the aspect did not change the outcome'],
    })
    expect(experienceFor(addAspect(scriptedDice([2]), poor), 'unchanged-aspect').xp).toBe(0) // Fair
    // Good → Great stays partial success
    expect(experienceFor(addAspect(scriptedDice([1]), roll(4, 3)), 'unchanged-aspect').xp).toBe(1)
  })

  it("'unchanged-aspect' gives nothing without an aspect, nor when the band changed (Terrible → Poor)", () => {
    expect(experienceFor(roll(2, 4), 'unchanged-aspect').xp).toBe(0)
    const lifted = addAspect(scriptedDice([1]), roll(1, 4)) // 3 + 1 − 4 = 0, Terrible; + 1 = Poor
    expect(experienceFor(lifted, 'unchanged-aspect').xp).toBe(0)
    // under 'losses' the same final Poor earns its point
    expect(experienceFor(lifted, 'losses').xp).toBe(1)
  })

  it('a Terrible that an aspect failed to lift earns the unchanged-aspect point and the Terrible point', () => {
    const natural = rollRank(scriptedDice([1, 6]), { ability: 'poor' })
    expect(experienceFor(addAspect(scriptedDice([2]), natural), 'unchanged-aspect').xp).toBe(2)
  })

  it('refuses an unknown rule', () => {
    expect(() => experienceFor(roll(2, 4), 'milestones' as ExperienceRule)).toThrow(/losses or unchanged-aspect/)
  })
})
