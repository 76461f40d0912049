import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  applyHarm,
  hardinessStatus,
  heal,
  naturalHealingOdds,
  payHardiness,
  restoreMaximumHardiness,
  rollNaturalHealing,
} from '../../../src/main/engines/osr'
import { expectFrequenciesMatch, totalOf } from './helpers'

describe('OSR-19: injury and death', () => {
  it('OSR-19: H falls by the harm; a light blow breaks nothing', () => {
    expect(applyHarm({ h: 7, maxH: 7 }, 2)).toEqual({ h: 5, maxH: 7, incapacitated: false, dead: false, limb: 'none', maxHLost: 0 })
  })

  it('OSR-19: H 0 incapacitates, with no loss of maximum', () => {
    expect(applyHarm({ h: 2, maxH: 10 }, 2)).toMatchObject({ h: 0, maxH: 10, incapacitated: true, dead: false, maxHLost: 0 })
  })

  it('OSR-19: each point below 0 lowers maximum H by 1; further harm only costs the new points', () => {
    const first = applyHarm({ h: 2, maxH: 10 }, 4)
    expect(first).toMatchObject({ h: -2, maxH: 8, incapacitated: true, maxHLost: 2 })
    expect(applyHarm(first, 1)).toMatchObject({ h: -3, maxH: 7, maxHLost: 1 })
  })

  it('OSR-19: maximum H reaching 0 is death', () => {
    expect(applyHarm({ h: 1, maxH: 4 }, 3)).toMatchObject({ h: -2, maxH: 2, dead: false })
    expect(applyHarm({ h: 1, maxH: 4 }, 5)).toMatchObject({ h: -4, maxH: 0, dead: true, maxHLost: 4 })
    // Beyond death, maximum H stays at 0.
    expect(applyHarm({ h: -4, maxH: 0 }, 3)).toMatchObject({ maxH: 0, dead: true, maxHLost: 0 })
  })

  it('OSR-19: at least half the maximum in one blow breaks a limb; the whole maximum severs one', () => {
    expect(applyHarm({ h: 7, maxH: 7 }, 3).limb).toBe('none')
    expect(applyHarm({ h: 7, maxH: 7 }, 4).limb).toBe('broken')
    expect(applyHarm({ h: 8, maxH: 8 }, 4).limb).toBe('broken')
    expect(applyHarm({ h: 7, maxH: 7 }, 7).limb).toBe('severed')
    // Measured against the maximum, not what is left: a wounded chief still loses a limb only to a big blow.
    expect(applyHarm({ h: 2, maxH: 8 }, 3)).toMatchObject({ limb: 'none', incapacitated: true })
  })

  it("OSR-19: H paid for a spell counts like harm for H and maximum, but breaks no limb", () => {
    expect(payHardiness({ h: 2, maxH: 4 }, 2)).toEqual({ h: 0, maxH: 4, incapacitated: true, dead: false, limb: 'none', maxHLost: 0 })
    expect(payHardiness({ h: 1, maxH: 4 }, 2)).toMatchObject({ h: -1, maxH: 3, maxHLost: 1 })
  })

  it('OSR-19: status of a hardiness; bad input is refused', () => {
    expect(hardinessStatus({ h: 0, maxH: 3 })).toEqual({ incapacitated: true, dead: false })
    expect(() => applyHarm({ h: 5, maxH: 4 }, 1)).toThrow(/Current H \(5\) cannot be above maximum H \(4\)/)
    expect(() => applyHarm({ h: 4, maxH: 4 }, -1)).toThrow(/H lost must be at least 0; got -1/)
  })

  it('OSR-19: lost maximum stays lost until the GM restores it', () => {
    const hurt = applyHarm({ h: 1, maxH: 4 }, 2)
    expect(rollNaturalHealing(scriptedDice([6, 6, 6]), hurt, { days: 3 })).toMatchObject({ h: 3, maxH: 3 })
    expect(restoreMaximumHardiness({ h: 3, maxH: 3 }, { maxH: 4 })).toEqual({ h: 3, maxH: 4 })
    expect(() => restoreMaximumHardiness({ h: 3, maxH: 3 }, { maxH: 2 })).toThrow(/restored maximum H must be at least 3/)
  })
})

describe('OSR-20: natural healing', () => {
  it('OSR-20: 1d2 H per full day of rest (on a d6: 1–3 → 1, 4–6 → 2), never above the maximum', () => {
    expect(rollNaturalHealing(scriptedDice([3]), { h: 1, maxH: 5 }, { days: 1 })).toEqual({ h: 2, maxH: 5, healed: 1, faces: [3] })
    expect(rollNaturalHealing(scriptedDice([4, 6]), { h: 1, maxH: 4 }, { days: 2 })).toEqual({ h: 4, maxH: 4, healed: 3, faces: [4, 6] })
  })

  it('OSR-20: a day that starts at full H rolls nothing, so resting 3 days equals 3 single days', () => {
    expect(rollNaturalHealing(scriptedDice([6]), { h: 3, maxH: 4 }, { days: 3 }).faces).toEqual([6])
    const faces = [2, 5, 1]
    const atOnce = rollNaturalHealing(scriptedDice(faces), { h: -2, maxH: 6 }, { days: 3 })
    const dice = scriptedDice(faces)
    let state = { h: -2, maxH: 6 }
    for (let day = 0; day < 3; day++) state = rollNaturalHealing(dice, state, { days: 1 })
    expect({ h: atOnce.h, maxH: atOnce.maxH }).toEqual({ h: state.h, maxH: state.maxH })
  })

  it('OSR-20 with OSR-19: an incapacitated character wakes when H rises above 0', () => {
    const healed = rollNaturalHealing(scriptedDice([5]), { h: -1, maxH: 3 }, { days: 1 })
    expect(healed.h).toBe(1)
    expect(hardinessStatus(healed).incapacitated).toBe(false)
  })

  it('OSR-20: the dead do not heal; part days are refused', () => {
    expect(() => heal({ h: -4, maxH: 0 }, 1)).toThrow(/dead character/)
    expect(() => rollNaturalHealing(scriptedDice([1]), { h: 1, maxH: 4 }, { days: 1.5 })).toThrow(/full days of rest must be a whole number/)
  })

  it('OSR-20 / DICE-2: exact odds of H after days of rest, capped at the maximum; 200,000 rests agree', () => {
    expect(naturalHealingOdds({ h: 3, maxH: 4 }, { days: 1 })).toEqual({ 4: 1 })
    const odds = naturalHealingOdds({ h: 0, maxH: 5 }, { days: 3 })
    expect(odds[3]).toBeCloseTo(1 / 8, 15)
    expect(odds[4]).toBeCloseTo(3 / 8, 15)
    expect(odds[5]).toBeCloseTo(4 / 8, 15)
    expect(totalOf(odds)).toBeCloseTo(1, 14)
    expectFrequenciesMatch('osr-healing', odds, (d) => rollNaturalHealing(d, { h: 0, maxH: 5 }, { days: 3 }).h)
  })
})
