import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { accuracyFt, rangePenalty, reload, rollShot, shotOdds, type ShotInput } from '../../../src/main/engines/osr'
import { expectFrequenciesMatch, totalOf } from './helpers'

/** Glam (M 0, B −1) hurls a rock at the alembic 50 ft away. */
const rock: ShotInput = { attackerM: 0, attackerB: -1, distanceFt: 50, accuracyFt: accuracyFt({ launcher: 'thrown', throwerB: -1 }), weapon: 'short' }

describe('OSR-18: shots', () => {
  it('OSR-18 (seed example): the rock has accuracy 9 ft; 50 ft away is −5; a 6 gives 1 (not a natural 1) and misses', () => {
    expect(rock.accuracyFt).toBe(9)
    expect(rangePenalty({ distanceFt: 50, accuracyFt: 9 })).toBe(5)
    const shot = rollShot(scriptedDice([6]), rock)
    expect(shot).toMatchObject({ natural: 6, total: 1, success: false, spectacular: false, modifier: -5, rangePenalty: 5, harm: null, faces: [6] })
  })

  it('OSR-18: accuracy 25 ft for slings, shortbows, light crossbows; 50 ft for longbows, heavy crossbows; firearms 2× or 3×', () => {
    expect(accuracyFt({ launcher: 'low-powered' })).toBe(25)
    expect(accuracyFt({ launcher: 'high-powered' })).toBe(50)
    expect(accuracyFt({ launcher: 'low-powered', firearm: 2 })).toBe(50)
    expect(accuracyFt({ launcher: 'high-powered', firearm: 3 })).toBe(150)
    expect(accuracyFt({ launcher: 'thrown', throwerB: 1 })).toBe(11)
    expect(() => accuracyFt({ launcher: 'catapult' as 'thrown', throwerB: 0 })).toThrow(/"catapult" is not a launcher; use one of thrown, low-powered, high-powered/)
  })

  it('OSR-18: only full multiples of accuracy count: 49 ft at 25 ft is −1, 50 ft is −2, 24 ft nothing', () => {
    expect([24, 25, 49, 50].map((distanceFt) => rangePenalty({ distanceFt, accuracyFt: 25 }))).toEqual([0, 1, 1, 2])
  })

  it('OSR-18: a hit does harm by weapon class + B (OSR-16); M, not B, modifies the roll', () => {
    const bow: ShotInput = { attackerM: 1, attackerB: -1, distanceFt: 60, accuracyFt: 50, weapon: 'standard' }
    const shot = rollShot(scriptedDice([9, 4]), bow)
    expect(shot).toMatchObject({ total: 9, modifier: 0, success: false })
    const hit = rollShot(scriptedDice([10, 4]), bow)
    expect(hit).toMatchObject({ total: 10, success: true, harm: { dice: '1d6', rolled: 4, harm: 3 }, faces: [10, 4] })
  })

  it('OSR-18: natural 20 hits from any distance', () => {
    expect(rollShot(scriptedDice([20, 1]), { ...rock, distanceFt: 5000 }).success).toBe(true)
  })

  it('OSR-18: an unloaded crossbow cannot shoot; reloading takes one action', () => {
    const crossbow: ShotInput = { attackerM: 0, attackerB: 0, distanceFt: 20, accuracyFt: 25, weapon: 'long', loaded: false }
    expect(() => rollShot(scriptedDice([15]), crossbow)).toThrow(/not loaded: reloading .* takes one action/)
    expect(reload(scriptedDice([]))).toEqual({ loaded: true, actions: 1, check: null })
  })

  it('OSR-18: reloading with loose black powder is uncertain: a check', () => {
    expect(reload(scriptedDice([9]), { loosePowder: { modifier: 0 } })).toMatchObject({ loaded: false, actions: 1, check: { natural: 9, success: false } })
    expect(reload(scriptedDice([10]), { loosePowder: { modifier: 0 } }).loaded).toBe(true)
  })

  it('OSR-18: a negative distance is refused', () => {
    expect(() => rollShot(scriptedDice([10]), { ...rock, distanceFt: -1 })).toThrow(/distance to the target must be a number of at least 0; got -1/)
  })

  it('OSR-18 / DICE-2: exact odds of the rock; 200,000 throws at 20 ft with a sling stone agree', () => {
    expect(shotOdds(rock).hit).toBeCloseTo(6 / 20, 15)
    const sling: ShotInput = { attackerM: 0, attackerB: 1, distanceFt: 20, accuracyFt: 25, weapon: 'short' }
    const odds = shotOdds(sling)
    expect(odds.hit).toBeCloseTo(11 / 20, 15)
    expect(odds.harm[0]).toBeCloseTo(9 / 20, 15)
    expect(odds.harm[4]).toBeCloseTo((11 / 20) * (1 / 3), 15)
    expect(totalOf(odds.harm)).toBeCloseTo(1, 14)
    expectFrequenciesMatch('osr-shot', odds.harm, (d) => rollShot(d, sling).harm?.harm ?? 0)
  })
})
